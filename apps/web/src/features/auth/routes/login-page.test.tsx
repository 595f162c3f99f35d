import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { lastAutoLoginFailure, login, requestLoginCode, useSocialLinks, verifyLoginCode } from '../api';
import type * as Api from '../api';
import LoginPage from './login-page';

vi.mock('../api', async (importOriginal) => ({
  attemptsLeft: (await importOriginal<typeof Api>()).attemptsLeft,
  login: vi.fn(),
  requestLoginCode: vi.fn(),
  verifyLoginCode: vi.fn(),
  useSocialLinks: vi.fn(),
  lastAutoLoginFailure: vi.fn(),
  forgetAutoLoginFailure: vi.fn(),
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
  sessionStorage.clear();
  vi.mocked(lastAutoLoginFailure).mockReturnValue(null);
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
  it('links the configured networks only', async () => {
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Войти через ВКонтакте' })).toHaveAttribute(
      'href',
      'https://oauth.vk.example/authorize',
    );
    expect(screen.getByRole('link', { name: 'Войти через Яндекс' })).toHaveAttribute(
      'href',
      'https://oauth.yandex.example/authorize',
    );
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
  });

  it('shows no social block at all when no network is configured', async () => {
    setSocialLinks([
      { network_name: 'vk', link: '' },
      { network_name: 'google', link: '' },
      { network_name: 'yandex', link: '' },
    ]);
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Вход в кабинет' })).toBeInTheDocument();
    expect(screen.queryByText('Или войдите через')).not.toBeInTheDocument();
    expect(screen.queryByText(/Войти через/)).not.toBeInTheDocument();
  });

  it('says in one quiet line that the networks could not be loaded', async () => {
    socialLinks.mockReturnValue({ isPending: false, isError: true } as unknown as ReturnType<
      typeof useSocialLinks
    >);
    renderLogin();
    expect(await screen.findByText(/Не удалось загрузить входы через соцсети/)).toBeInTheDocument();
    expect(screen.queryByText(/Войти через/)).not.toBeInTheDocument();
  });

  it('links to registration and password restore', async () => {
    renderLogin();
    const links = within(await screen.findByRole('tabpanel'));
    expect(links.getByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/restore');
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/registration');
  });
});

describe('LoginPage, arriving and coming back', () => {
  it('focuses the e-mail field on arrival, but not when the visitor switches tabs', async () => {
    const user = userEvent.setup();
    renderLogin();
    const email = await screen.findByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveFocus());
    const codeTab = screen.getByRole('tab', { name: 'По коду из письма' });
    await user.click(codeTab);
    expect(await screen.findByRole('button', { name: 'Получить код' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).not.toHaveFocus();
  });

  it('keeps the typed e-mail, never the password, for the way back from /429', async () => {
    vi.mocked(login).mockRejectedValue(httpError(429, { detail: 'Слишком много попыток. Попробуйте позже' }));
    const user = userEvent.setup();
    const first = renderLogin();
    await user.type(await screen.findByLabelText('E-mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(login).toHaveBeenCalled());
    first.unmount();
    expect(JSON.stringify(sessionStorage)).not.toContain('secret-pass-1');

    renderLogin();
    expect(await screen.findByLabelText('E-mail')).toHaveValue('anna@example.com');
    const password = screen.getByLabelText('Пароль');
    expect(password).toHaveValue('');
    // The e-mail is there: what is left to type is the password.
    await waitFor(() => expect(password).toHaveFocus());
  });

  it('comes back to the code tab with its e-mail', async () => {
    const user = userEvent.setup();
    const first = renderLogin();
    await user.click(await screen.findByRole('tab', { name: 'По коду из письма' }));
    await user.type(screen.getByLabelText('E-mail'), 'code@example.com');
    first.unmount();

    renderLogin();
    expect(await screen.findByRole('tab', { name: 'По коду из письма' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('E-mail')).toHaveValue('code@example.com');
  });

  it.each([
    [3, null],
    [1, 'Осталась 1 попытка'],
    [0, 'Попытки закончились'],
  ])('with %i failures left warns: %s', async (left, warning) => {
    vi.mocked(login).mockRejectedValue(
      httpError(400, { detail: 'Неверный e-mail или пароль', attempts_left: left }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText('E-mail'), 'demo@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Неверный e-mail или пароль');
    if (warning === null) {
      expect(alerts).toHaveLength(1);
    } else {
      expect(alerts[1]).toHaveTextContent(warning);
      expect(within(alerts[1]!).getByRole('link', { name: 'Восстановить пароль' })).toHaveAttribute(
        'href',
        '/restore',
      );
    }
  });

  it('warns on the last try of a code too', async () => {
    vi.mocked(requestLoginCode).mockResolvedValue();
    vi.mocked(verifyLoginCode).mockRejectedValue(
      httpError(400, {
        detail: 'Неверный или устаревший код. Запросите новый код',
        errors: { code: ['Неверный или устаревший код. Запросите новый код'] },
        attempts_left: 1,
      }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('tab', { name: 'По коду из письма' }));
    await user.type(screen.getByLabelText('E-mail'), 'demo@example.com');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    const code = await screen.findByLabelText('Код из письма');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Осталась 1 попытка');
  });

  it('wraps a long address in the «code sent» message', async () => {
    vi.mocked(requestLoginCode).mockResolvedValue();
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('tab', { name: 'По коду из письма' }));
    await user.type(screen.getByLabelText('E-mail'), `${'a'.repeat(60)}@example.com`);
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByRole('status')).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  it.each([
    ['used', 'уже использована или устарела'],
    ['failed', 'сервер не ответил'],
  ] as const)('says why an auto-login link did not sign in (%s)', async (failure, text) => {
    vi.mocked(lastAutoLoginFailure).mockReturnValue(failure);
    renderLogin();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ссылка для входа не сработала');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent(/по паролю/);
  });

  it('says nothing about a link when none was followed', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Вход в кабинет' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
