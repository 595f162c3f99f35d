import { TokensResponseSchema, authMessages, passwordMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  buildTestApp,
  latestMail,
  linkIn,
  refreshCookieOf,
  uniqueEmail,
  type TestApp,
} from './helpers';

const REGISTER = '/api/client/profile/';

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates the customer, signs them in and sends a welcome mail', async () => {
    const email = uniqueEmail('reg');
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: {
        email: `  ${email.toUpperCase()} `,
        fio: 'Иван Петров',
        // The trunk prefix 8, as most people write it: stored as every phone is, E.164 (ADR 023).
        phone: '8 999 111-22-33',
        password: PASSWORD,
        agree: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const { tokens } = TokensResponseSchema.parse(res.json());
    expect(refreshCookieOf(res)?.value).toBeTruthy();
    const profile = (
      await t.app.inject({ method: 'GET', url: REGISTER, headers: bearer(tokens.access) })
    ).json() as { email: string; fio: string; phone: string };
    expect(profile).toMatchObject({ email, fio: 'Иван Петров', phone: '+79991112233' });
    const mail = await latestMail(t.app, email);
    expect(mail.subject).toBe('Добро пожаловать в кабинет');
    expect(mail.text).not.toContain(PASSWORD);
  });

  it('generates a password when none is given and e-mails it with a one-time sign-in link', async () => {
    const email = uniqueEmail('gen');
    const res = await t.app.inject({ method: 'POST', url: REGISTER, payload: { email, agree: true } });
    expect(res.statusCode).toBe(200);
    const mail = await latestMail(t.app, email);
    const password = /Ваш пароль: (\S+)/.exec(mail.text)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(mail.html).toContain(password);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);

    const link = linkIn(mail.text, 'http://localhost:3000/?al=');
    const token = new URL(link).searchParams.get('al')!;
    const al = await t.app.inject({ method: 'POST', url: '/api/client/auth/al/', payload: { token } });
    expect(al.statusCode).toBe(200);
  });

  it('refuses a taken e-mail with a field error on email', async () => {
    const email = uniqueEmail('dup');
    await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { email, password: PASSWORD, agree: true },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { email: email.toUpperCase(), agree: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: authMessages.emailTaken,
      errors: { email: [authMessages.emailTaken] },
    });
  });

  it('lets only one of two simultaneous sign-ups with one e-mail through', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({ method: 'POST', url: REGISTER, payload: { email, password: PASSWORD, agree: true } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses bad input with Russian field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { email: 'broken', password: 'qwerty123', phone: 'abc', fio: 'x'.repeat(151), agree: false },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors.email).toEqual([authMessages.emailInvalid]);
    expect(errors.password).toEqual([passwordMessages.tooCommon]);
    expect(errors.phone?.[0]).toMatch(/телефон/);
    expect(errors.fio).toEqual([authMessages.fioTooLong]);
    expect(errors.agree).toEqual([authMessages.agreeRequired]);
  });
});
