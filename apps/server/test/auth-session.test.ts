import { RefreshResponseSchema, authMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, refreshCookieOf, registerCustomer, type TestApp } from './helpers';

const REFRESH = '/api/client/auth/token/refresh/';
const LOGOUT = '/api/client/auth/logout/';

describe('refresh-token rotation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ REFRESH_GRACE_SECONDS: '10' });
  });
  afterAll(() => t.close());

  const refresh = (token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: REFRESH,
      headers,
      ...(token === undefined ? {} : { cookies: { refresh_token: token } }),
    });

  /** Pretends the token was rotated this many seconds ago. */
  const ageRotation = async (seconds: number) =>
    t.app.database.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - seconds * 1000).toISOString() })
      .where('rotated_at', 'is not', null)
      .execute();

  it('answers tokens at the top level and rotates the cookie', async () => {
    const c = await registerCustomer(t.app);
    const res = await refresh(c.refresh);
    expect(res.statusCode).toBe(200);
    const body = RefreshResponseSchema.parse(res.json());
    expect(body.expires_in).toBe(300);
    const next = refreshCookieOf(res);
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(c.refresh);
    expect(next).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/client/auth/' });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/client/profile/',
      headers: bearer(body.access),
    });
    expect(profile.statusCode).toBe(200);

    // The successor works in turn.
    const third = await refresh(next!.value);
    expect(third.statusCode).toBe(200);
  });

  it('stores only hashes and never the successor in the clear', async () => {
    const c = await registerCustomer(t.app);
    const res = await refresh(c.refresh);
    const successor = refreshCookieOf(res)!.value;
    const rows = await t.app.database.db.selectFrom('refresh_tokens').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(c.refresh);
    expect(dump).not.toContain(successor);
  });

  it('gives the same successor to a second tab within the grace window', async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = await Promise.all([refresh(c.refresh), refresh(c.refresh)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(refreshCookieOf(a)!.value).toBe(refreshCookieOf(b)!.value);

    await ageRotation(5);
    const late = await refresh(c.refresh);
    expect(late.statusCode).toBe(200);
    expect(refreshCookieOf(late)!.value).toBe(refreshCookieOf(a)!.value);
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const c = await registerCustomer(t.app);
    const first = await refresh(c.refresh);
    const successor = refreshCookieOf(first)!.value;
    await ageRotation(11);

    const replay = await refresh(c.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: authMessages.notAuthorized });
    const cleared = refreshCookieOf(replay);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/client/auth/');

    // The legitimate holder's successor is dead too: the thief and the owner both sign in again.
    const owner = await refresh(successor);
    expect(owner.statusCode).toBe(401);
  });

  it('leaves other families alone when one is revoked', async () => {
    const c = await registerCustomer(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: c.email, password: c.password },
    });
    const otherDevice = refreshCookieOf(login)!.value;
    await refresh(c.refresh);
    await ageRotation(11);
    expect((await refresh(c.refresh)).statusCode).toBe(401);
    expect((await refresh(otherDevice)).statusCode).toBe(200);
  });

  it('keeps the family’s absolute lifetime through rotations', async () => {
    const c = await registerCustomer(t.app);
    const before = await t.app.database.db
      .selectFrom('refresh_tokens')
      .select('expires_at')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rotated = await refresh(c.refresh);
    const after = await t.app.database.db
      .selectFrom('refresh_tokens')
      .select('expires_at')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(after.expires_at).toBe(before.expires_at);

    const successor = refreshCookieOf(rotated)!.value;
    await t.app.database.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('expires_at', '=', before.expires_at)
      .execute();
    const res = await refresh(successor);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: authMessages.notAuthorized });
    expect(refreshCookieOf(res)?.value).toBe('');
  });

  it('answers 401 and clears the cookie without a cookie or with garbage', async () => {
    for (const res of [await refresh(), await refresh('garbage')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: authMessages.notAuthorized });
      expect(refreshCookieOf(res)?.value).toBe('');
    }
  });

  it('refuses cross-site refreshes with 403 and keeps the token usable', async () => {
    const c = await registerCustomer(t.app);
    const crossSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await refresh(c.refresh, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: authMessages.crossSite });
    }
    const same = await refresh(c.refresh, {
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:3000',
    });
    expect(same.statusCode).toBe(200);
  });

  it('accepts the request’s own origin when it differs from PUBLIC_URL (a second host name)', async () => {
    const c = await registerCustomer(t.app);
    const res = await refresh(c.refresh, { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' });
    expect(res.statusCode).toBe(200);
  });
});

describe('logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('revokes the family, clears the cookie and answers 200', async () => {
    const c = await registerCustomer(t.app);
    const rotated = await t.app.inject({
      method: 'POST',
      url: REFRESH,
      cookies: { refresh_token: c.refresh },
    });
    const current = refreshCookieOf(rotated)!.value;
    const res = await t.app.inject({ method: 'POST', url: LOGOUT, cookies: { refresh_token: current } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: authMessages.loggedOut });
    expect(refreshCookieOf(res)?.value).toBe('');
    const after = await t.app.inject({ method: 'POST', url: REFRESH, cookies: { refresh_token: current } });
    expect(after.statusCode).toBe(401);
  });

  it('answers 200 without a cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOGOUT });
    expect(res.statusCode).toBe(200);
  });

  it('refuses cross-site logouts (a link on another site cannot sign you out)', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      cookies: { refresh_token: c.refresh },
    });
    expect(res.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'POST', url: REFRESH, cookies: { refresh_token: c.refresh } });
    expect(still.statusCode).toBe(200);
  });
});

describe('cookies in production', () => {
  it('are Secure', async () => {
    const t = await buildTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'https://cabinet.example',
    });
    try {
      const c = await t.app.inject({
        method: 'POST',
        url: '/api/client/profile/',
        payload: { email: 'prod@example.com', password: 'Zelenyi-Kit-2026', agree: true },
      });
      expect(refreshCookieOf(c)?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
