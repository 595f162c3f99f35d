import { api } from '@cabinet/contract';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthStatus, setAuthStatus, TOKEN_KEY, TOKEN_LIFETIME_KEY } from '../../shared/auth/session';
import { queryClient } from '../../shared/query-client';
import {
  attemptsLeft,
  autoLogin,
  confirmEmail,
  forgetAutoLoginFailure,
  lastAutoLoginFailure,
  login,
  logout,
  register,
  requestLoginCode,
  requestSocialEmailProof,
  useSocialLinks,
  verifyLoginCode,
} from './api';

const fetchMock = vi.fn<typeof fetch>();
const reply = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setAuthStatus('empty');
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in calls', () => {
  it.each([
    ['login', () => login({ email: 'a@b.ru', password: 'secret123' }), api.auth.login],
    ['code', () => verifyLoginCode({ email: 'a@b.ru', code: '123456' }), api.auth.loginVerify],
    ['registration', () => register({ email: 'a@b.ru', agree: true }), api.profile.root],
    ['social e-mail link', () => confirmEmail('t'), api.auth.emailConfirm],
  ])('%s stores the tokens and sets status success', async (_name, call, path) => {
    fetchMock.mockImplementation(() => reply(200, { tokens: { access: 'ACC', expires_in: 300 } }));
    await call();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(path);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('ACC');
    expect(localStorage.getItem(TOKEN_LIFETIME_KEY)).toBe('300');
    expect(getAuthStatus()).toBe('success');
  });

  it('a failed login ends the session: status error, stored token cleared', async () => {
    localStorage.setItem(TOKEN_KEY, 'OLD');
    fetchMock.mockImplementation(() => reply(400, { detail: 'Неверный e-mail или пароль' }));
    await expect(login({ email: 'a@b.ru', password: 'x' })).rejects.toMatchObject({
      detail: 'Неверный e-mail или пароль',
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getAuthStatus()).toBe('error');
  });

  it('a sign-in forgets the e-mail kept for the tab; a failure keeps it', async () => {
    sessionStorage.setItem('sign_in_draft', JSON.stringify({ email: 'a@b.ru', method: 'code' }));
    fetchMock.mockImplementationOnce(() =>
      reply(400, { detail: 'Неверный e-mail или пароль', attempts_left: 2 }),
    );
    const refused = await login({ email: 'a@b.ru', password: 'x' }).catch((e: unknown) => e);
    expect(attemptsLeft(refused)).toBe(2);
    expect(sessionStorage.getItem('sign_in_draft')).not.toBeNull();
    fetchMock.mockImplementationOnce(() => reply(200, { tokens: { access: 'ACC', expires_in: 300 } }));
    await login({ email: 'a@b.ru', password: 'y' });
    expect(sessionStorage.getItem('sign_in_draft')).toBeNull();
  });

  it.each([
    [400, 'used'],
    [503, 'failed'],
    [429, null],
  ] as const)('an auto-login link answered %i is remembered for /login as %j', async (status, failure) => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    fetchMock.mockImplementation(() =>
      reply(status, { detail: 'Ссылка для входа недействительна или устарела' }),
    );
    await expect(autoLogin('spent')).rejects.toMatchObject({ status });
    expect(lastAutoLoginFailure()).toBe(failure);
    forgetAutoLoginFailure();
    expect(lastAutoLoginFailure()).toBeNull();
    fetchMock.mockImplementation(() => reply(200, { tokens: { access: 'ACC', expires_in: 300 } }));
    await autoLogin('fresh');
    expect(lastAutoLoginFailure()).toBeNull();
  });

  it('a registration confirmation answers its message and leaves the session alone', async () => {
    fetchMock.mockImplementation(() => reply(200, { detail: 'Готово: e-mail подтверждён' }));
    await expect(confirmEmail('tok')).resolves.toBe('Готово: e-mail подтверждён');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"token":"tok"}');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getAuthStatus()).toBe('empty');
  });

  it('the social e-mail step only asks for a link: no session yet', async () => {
    fetchMock.mockImplementation(() => reply(200, { detail: 'Мы отправили письмо' }));
    await requestSocialEmailProof({ token: 't', email: 'a@b.ru' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(api.auth.socialProfile);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getAuthStatus()).toBe('empty');
  });

  it('asking for a code sends the e-mail alone and leaves the session alone', async () => {
    fetchMock.mockImplementation(() => reply(200, { detail: 'ok', code_sent: true }));
    await requestLoginCode('a@b.ru');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"email":"a@b.ru"}');
    expect(getAuthStatus()).toBe('empty');
  });
});

describe('logout', () => {
  it('calls the server and ends the session, dropping the cached data of the customer', async () => {
    localStorage.setItem(TOKEN_KEY, 'ACC');
    queryClient.setQueryData(['profile'], { fio: 'Анна' });
    fetchMock.mockImplementation(() => reply(200, { detail: 'ok' }));
    await logout();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(api.auth.logout);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getAuthStatus()).toBe('error');
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });

  it('still clears the local token when the server call fails, and reports the failure', async () => {
    localStorage.setItem(TOKEN_KEY, 'ACC');
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(logout()).rejects.toThrow('Сервер не отвечает');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('useSocialLinks', () => {
  const links = [
    { network_name: 'vk', link: 'https://oauth.vk.example/authorize' },
    { network_name: 'google', link: '' },
    { network_name: 'yandex', link: '' },
  ];

  it('fetches the links once per page, shows them pending, then loaded; a failure is retried on the next visit', async () => {
    fetchMock.mockImplementationOnce(() => reply(503, { detail: 'Сервис недоступен' }));
    const first = renderHook(() => useSocialLinks());
    expect(first.result.current).toMatchObject({ isPending: true, isError: false });
    await waitFor(() => expect(first.result.current.isError).toBe(true));
    first.unmount();

    fetchMock.mockImplementation(() => reply(200, links));
    const second = renderHook(() => useSocialLinks());
    await waitFor(() => expect(second.result.current.data?.[0]?.link).toBe(links[0]?.link));
    expect(second.result.current).toMatchObject({ isPending: false, isError: false });
    second.unmount();

    const third = renderHook(() => useSocialLinks());
    expect(third.result.current.data).toHaveLength(3);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      api.auth.socialLinks,
      api.auth.socialLinks,
    ]);
    third.unmount();
  });
});
