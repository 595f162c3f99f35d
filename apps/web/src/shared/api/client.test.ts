import { api } from '@cabinet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthStatus, setAuthStatus, storeTokens, TOKEN_KEY, TOKEN_LIFETIME_KEY } from '../auth/session';
import { setNavigator } from '../navigation';
import { acceptTokens, apiFetch, extractTokens } from './client';
import { ApiError } from './errors';

type Reply = { status?: number; body?: unknown };

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();
const here = { pathname: '/', search: '' };
const goTo = (pathname: string, search = '') => Object.assign(here, { pathname, search });

function json({ status = 200, body }: Reply): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Answers by path; each path's replies are used in order, the last one repeats. */
function serve(routes: Record<string, Reply[]>) {
  const used: Record<string, number> = {};
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    const replies = routes[path];
    if (!replies) throw new Error(`unexpected call ${path}`);
    const index = Math.min(used[path] ?? 0, replies.length - 1);
    used[path] = (used[path] ?? 0) + 1;
    return json(replies[index] ?? {});
  });
}

const callsTo = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input) === path);
const authHeader = (call: Parameters<typeof fetch>) =>
  (call[1]?.headers as Record<string, string> | undefined)?.Authorization;

const ORDERS = '/api/client/orders/';

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNavigator({ navigate, location: () => here });
  setAuthStatus('success');
  goTo('/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiFetch: requests', () => {
  it('sends credentials always and the bearer header when a token exists', async () => {
    localStorage.setItem(TOKEN_KEY, 'A');
    serve({ [ORDERS]: [{ body: { ok: 1 } }] });
    await expect(apiFetch(ORDERS, { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer A', 'Content-Type': 'application/json' });
  });

  it('sends the extra headers it is given, and again on the retry after a refresh', async () => {
    localStorage.setItem(TOKEN_KEY, 'A');
    serve({
      [ORDERS]: [{ status: 401, body: { detail: 'not authorized' } }, { body: { ok: 1 } }],
      [api.auth.refresh]: [{ body: { access: 'B', expires_in: 300 } }],
    });
    await apiFetch(ORDERS, { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-1' } });
    const keys = callsTo(ORDERS).map(
      ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toEqual(['k-1', 'k-1']);
    expect(authHeader(callsTo(ORDERS)[1]!)).toBe('Bearer B');
  });

  it('sends no bearer header without a token or for a visitor call', async () => {
    serve({ [ORDERS]: [{ body: {} }] });
    await apiFetch(ORDERS);
    localStorage.setItem(TOKEN_KEY, 'A');
    await apiFetch(ORDERS, { auth: false });
    expect(fetchMock.mock.calls.map(authHeader)).toEqual([undefined, undefined]);
  });
});

describe('apiFetch: 401 → refresh → retry once (spec §7)', () => {
  it('refreshes and retries with the new token', async () => {
    localStorage.setItem(TOKEN_KEY, 'A');
    serve({
      [ORDERS]: [{ status: 401, body: { detail: 'not authorized' } }, { body: { results: [] } }],
      [api.auth.refresh]: [{ body: { access: 'B', expires_in: 120 } }],
    });
    await expect(apiFetch(ORDERS)).resolves.toEqual({ results: [] });
    expect(callsTo(api.auth.refresh)).toHaveLength(1);
    expect(callsTo(api.auth.refresh)[0]?.[1]?.credentials).toBe('include');
    expect(callsTo(ORDERS).map(authHeader)).toEqual(['Bearer A', 'Bearer B']);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('B');
    expect(localStorage.getItem(TOKEN_LIFETIME_KEY)).toBe('120');
  });

  it('retries only once: a second 401 is returned as an error', async () => {
    localStorage.setItem(TOKEN_KEY, 'A');
    serve({
      [ORDERS]: [{ status: 401, body: { detail: 'nope' } }],
      [api.auth.refresh]: [{ body: { access: 'B', expires_in: 300 } }],
    });
    await expect(apiFetch(ORDERS)).rejects.toMatchObject({ status: 401, detail: 'nope' });
    expect(callsTo(ORDERS)).toHaveLength(2);
    expect(callsTo(api.auth.refresh)).toHaveLength(1);
  });

  it.each([api.auth.login, api.auth.loginVerify])('does not refresh on a 401 from %s', async (path) => {
    serve({ [path]: [{ status: 401, body: { detail: 'Неверный e-mail или пароль' } }] });
    await expect(apiFetch(path, { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Неверный e-mail или пароль',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('single-flight: two concurrent 401s make one refresh and both are retried', async () => {
    localStorage.setItem(TOKEN_KEY, 'A');
    const first = '/api/client/orders/1/';
    const second = '/api/client/orders/2/';
    serve({
      [first]: [{ status: 401 }, { body: { id: 1 } }],
      [second]: [{ status: 401 }, { body: { id: 2 } }],
      [api.auth.refresh]: [{ body: { tokens: { access: 'B', expires_in: 300 } } }],
    });
    await expect(Promise.all([apiFetch(first), apiFetch(second)])).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    expect(callsTo(api.auth.refresh)).toHaveLength(1);
    expect(authHeader(callsTo(first)[1]!)).toBe('Bearer B');
    expect(authHeader(callsTo(second)[1]!)).toBe('Bearer B');
  });

  it('uses the token another tab stored instead of refreshing again', async () => {
    localStorage.setItem(TOKEN_KEY, 'A');
    fetchMock.mockImplementation(async (input, init) => {
      const auth = (init?.headers as Record<string, string>).Authorization;
      if (String(input) === ORDERS && auth === 'Bearer A') {
        localStorage.setItem(TOKEN_KEY, 'C'); // the other tab refreshed while this call was in flight
        return json({ status: 401 });
      }
      if (String(input) === ORDERS) return json({ body: { via: auth } });
      throw new Error(`unexpected call ${String(input)}`);
    });
    await expect(apiFetch(ORDERS)).resolves.toEqual({ via: 'Bearer C' });
    expect(callsTo(api.auth.refresh)).toHaveLength(0);
  });

  it('holds the cross-tab Web Lock while refreshing when the browser has one', async () => {
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => task());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      localStorage.setItem(TOKEN_KEY, 'A');
      serve({
        [ORDERS]: [{ status: 401 }, { body: {} }],
        [api.auth.refresh]: [{ body: { access: 'B', expires_in: 300 } }],
      });
      await apiFetch(ORDERS);
      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.calls[0]?.[0]).toBe('auth-refresh');
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});

describe('apiFetch: refresh failure → logout (spec §8)', () => {
  it.each([
    ['401', { status: 401, body: { detail: 'not authorized' } }],
    ['400', { status: 400, body: { detail: 'bad' } }],
    ['the message not authorized', { status: 403, body: { detail: 'not authorized' } }],
  ])(
    'refresh failing with %s ends the session and goes to /login with the way back',
    async (_name, reply) => {
      goTo('/order/5/chat', '?x=1&al=tok');
      localStorage.setItem(TOKEN_KEY, 'A');
      serve({ [ORDERS]: [{ status: 401 }], [api.auth.refresh]: [reply] });

      await expect(apiFetch(ORDERS)).rejects.toBeInstanceOf(ApiError);
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(getAuthStatus()).toBe('error');
      expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/order/5/chat?x=1')}`);
    },
  );

  it('carries an existing redirect query unchanged', async () => {
    goTo('/profile', '?redirect=%2Fbonus&al=1');
    localStorage.setItem(TOKEN_KEY, 'A');
    serve({ [ORDERS]: [{ status: 401 }], [api.auth.refresh]: [{ status: 401 }] });
    await expect(apiFetch(ORDERS)).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fbonus&al=1');
  });

  it('keeps the session when the refresh fails for another reason', async () => {
    localStorage.setItem(TOKEN_KEY, 'A');
    serve({ [ORDERS]: [{ status: 401 }], [api.auth.refresh]: [{ status: 502, body: { detail: 'Шлюз' } }] });
    await expect(apiFetch(ORDERS)).rejects.toMatchObject({ status: 502 });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('A');
    expect(getAuthStatus()).toBe('success');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a refresh answer without an access token fails with 'Access token should be defined'", async () => {
    localStorage.setItem(TOKEN_KEY, 'A');
    serve({ [ORDERS]: [{ status: 401 }], [api.auth.refresh]: [{ body: { expires_in: 300 } }] });
    await expect(apiFetch(ORDERS)).rejects.toThrow('Access token should be defined');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('apiFetch: errors (spec §8)', () => {
  it('429 sends the user to /429', async () => {
    serve({ [ORDERS]: [{ status: 429, body: { detail: 'Слишком много попыток' } }] });
    await expect(apiFetch(ORDERS)).rejects.toMatchObject({ status: 429, message: 'Слишком много попыток' });
    expect(navigate).toHaveBeenCalledWith('/429');
  });

  it('429 stays on the screen when the call says the screen answers it', async () => {
    serve({ [ORDERS]: [{ status: 429, body: { detail: 'Новый код можно запросить через минуту' } }] });
    await expect(apiFetch(ORDERS, { handlesTooManyRequests: true })).rejects.toMatchObject({
      status: 429,
      message: 'Новый код можно запросить через минуту',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("no answer is 'Сервер не отвечает' with status 0", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiFetch(ORDERS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'Сервер не отвечает', kind: 'no-response' });
  });

  it("a cancelled request is 'Запрос отменён: {reason}'", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation((_input, init) => {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const pending = apiFetch(ORDERS, { signal: controller.signal });
    controller.abort('новый запрос списка');
    await expect(pending).rejects.toMatchObject({
      message: 'Запрос отменён: новый запрос списка',
      kind: 'cancelled',
    });
  });

  it('maps {detail, errors} and the top-level social token error into fieldErrors', async () => {
    serve({
      [ORDERS]: [{ status: 400, body: { detail: 'Проверьте поля', errors: { email: ['Занят'] } } }],
      [api.auth.socialProfile]: [{ status: 400, body: { token: ['Срок истёк'] } }],
    });
    await expect(apiFetch(ORDERS)).rejects.toMatchObject({
      detail: 'Проверьте поля',
      fieldErrors: { email: ['Занят'] },
    });
    const social = await apiFetch(api.auth.socialProfile, { method: 'POST', auth: false }).catch(
      (e: unknown) => e,
    );
    expect(social).toMatchObject({ detail: undefined, fieldErrors: { token: ['Срок истёк'] }, status: 400 });
  });
});

describe('tokens', () => {
  it('accepts both shapes of spec §3', () => {
    expect(extractTokens({ tokens: { access: 'X', expires_in: 60 } })).toEqual({
      access: 'X',
      expires_in: 60,
    });
    expect(extractTokens({ access: 'Y', expires_in: 90 })).toEqual({ access: 'Y', expires_in: 90 });
    expect(extractTokens({ access: 'Z' })).toEqual({ access: 'Z', expires_in: 300 });
    expect(() => extractTokens({ tokens: {} })).toThrow('Access token should be defined');
  });

  it('acceptTokens stores the token and its lifetime and sets status success', () => {
    setAuthStatus('loading');
    acceptTokens({ tokens: { access: 'T', expires_in: 200 } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('T');
    expect(localStorage.getItem(TOKEN_LIFETIME_KEY)).toBe('200');
    expect(getAuthStatus()).toBe('success');
  });

  it('refreshes by itself at 80 % of the lifetime', async () => {
    vi.useFakeTimers();
    serve({ [api.auth.refresh]: [{ body: { access: 'NEW', expires_in: 100 } }] });
    storeTokens({ access: 'OLD', expires_in: 100 });

    await vi.advanceTimersByTimeAsync(79_999);
    expect(callsTo(api.auth.refresh)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsTo(api.auth.refresh)).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('NEW');

    // The new token plans the next refresh in turn.
    await vi.advanceTimersByTimeAsync(80_000);
    expect(callsTo(api.auth.refresh)).toHaveLength(2);
  });
});
