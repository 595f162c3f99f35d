import { TokensResponseSchema, authMessages } from '@cabinet/contract';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  buildTestApp,
  latestMail,
  mailCount,
  refreshCookieOf,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';

const LOGIN = '/api/client/auth/login/';
const VERIFY = '/api/client/auth/login/verify/';

function codeFrom(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m?.[1]) throw new Error(`no code in ${text}`);
  return m[1];
}

describe('password login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('signs in with tokens in the body and the refresh token in an httpOnly Lax cookie', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: c.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = TokensResponseSchema.parse(res.json());
    expect(body.tokens.expires_in).toBe(300);
    const { payload } = await jwtVerify(body.tokens.access, new TextEncoder().encode(t.config.JWT_SECRET));
    expect(Number(payload.sub)).toBeGreaterThan(0);
    expect(payload.exp! - payload.iat!).toBe(300);

    const cookie = refreshCookieOf(res);
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/client/auth/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBeGreaterThan(30 * 24 * 3600 - 5);
    expect(cookie?.maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const c = await registerCustomer(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: c.email, password: 'not-it-1234' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: uniqueEmail('nobody'), password: 'not-it-1234' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: authMessages.badCredentials, attempts_left: 4 });
    expect(unknown.json()).toEqual(wrong.json());
    expect(refreshCookieOf(wrong)).toBeUndefined();
  });

  it('spends about as long on an unknown e-mail as on a wrong password', async () => {
    const c = await registerCustomer(t.app);
    const time = async (email: string) => {
      const start = performance.now();
      await t.app.inject({ method: 'POST', url: LOGIN, payload: { email, password: 'not-it-1234' } });
      return performance.now() - start;
    };
    await time(uniqueEmail('warm-up'));
    // Interleaved, and the median of each (under the e-mail's failure limit): one request slowed by
    // a busy machine must not decide it.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(c.email));
      unknown.push(await time(uniqueEmail('nobody')));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
    // Both pay for one argon2 verification (tens of ms); an instant answer would reveal the e-mail.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('refuses bad input with Russian field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { detail: string; errors: Record<string, string[]> };
    expect(body.errors.email).toEqual([authMessages.emailInvalid]);
    expect(body.detail).toBe(authMessages.emailInvalid);

    const empty = await t.app.inject({ method: 'POST', url: LOGIN, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { errors: Record<string, string[]> }).errors.email).toEqual([
      authMessages.emailRequired,
    ]);
  });
});

describe('login by e-mailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A generous budget keeps the brute-force limit out of the way of the code's own rules.
    t = await buildTestApp({ LOGIN_MAX_FAILS_PER_EMAIL: '50' });
  });
  afterAll(() => t.close());

  it('e-mails a six-digit code that signs in once', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: c.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: authMessages.codeSent, code_sent: true });
    const mail = await latestMail(t.app, c.email);
    const code = codeFrom(mail.text);

    const ok = await t.app.inject({ method: 'POST', url: VERIFY, payload: { email: c.email, code } });
    expect(ok.statusCode).toBe(200);
    TokensResponseSchema.parse(ok.json());
    expect(refreshCookieOf(ok)?.value).toBeTruthy();

    const again = await t.app.inject({ method: 'POST', url: VERIFY, payload: { email: c.email, code } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: authMessages.codeInvalid,
      errors: { code: [authMessages.codeInvalid] },
      attempts_left: expect.any(Number),
    });
  });

  it('answers a code request for an unknown e-mail exactly like for a known one, sending nothing', async () => {
    const c = await registerCustomer(t.app);
    const known = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: c.email } });
    const email = uniqueEmail('nobody');
    const unknown = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount(t.app, email)).toBe(0);
  });

  it('expires a code after ten minutes', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: c.email } });
    const code = codeFrom((await latestMail(t.app, c.email)).text);
    await t.app.database.db
      .updateTable('login_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const res = await t.app.inject({ method: 'POST', url: VERIFY, payload: { email: c.email, code } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { detail: string }).detail).toBe(authMessages.codeInvalid);
  });

  it('burns a code after five wrong tries', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: c.email } });
    const code = codeFrom((await latestMail(t.app, c.email)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: VERIFY,
        payload: { email: c.email, code: wrong },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(r.statusCode).toBe(400);
    }
    const res = await t.app.inject({ method: 'POST', url: VERIFY, payload: { email: c.email, code } });
    expect(res.statusCode).toBe(400);
  });

  it('keeps only the newest code valid', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: c.email } });
    const first = codeFrom((await latestMail(t.app, c.email)).text);
    await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: c.email } });
    const second = codeFrom((await latestMail(t.app, c.email)).text);
    if (first !== second) {
      const old = await t.app.inject({
        method: 'POST',
        url: VERIFY,
        payload: { email: c.email, code: first },
      });
      expect(old.statusCode).toBe(400);
    }
    const ok = await t.app.inject({ method: 'POST', url: VERIFY, payload: { email: c.email, code: second } });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a malformed code with a Russian field error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: VERIFY,
      payload: { email: uniqueEmail(), code: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string[]> }).errors.code).toEqual([
      authMessages.codeFormat,
    ]);
  });
});

