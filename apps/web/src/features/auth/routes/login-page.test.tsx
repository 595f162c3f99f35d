import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { login, requestLoginCode, useSocialLinks, verifyLoginCode } from '../api';
import LoginPage from './login-page';

vi.mock('../api', () => ({
  login: vi.fn(),
  requestLoginCode: vi.fn(),
  verifyLoginCode: vi.fn(),
  useSocialLinks: vi.fn(),
}));
vi.mock('../../../shared/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const socialLinks = vi.mocked(useSocialLinks);

function setSocialLinks(data: { link: string; network_name: string }[]) {
  // Only the fields the buttons read; the rest of the react-query result is irrelevant here.
  socialLinks.mockReturnValue({ data, isPending: false, isError: false } as unknown as ReturnType<
    typeof useSocialLinks
  >);
}

function renderLogin(url = '/login') {
  return renderRoute(<LoginPage />, {
    path: '/login',
    url,
    otherPaths: ['/home/active', '/order/5/chat', '/registration', '/restore'],
  });
}

const httpError = (status: number, body: unknown) => ApiError.fromResponse(status, body);

beforeEach(() => {
  vi.mocked(login).mockReset();
  vi.mocked(requestLoginCode).mockReset();
  vi.mocked(verifyLoginCode).mockReset();
  setSocialLinks([
    { network_name: 'vk', link: 'https://oauth.vk.example/authorize' },
    { network_name: 'google', link: '' },
    { network_name: 'yandex', link: 'https://oauth.yandex.example/authorize' },
  ]);
});

describe('LoginPage, password tab', () => {
  it('shows the schema messages under empty fields and does not call the server', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите e-mail')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(login).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail with the contract message', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Пароль'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(
      await screen.findByText('Введите корректный e-mail, например name@example.com'),
    ).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in with the lower-cased e-mail and goes to the safe redirect', async () => {
    vi.mocked(login).mockResolvedValue();
    const user = userEvent.setup();
    renderLogin('/login?redirect=%2Forder%2F5%2Fchat');
    await user.type(await screen.findByLabelText('E-mail'), 'Demo@Example.com');
    await user.type(screen.getByLabelText('Пароль'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('route:/order/5/chat')).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'demo12345' });
  });

  it('ignores a redirect to another site and goes Home', async () => {
    vi.mocked(login).mockResolvedValue();
    const user = userEvent.setup();
    renderLogin('/login?redirect=%2F%2Fevil.example');
    await user.type(await screen.findByLabelText('E-mail'), 'demo@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('route:/home/active')).toBeInTheDocument();
  });

  it('disables the submit button while the request is pending', async () => {
    let resolve!: () => void;
    vi.mocked(login).mockReturnValue(new Promise<void>((r) => (resolve = r)));
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText('E-mail'), 'demo@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'demo12345');
    const submit = screen.getByRole('button', { name: 'Войти' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    await user.click(submit);
    expect(login).toHaveBeenCalledTimes(1);
    resolve();
    expect(await screen.findByText('route:/home/active')).toBeInTheDocument();
  });

  it('shows the server detail in an alert and field errors on their fields', async () => {
    vi.mocked(login).mockRejectedValue(
      httpError(400, { detail: 'Неверный e-mail или пароль', errors: { password: ['Пароль устарел'] } }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText('E-mail'), 'demo@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль');
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription('Пароль устарел');
    expect(screen.queryByText(/route:/)).not.toBeInTheDocument();
  });

  it('says the server does not answer when there is no response', async () => {
    vi.mocked(login).mockRejectedValue(ApiError.noResponse());
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText('E-mail'), 'demo@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер не отвечает');
  });

  it('has a keyboard-reachable, Russian-labelled show/hide password toggle', async () => {
    const user = userEvent.setup();
    renderLogin();
    const toggle = await screen.findByRole('button', { name: 'Показать пароль' });
    expect(toggle).not.toHaveAttribute('tabindex', '-1');
    await user.click(toggle);
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Скрыть пароль' })).toBeInTheDocument();
  });
});

describe('LoginPage, code tab', () => {
  it('requests a code, then signs in with it', async () => {
    vi.mocked(requestLoginCode).mockResolvedValue();
    vi.mocked(verifyLoginCode).mockResolvedValue();
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('tab', { name: 'По коду из письма' }));
    await user.type(screen.getByLabelText('E-mail'), 'demo@example.com');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(requestLoginCode).toHaveBeenCalledWith('demo@example.com');

    const code = await screen.findByLabelText('Код из письма');
    expect(screen.getByRole('status')).toHaveTextContent('demo@example.com');
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Код — 6 цифр из письма')).toBeInTheDocument();
    expect(verifyLoginCode).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('route:/home/active')).toBeInTheDocument();
    expect(verifyLoginCode).toHaveBeenCalledWith({ email: 'demo@example.com', code: '123456' });
  });

  it('shows a wrong code as the server detail and lets the user go back to the e-mail', async () => {
    vi.mocked(requestLoginCode).mockResolvedValue();
    vi.mocked(verifyLoginCode).mockRejectedValue(
      httpError(400, { detail: 'Неверный или устаревший код. Запросите новый код' }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('tab', { name: 'По коду из письма' }));
    await user.type(screen.getByLabelText('E-mail'), 'demo@example.com');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код из письма'), '000000');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный или устаревший код');

    await user.click(screen.getByRole('button', { name: 'Изменить e-mail' }));
    expect(await screen.findByRole('button', { name: 'Получить код' })).toBeInTheDocument();
  });
});

describe('LoginPage, social sign-in', () => {
  it('links configured networks and disables the unconfigured one with a hint', async () => {
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Войти через ВКонтакте' })).toHaveAttribute(
      'href',
      'https://oauth.vk.example/authorize',
    );
    expect(screen.getByRole('link', { name: 'Войти через Яндекс' })).toHaveAttribute(
      'href',
      'https://oauth.yandex.example/authorize',
    );
    const google = screen.getByRole('button', { name: 'Войти через Google' });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription('Сейчас недоступен вход через: Google.');
  });

  it('links to registration and password restore', async () => {
    renderLogin();
    const links = within(await screen.findByRole('tabpanel'));
    expect(links.getByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/restore');
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/registration');
  });
});
