import { authMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, buildTestApp, latestMail, registerCustomer, uniqueEmail, type TestApp } from './helpers';

const LOGIN = '/api/client/auth/login/';
const VERIFY = '/api/client/auth/login/verify/';

interface Answer {
  statusCode: number;
  cookies: Array<{ name: string; value: string; [k: string]: unknown }>;
}

const deviceCookieOf = (res: Answer) => res.cookies.find((c) => c.name === 'device');

function count(answers: Answer[]) {
  return {
    verified: answers.filter((r) => r.statusCode === 400).length,
    refused: answers.filter((r) => r.statusCode === 429).length,
  };
}

describe('parallel guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('verifies at most LOGIN_MAX_FAILS_PER_EMAIL of 30 parallel wrong passwords', async () => {
    const c = await registerCustomer(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { email: c.email, password: `wrong-pass-${i}` },
          remoteAddress: `10.9.${i}.1`,
        }),
      ),
    );
    const { verified, refused } = count(answers);
    console.info(`30 parallel wrong passwords: ${verified} verified (400), ${refused} refused (429)`);
    expect(verified).toBe(5);
    expect(refused).toBe(25);
    const blocked = answers.find((r) => r.statusCode === 429);
    expect(blocked?.json()).toEqual({ detail: authMessages.tooManyAttempts });
    expect(Number(blocked?.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('checks at most LOGIN_MAX_FAILS_PER_EMAIL of 30 parallel wrong codes', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: c.email } });
    const code = /\b(\d{6})\b/.exec((await latestMail(t.app, c.email)).text)?.[1];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: VERIFY,
          payload: { email: c.email, code: String((Number(code) + i + 1) % 1_000_000).padStart(6, '0') },
          remoteAddress: `10.8.${i}.1`,
        }),
      ),
    );
    const { verified, refused } = count(answers);
    console.info(`30 parallel wrong codes: ${verified} checked (400), ${refused} refused (429)`);
    expect(verified).toBe(5);
    expect(refused).toBe(25);
  });
});

describe('device cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every test registers its customers from one address: the registration limit is not the subject.
    t = await buildTestApp({ RATE_MAX_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  /** A browser that signed in once: what it sends back on the next visit. */
  async function ownersBrowser(email: string, ip: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password: PASSWORD },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    const cookie = deviceCookieOf(res);
    if (!cookie) throw new Error('no device cookie');
    return cookie;
  }

  const login = (email: string, password: string, ip: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password },
      remoteAddress: ip,
      ...(device ? { cookies: { device } } : {}),
    });

  it('is set on sign-in: httpOnly, SameSite=Lax, signed, long-lived', async () => {
    const c = await registerCustomer(t.app);
    const cookie = await ownersBrowser(c.email, '10.20.0.1');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBeGreaterThan(300 * 24 * 3600);
    // Signed: the JSON is followed by its signature.
    expect(decodeURIComponent(cookie.value)).toMatch(/^\{.*\}\.[\w+/=-]+$/);
  });

  it('lets the owner sign in after a stranger’s five failures, which still lock everyone else out', async () => {
    const c = await registerCustomer(t.app);
    const device = await ownersBrowser(c.email, '10.21.0.1');
    for (let i = 0; i < 5; i += 1) {
      expect((await login(c.email, 'wrong-pass-1', `10.21.1.${i + 1}`)).statusCode).toBe(400);
    }
    expect((await login(c.email, PASSWORD, '10.21.2.1')).statusCode).toBe(429);
    expect((await login(c.email, PASSWORD, '10.21.0.1', device.value)).statusCode).toBe(200);
    // The owner's sign-in does not give the stranger a fresh budget.
    expect((await login(c.email, 'wrong-pass-1', '10.21.1.9')).statusCode).toBe(429);
  });

  it('lets a device-cookie owner in from an address with 20 failures; without the cookie, 429', async () => {
    const c = await registerCustomer(t.app);
    const ip = '10.22.0.1';
    const device = await ownersBrowser(c.email, ip);
    for (let i = 0; i < 20; i += 1) {
      expect((await login(uniqueEmail('spray'), 'wrong-pass-1', ip)).statusCode).toBe(400);
    }
    expect((await login(c.email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(c.email, PASSWORD, ip, device.value)).statusCode).toBe(200);
  });

  it('limits the failures of a device on its own, apart from the e-mail’s', async () => {
    const c = await registerCustomer(t.app);
    const device = await ownersBrowser(c.email, '10.23.0.1');
    for (let i = 0; i < 5; i += 1) {
      expect((await login(c.email, 'wrong-pass-1', '10.23.0.1', device.value)).statusCode).toBe(400);
    }
    const blocked = await login(c.email, PASSWORD, '10.23.0.1', device.value);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The e-mail's own budget was not spent by the device.
    expect((await login(c.email, PASSWORD, '10.23.0.2')).statusCode).toBe(200);
  });

  it('counts for the accounts it names only, and not when forged', async () => {
    const owner = await registerCustomer(t.app);
    const victim = await registerCustomer(t.app);
    const device = await ownersBrowser(owner.email, '10.24.0.1');
    for (let i = 0; i < 5; i += 1) {
      expect((await login(victim.email, 'wrong-pass-1', `10.24.1.${i + 1}`)).statusCode).toBe(400);
    }
    expect((await login(victim.email, PASSWORD, '10.24.0.1', device.value)).statusCode).toBe(429);

    const [json = '', signature = ''] = decodeURIComponent(device.value).split(/\.(?=[^.]*$)/);
    const forged = JSON.parse(json) as { id: string; accounts: number[] };
    forged.accounts.push(...Array.from({ length: 5 }, (_, i) => i + 1));
    const tampered = `${JSON.stringify(forged)}.${signature}`;
    expect((await login(victim.email, PASSWORD, '10.24.0.1', tampered)).statusCode).toBe(429);
  });

  it('keeps every account the browser signed in to', async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const first = await ownersBrowser(a.email, '10.25.0.1');
    const second = await login(b.email, PASSWORD, '10.25.0.1', first.value);
    const both = deviceCookieOf(second)?.value ?? '';
    for (const email of [a.email, b.email]) {
      for (let i = 0; i < 5; i += 1) await login(email, 'wrong-pass-1', `10.25.1.${i + 1}`);
      expect((await login(email, PASSWORD, '10.25.0.1', both)).statusCode).toBe(200);
    }
  });
});
