import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { register } from '../api';
import RegistrationPage from './registration-page';

vi.mock('../api', () => ({ register: vi.fn() }));

function renderRegistration(url = '/registration') {
  return renderRoute(<RegistrationPage />, {
    path: '/registration',
    url,
    otherPaths: ['/home/active', '/order-new', '/documents/user-agreement'],
  });
}

beforeEach(() => {
  vi.mocked(register).mockReset();
});

describe('RegistrationPage', () => {
  it('requires the e-mail and the agreement', async () => {
    const user = userEvent.setup();
    renderRegistration();
    await user.click(await screen.findByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Введите e-mail')).toBeInTheDocument();
    expect(
      screen.getByText('Нужно согласие с пользовательским соглашением и политикой конфиденциальности'),
    ).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers with only the e-mail, leaving out the empty optional fields', async () => {
    vi.mocked(register).mockResolvedValue();
    const user = userEvent.setup();
    renderRegistration('/registration?redirect=%2Forder-new');
    await user.type(await screen.findByLabelText(/E-mail/), 'new@example.com');
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('route:/order-new')).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith({
      email: 'new@example.com',
      fio: undefined,
      phone: undefined,
      password: undefined,
      agree: true,
      newsletter: false,
    });
  });

  it.each([
    ['', 'Пароль для входа мы отправили вам на почту'],
    ['Zelenyi-Kit-2026', 'письмо со ссылкой: откройте её, чтобы подтвердить e-mail'],
  ])('says where the customer lands what was e-mailed (password %j)', async (password, said) => {
    vi.mocked(register).mockResolvedValue();
    const user = userEvent.setup();
    const { router } = renderRegistration('/registration?redirect=%2Forder-new%3Fa%3D1');
    await user.type(await screen.findByLabelText(/E-mail/), 'new@example.com');
    if (password) await user.type(screen.getByLabelText('Пароль'), password);
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('route:/order-new')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('a')).toBe('1');
    // The info modal of spec §2 shows `msg`; the address itself stays out of the URL.
    expect(params.get('msg')).toContain(said);
    expect(router.state.location.search).not.toContain('new%40example.com');
  });

  it('masks the phone and sends name, phone and password when given', async () => {
    vi.mocked(register).mockResolvedValue();
    const user = userEvent.setup();
    renderRegistration();
    await user.type(await screen.findByLabelText(/E-mail/), 'anna@example.com');
    await user.type(screen.getByLabelText('Имя и фамилия'), 'Анна Смирнова');
    const phone = screen.getByLabelText('Телефон');
    await user.type(phone, '9991234567');
    expect(phone).toHaveValue('+7 (999) 123-45-67');
    await user.type(screen.getByLabelText('Пароль'), 'Lilac-Meadow-42');
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith({
        email: 'anna@example.com',
        fio: 'Анна Смирнова',
        phone: '+7 (999) 123-45-67',
        password: 'Lilac-Meadow-42',
        agree: true,
        newsletter: false,
      }),
    );
  });

  it('rejects an incomplete phone and a short password with the contract messages', async () => {
    const user = userEvent.setup();
    renderRegistration();
    await user.type(await screen.findByLabelText(/E-mail/), 'anna@example.com');
    await user.type(screen.getByLabelText('Телефон'), '999');
    await user.type(screen.getByLabelText('Пароль'), 'short');
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Введите телефон в формате +7 999 123-45-67')).toBeInTheDocument();
    expect(screen.getByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('puts the server field error on the e-mail field', async () => {
    vi.mocked(register).mockRejectedValue(
      ApiError.fromResponse(400, {
        errors: { email: ['Пользователь с таким e-mail уже зарегистрирован'] },
      }),
    );
    const user = userEvent.setup();
    renderRegistration();
    const email = await screen.findByLabelText(/E-mail/);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Пользователь с таким e-mail уже зарегистрирован'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('disables the submit button while registering', async () => {
    vi.mocked(register).mockReturnValue(new Promise<void>(() => {}));
    const user = userEvent.setup();
    renderRegistration();
    await user.type(await screen.findByLabelText(/E-mail/), 'new@example.com');
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    const submit = screen.getByRole('button', { name: 'Зарегистрироваться' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('offers the newsletter unticked, and subscribes only when it is ticked', async () => {
    vi.mocked(register).mockResolvedValue();
    const user = userEvent.setup();
    renderRegistration();
    const newsletter = await screen.findByRole('checkbox', { name: 'Получать письма с акциями и советами' });
    expect(newsletter).not.toBeChecked();
    await user.type(screen.getByLabelText(/E-mail/), 'news@example.com');
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    await user.click(newsletter);
    expect(newsletter).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith(
        expect.objectContaining({ email: 'news@example.com', newsletter: true }),
      ),
    );
  });

  it('links the agreement to the three public documents', async () => {
    renderRegistration();
    expect(await screen.findByRole('link', { name: 'пользовательское соглашение' })).toHaveAttribute(
      'href',
      '/documents/user-agreement',
    );
    expect(screen.getByRole('link', { name: 'договор оказания услуг' })).toHaveAttribute(
      'href',
      '/documents/service-contract',
    );
    expect(screen.getByRole('link', { name: 'политике конфиденциальности' })).toHaveAttribute(
      'href',
      '/documents/privacy-policy',
    );
  });
});

describe('RegistrationPage through a friend’s link', () => {
  beforeEach(() => sessionStorage.clear());

  it('sends the ?invite= code, kept when the page is opened again without it', async () => {
    vi.mocked(register).mockResolvedValue();
    const first = renderRegistration('/registration?invite=abcd-2345');
    first.unmount();
    // The visitor went to /login and came back: no parameter now.
    const user = userEvent.setup();
    renderRegistration('/registration');
    await user.type(await screen.findByLabelText(/E-mail/), 'friend@example.com');
    await user.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(register).toHaveBeenCalled());
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'friend@example.com', invite: 'ABCD2345' }),
    );
    // Registered: the code is forgotten.
    expect(sessionStorage.getItem('cabinet_referral_invite')).toBeNull();
  });
});
