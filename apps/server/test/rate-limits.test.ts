import { api, authMessages } from '@cabinet/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  buildTestApp,
  mailCount,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';

const MAX_PER_IP = 3;
const MAX_PER_EMAIL = 2;

let nextNet = 0;
/** A /24 of its own for each use, so that no two tests share a per-IP count. */
function freshNet() {
  nextNet += 1;
  let host = 0;
  return () => {
    host += 1;
    return `10.${Math.floor(nextNet / 250)}.${nextNet % 250}.${host}`;
  };
}

interface Endpoint {
  name: string;
  method?: 'PATCH';
  url: string;
  /** The body of one request acting on the address (or on nothing). */
  body: (email: string) => Record<string, unknown>;
  /** Counted per target e-mail as well as per IP. */
  perEmail: boolean;
  signedIn?: boolean;
}

const token = () => randomBytes(24).toString('base64url');

const ENDPOINTS: Endpoint[] = [
  {
    name: 'registration',
    url: api.profile.root,
    body: (email) => ({ email, password: PASSWORD, agree: true }),
    perEmail: true,
  },
  {
    name: 'password-restore request',
    url: api.auth.passwordChange,
    body: (email) => ({ email }),
    perEmail: true,
  },
  {
    name: 'new password by a restore link',
    method: 'PATCH',
    url: api.auth.passwordChangeById(token()),
    body: () => ({ password: PASSWORD }),
    perEmail: false,
  },
  { name: 'login-code request', url: api.auth.login, body: (email) => ({ email }), perEmail: true },
  { name: 'auto-login', url: api.auth.autoLogin, body: () => ({ token: token() }), perEmail: false },
  {
    name: 'social e-mail step',
    url: api.auth.socialProfile,
    body: (email) => ({ token: token(), email }),
    perEmail: true,
  },
  {
    name: 'e-mail confirmation link',
    url: api.auth.emailConfirm,
    body: () => ({ token: token() }),
    perEmail: false,
  },
  {
    name: 'e-mail change request',
    url: api.auth.changeEmail,
    body: (email) => ({ email, password: PASSWORD }),
    perEmail: true,
    signedIn: true,
  },
];

function byName(name: string): Endpoint {
  const e = ENDPOINTS.find((x) => x.name === name);
  if (!e) throw new Error(`no endpoint ${name}`);
  return e;
}

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ detail: authMessages.tooManyAttempts });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(14 * 60);
  expect(retry).toBeLessThanOrEqual(15 * 60);
}

describe('visitor endpoint limits', () => {
  let t: TestApp;
  let access = '';
  beforeAll(async () => {
    t = await buildTestApp({
      RATE_MAX_PER_IP: String(MAX_PER_IP),
      RATE_MAX_PER_EMAIL: String(MAX_PER_EMAIL),
    });
    access = (await registerCustomer(t.app)).access;
  });
  afterAll(() => t.close());

  const send = (e: Endpoint, email: string, ip: string) =>
    t.app.inject({
      method: e.method ?? 'POST',
      url: e.url,
      payload: e.body(email),
      remoteAddress: ip,
      headers: e.signedIn ? bearer(access) : {},
    });

  describe.each(ENDPOINTS)('$name', (e) => {
    it(`answers 429 with Retry-After after ${MAX_PER_IP} requests from one address`, async () => {
      const ip = freshNet()();
      for (let i = 0; i < MAX_PER_IP; i += 1) {
        expect((await send(e, uniqueEmail('ip'), ip)).statusCode).not.toBe(429);
      }
      expectTooMany(await send(e, uniqueEmail('ip'), ip));
      // Another address is not affected.
      expect((await send(e, uniqueEmail('ip'), freshNet()())).statusCode).not.toBe(429);
    });

    if (!e.perEmail) return;
    it(`answers 429 after ${MAX_PER_EMAIL} requests for one e-mail from any addresses`, async () => {
      const ip = freshNet();
      const email = uniqueEmail('target');
      for (let i = 0; i < MAX_PER_EMAIL; i += 1)
        expect((await send(e, email, ip())).statusCode).not.toBe(429);
      expectTooMany(await send(e, email, ip()));
      expect((await send(e, uniqueEmail('target'), ip())).statusCode).not.toBe(429);
    });
  });

  it('refuses a registration over the limit before hashing its password: no account, no argon2 time', async () => {
    const ip = freshNet()();
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await send(byName('registration'), email, ip);
      return { res, ms: performance.now() - start };
    };
    const accepted = await timed(uniqueEmail('reg'));
    expect(accepted.res.statusCode).toBe(200);
    for (let i = 1; i < MAX_PER_IP; i += 1) await send(byName('registration'), uniqueEmail('reg'), ip);
    const email = uniqueEmail('reg');
    const refused = await timed(email);
    expectTooMany(refused.res);
    const user = await t.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
    // An accepted registration pays for one argon2id hash (tens of ms); the refusal for none.
    expect(refused.ms).toBeLessThan(accepted.ms / 2);
  });

  it('sends only as many restore mails as the limit allows for 30 parallel requests', async () => {
    const c = await registerCustomer(t.app, { email: uniqueEmail('parallel') });
    const ip = freshNet();
    const before = await mailCount(t.app, c.email);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send(byName('password-restore request'), c.email, ip())),
    );
    const ok = answers.filter((r) => r.statusCode === 200).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    expect(ok).toBe(MAX_PER_EMAIL);
    expect(refused).toBe(30 - MAX_PER_EMAIL);
    expect((await mailCount(t.app, c.email)) - before).toBe(MAX_PER_EMAIL);
  });

  it('does not count password sign-ins against the login-code limit', async () => {
    const ip = freshNet();
    const c = await registerCustomer(t.app, { email: uniqueEmail('code') });
    for (let i = 0; i < MAX_PER_EMAIL; i += 1) await send(byName('login-code request'), c.email, ip());
    expectTooMany(await send(byName('login-code request'), c.email, ip()));
    const res = await t.app.inject({
      method: 'POST',
      url: api.auth.login,
      payload: { email: c.email, password: PASSWORD },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(200);
  });
});

/** Two server instances behind one load balancer, sharing the limits through Redis. */
describe.runIf(process.env.TEST_REDIS_URL)('limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      // The e-mail part of a key is keyed by the secret, which every instance shares.
      JWT_SECRET: randomBytes(32).toString('base64url'),
      RATE_MAX_PER_EMAIL: String(MAX_PER_EMAIL),
    };
    [a, b] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  // Redis outlives a test run: fresh addresses and e-mails keep earlier runs' counts out.
  const randomIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;

  it('verifies at most five of 30 parallel wrong passwords spread over two instances', async () => {
    const email = uniqueEmail('redis');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: 'POST',
          url: api.auth.login,
          payload: { email, password: `wrong-pass-${i}` },
          remoteAddress: randomIp(),
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(25);
  });

  it('counts route limits across instances', async () => {
    const email = uniqueEmail('redis');
    const restore = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: api.auth.passwordChange,
        payload: { email },
        remoteAddress: randomIp(),
      });
    expect((await restore(a)).statusCode).toBe(200);
    expect((await restore(b)).statusCode).toBe(200);
    expectTooMany(await restore(a));
    expectTooMany(await restore(b));
  });
});
