import { TokensResponseSchema, authMessages, passwordMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  buildTestApp,
  latestMail,
  linkIn,
  mailCount,
  refreshCookieOf,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';

const RESTORE = '/api/client/auth/password_change/';
const LOGIN = '/api/client/auth/login/';
const NEW_PASSWORD = 'Novyi-Parol-Lipa-7';

describe('password restore', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function restoreLinkId(email: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: RESTORE, payload: { email } });
    expect(res.statusCode).toBe(200);
    const link = linkIn((await latestMail(t.app, email)).text, 'http://localhost:3000/change-password/');
    const id = /\/change-password\/([^/]+)\/$/.exec(link)?.[1];
    if (!id) throw new Error(`bad link ${link}`);
    return id;
  }

  it('e-mails a link whose id sets a new password once and signs out every session', async () => {
    const c = await registerCustomer(t.app);
    const id = await restoreLinkId(c.email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${RESTORE}${id}/`,
      payload: { password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: authMessages.passwordChanged });

    const old = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: c.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(400);
    const fresh = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: c.email, password: NEW_PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/token/refresh/',
      cookies: { refresh_token: c.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    const reuse = await t.app.inject({
      method: 'PATCH',
      url: `${RESTORE}${id}/`,
      payload: { password: 'Eshe-Odin-Parol-9' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ detail: authMessages.linkInvalid });
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const c = await registerCustomer(t.app);
    const known = await t.app.inject({ method: 'POST', url: RESTORE, payload: { email: c.email } });
    const email = uniqueEmail('nobody');
    const unknown = await t.app.inject({ method: 'POST', url: RESTORE, payload: { email } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ detail: authMessages.restoreSent });
    expect(known.json()).toEqual(unknown.json());
    expect(await mailCount(t.app, email)).toBe(0);
  });

  it('refuses an expired or unknown link', async () => {
    const c = await registerCustomer(t.app);
    const id = await restoreLinkId(c.email);
    await t.app.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'password_reset')
      .execute();
    for (const url of [`${RESTORE}${id}/`, `${RESTORE}no-such-link/`]) {
      const res = await t.app.inject({ method: 'PATCH', url, payload: { password: NEW_PASSWORD } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: authMessages.linkInvalid });
    }
  });

  it('refuses weak passwords with Russian field errors and keeps the link', async () => {
    const c = await registerCustomer(t.app);
    const id = await restoreLinkId(c.email);
    for (const [password, message] of [
      ['short', passwordMessages.tooShort],
      ['qwerty123', passwordMessages.tooCommon],
      ['x'.repeat(129), passwordMessages.tooLong],
    ] as const) {
      const res = await t.app.inject({ method: 'PATCH', url: `${RESTORE}${id}/`, payload: { password } });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors.password).toEqual([message]);
    }
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `${RESTORE}${id}/`,
      payload: { password: NEW_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('auto-login links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const al = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/client/auth/al/', payload: { token } });

  it('signs in once with a token from createAutoLoginToken', async () => {
    const c = await registerCustomer(t.app);
    const user = await t.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', c.email)
      .executeTakeFirstOrThrow();
    const token = await t.app.authService.createAutoLoginToken(user.id);
    const res = await al(token);
    expect(res.statusCode).toBe(200);
    TokensResponseSchema.parse(res.json());
    expect(refreshCookieOf(res)?.value).toBeTruthy();

    const again = await al(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: authMessages.tokenInvalid });
  });

  it('refuses an expired or unknown token', async () => {
    const c = await registerCustomer(t.app);
    const user = await t.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', c.email)
      .executeTakeFirstOrThrow();
    const token = await t.app.authService.createAutoLoginToken(user.id);
    await t.app.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'auto_login')
      .execute();
    expect((await al(token)).json()).toEqual({ detail: authMessages.tokenInvalid });
    expect((await al('nope')).statusCode).toBe(400);
  });

  it('does not accept other kinds of one-time tokens', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: RESTORE, payload: { email: c.email } });
    const link = linkIn((await latestMail(t.app, c.email)).text, 'http://localhost:3000/change-password/');
    const id = link.split('/').at(-2)!;
    expect((await al(id)).statusCode).toBe(400);
  });
});
