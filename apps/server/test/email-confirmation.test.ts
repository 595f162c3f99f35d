import { EmailConfirmResponseSchema, authMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../src/db/seed';
import { confirmEmail, confirmTokenIn, userRow } from './email-links';
import {
  buildTestApp,
  latestMail,
  linkIn,
  refreshCookieOf,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';

describe('e-mail confirmation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const confirmedAt = async (email: string) => (await userRow(t, email)).email_confirmed_at;

  it('registration leaves the address unproved and e-mails a link that proves it, once', async () => {
    const c = await registerCustomer(t.app);
    expect(await confirmedAt(c.email)).toBeNull();
    const token = await confirmTokenIn(t, c.email);

    const res = await confirmEmail(t, token);
    expect(res.statusCode).toBe(200);
    expect(EmailConfirmResponseSchema.parse(res.json())).toEqual({ detail: authMessages.emailConfirmed });
    // Confirming is not signing in: a forwarded mail must not open the cabinet.
    expect(refreshCookieOf(res)).toBeUndefined();
    expect(await confirmedAt(c.email)).not.toBeNull();

    const again = await confirmEmail(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: authMessages.linkInvalid });
  });

  it('refuses an unknown or expired link, and one for an address the account no longer has', async () => {
    expect((await confirmEmail(t, 'no-such-token')).json()).toEqual({ detail: authMessages.linkInvalid });

    const expired = await registerCustomer(t.app);
    const expiredToken = await confirmTokenIn(t, expired.email);
    await t.app.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'email_confirm')
      .execute();
    expect((await confirmEmail(t, expiredToken)).statusCode).toBe(400);
    expect(await confirmedAt(expired.email)).toBeNull();

    const moved = await registerCustomer(t.app);
    const movedToken = await confirmTokenIn(t, moved.email);
    const next = uniqueEmail('moved');
    await t.app.database.db
      .updateTable('users')
      .set({ email: next })
      .where('email', '=', moved.email)
      .execute();
    expect((await confirmEmail(t, movedToken)).statusCode).toBe(400);
    expect(await confirmedAt(next)).toBeNull();
  });

  it('counts a sign-in by an e-mailed code as proof', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/api/client/auth/login/', payload: { email: c.email } });
    const code = /Ваш код для входа: (\d{6})/.exec((await latestMail(t.app, c.email)).text)?.[1];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/verify/',
      payload: { email: c.email, code },
    });
    expect(res.statusCode).toBe(200);
    expect(await confirmedAt(c.email)).not.toBeNull();
  });

  it('counts a password set from the e-mailed restore link as proof', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/password_change/',
      payload: { email: c.email },
    });
    const link = linkIn((await latestMail(t.app, c.email)).text, 'http://localhost:3000/change-password/');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/auth/password_change/${link.split('/').at(-2)}/`,
      payload: { password: 'Novyi-Parol-Lipa-7' },
    });
    expect(res.statusCode).toBe(200);
    expect(await confirmedAt(c.email)).not.toBeNull();
  });

  it('counts the e-mailed sign-in link of a generated password as proof, not a social callback’s', async () => {
    const email = uniqueEmail('gen');
    await t.app.inject({ method: 'POST', url: '/api/client/profile/', payload: { email, agree: true } });
    const link = linkIn((await latestMail(t.app, email)).text, 'http://localhost:3000/?al=');
    const al = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/client/auth/al/', payload: { token } });

    // The social callback's link is made for whoever holds the network account: it proves nothing.
    const { id } = await userRow(t, email);
    expect((await al(await t.app.authService.createAutoLoginToken(id))).statusCode).toBe(200);
    expect(await confirmedAt(email)).toBeNull();

    expect((await al(new URL(link).searchParams.get('al')!)).statusCode).toBe(200);
    expect(await confirmedAt(email)).not.toBeNull();
  });
});

describe('the demo customer', () => {
  it('is seeded with a confirmed address', async () => {
    const t = await buildTestApp({ SEED_DEMO: '1' });
    try {
      expect((await userRow(t, DEMO_EMAIL)).email_confirmed_at).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