describe('brute-force limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_MAX_FAILS_PER_IP: '8' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after five failures for one e-mail, even with the right password, to a browser without a device cookie', async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i < 5; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: c.email, password: 'wrong-pass-1' },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(r.statusCode).toBe(400);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: c.email, password: PASSWORD },
      remoteAddress: '10.1.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: authMessages.tooManyAttempts });
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);

    // Codes are guarded by the same budget.
    const code = await t.app.inject({
      method: 'POST',
      url: VERIFY,
      payload: { email: c.email, code: '123456' },
      remoteAddress: '10.1.1.2',
    });
    expect(code.statusCode).toBe(429);
  });

  it('says how many failures are left before the lockout, down to the last attempt', async () => {
    const c = await registerCustomer(t.app);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: i % 2 ? VERIFY : LOGIN,
        payload: i % 2 ? { email: c.email, code: '000000' } : { email: c.email, password: 'wrong-pass-1' },
        remoteAddress: `10.4.0.${i + 1}`,
      });
      expect(r.statusCode).toBe(400);
      left.push((r.json() as { attempts_left?: number }).attempts_left);
      if (i % 2) expect(r.json()).toMatchObject({ errors: { code: [authMessages.codeInvalid] } });
    }
    // The password and the code share one budget: 1 is the last try, after 0 the next is refused.
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const blocked = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: c.email, password: 'wrong-pass-1' },
      remoteAddress: '10.4.1.1',
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('counts the address limit too when it is the nearer one', async () => {
    const ip = '10.5.0.1';
    const left: unknown[] = [];
    for (let i = 0; i < 8; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: uniqueEmail('near'), password: 'wrong-pass-1' },
        remoteAddress: ip,
      });
      left.push((r.json() as { attempts_left?: number }).attempts_left);
    }
    // Each e-mail is fresh (4 left), the address allows 8: the address decides from the 5th on.
    expect(left).toEqual([4, 4, 4, 4, 3, 2, 1, 0]);
  });

  it('answers 429 after too many failures from one IP across e-mails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 8; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: uniqueEmail('spray'), password: 'wrong-pass-1' },
        remoteAddress: ip,
      });
      expect(r.statusCode).toBe(400);
    }
    const c = await registerCustomer(t.app);
    const blocked = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: c.email, password: PASSWORD },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: c.email, password: PASSWORD },
      remoteAddress: '10.2.0.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('forgets an e-mail’s failures after a successful sign-in', async () => {
    const c = await registerCustomer(t.app);
    const attempt = (password: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: c.email, password },
        remoteAddress: `10.3.0.${n}`,
      });
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong-pass-1', i + 1)).statusCode).toBe(400);
    expect((await attempt(PASSWORD, 10)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong-pass-1', i + 20)).statusCode).toBe(400);
    expect((await attempt(PASSWORD, 30)).statusCode).toBe(200);
  });
});
