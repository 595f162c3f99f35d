import { api, authMessages, paymentMessages, paymentsApi, referralMessages } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryLimitStore, RateLimits, RECIPIENT_LIMITS } from '../src/plugins/rate-limit';
import {
  PASSWORD,
  bearer,
  buildTestApp,
  mailCount,
  randomClientIp,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';

/**
 * What one victim receives through many accounts (ADR 009, «Per recipient»): friend invitations
 * to one address or number from all customers together, verification SMS to one number whatever
 * the account, and the accounts one client address may create an hour. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL; with TEST_REDIS_URL, also across two instances sharing Redis.
 */

type Auth = { authorization: string };
type Response = { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown };

async function accounts(app: FastifyInstance, n: number): Promise<Auth[]> {
  const out: Auth[] = [];
  for (let i = 0; i < n; i += 1) out.push(bearer((await registerCustomer(app)).access));
  return out;
}

/** A fresh mobile number in E.164 and in the two other spellings people type. */
function freshNumber() {
  const digits = `916${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const e164 = `+7${digits}`;
  const spelled = `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
  return { e164, spelled, trunk: `8${digits}` };
}

const inviteEmail = (app: FastifyInstance, auth: Auth, email: string) =>
  app.inject({ method: 'POST', url: api.friends.sendEmail, headers: auth, payload: { email } });
const inviteSms = (app: FastifyInstance, auth: Auth, phone: string) =>
  app.inject({ method: 'POST', url: api.friends.sendSms, headers: auth, payload: { phone } });
const askCode = (app: FastifyInstance, auth: Auth, type: string, phone: string) =>
  app.inject({ method: 'POST', url: paymentsApi.verificateCode(type), headers: auth, payload: { phone } });
const register = (app: FastifyInstance, ip: string, email = uniqueEmail('reg')) =>
  app.inject({
    method: 'POST',
    url: api.profile.root,
    payload: { email, password: PASSWORD, agree: true },
    remoteAddress: ip,
  });

function expectRefused(res: Response, message: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ detail: message });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function smsCount(app: FastifyInstance, phone: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('sms_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function invitesTo(app: FastifyInstance, recipient: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('invites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('recipient', '=', recipient)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('limits per recipient and per registering address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends one address 3 invitations from 8 accounts; the 4th–8th are 429 and neither queued nor stored', async () => {
    const senders = await accounts(t.app, 8);
    const victim = uniqueEmail('victim');
    // Spellings the schema and the limiter must read as one address.
    const spellings = [victim, victim.toUpperCase(), `  ${victim} `];
    const answers: Response[] = [];
    for (const [i, auth] of senders.entries()) {
      answers.push(await inviteEmail(t.app, auth, spellings[i % spellings.length]!));
    }
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const r of answers.slice(3)) expectRefused(r, referralMessages.perRecipient);
    expect(await mailCount(t.app, victim)).toBe(RECIPIENT_LIMITS.invitesPerDay);
    expect(await invitesTo(t.app, victim)).toBe(3);
    // Another address is not affected.
    expect((await inviteEmail(t.app, senders[7]!, uniqueEmail('other'))).statusCode).toBe(200);
  });

  it('sends one number 3 invitations from 8 accounts whichever way it is written', async () => {
    const senders = await accounts(t.app, 8);
    const n = freshNumber();
    const answers: Response[] = [];
    for (const [i, auth] of senders.entries())
      answers.push(await inviteSms(t.app, auth, i % 2 ? n.trunk : n.spelled));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const r of answers.slice(3)) expectRefused(r, referralMessages.perRecipient);
    expect(await smsCount(t.app, n.e164)).toBe(3);
    // Stored as the number is everywhere: E.164.
    expect(await invitesTo(t.app, n.e164)).toBe(3);
  });

  it('counts only what was sent: refused invitations leave the recipient its three', async () => {
    const [a, b, c, d] = await accounts(t.app, 4);
    const victim = uniqueEmail('kept');
    expect((await inviteEmail(t.app, a!, victim)).statusCode).toBe(200);
    // The same sender again: 409, nothing sent, nothing counted.
    expect((await inviteEmail(t.app, a!, victim)).statusCode).toBe(409);
    expect((await inviteEmail(t.app, b!, victim)).statusCode).toBe(200);
    expect((await inviteEmail(t.app, c!, victim)).statusCode).toBe(200);
    expectRefused(await inviteEmail(t.app, d!, victim), referralMessages.perRecipient);
  });

  it('sends one number 5 verification codes an hour from 8 accounts × 2 purposes, then 429', async () => {
    const senders = await accounts(t.app, 8);
    const n = freshNumber();
    const answers: Response[] = [];
    for (const [i, auth] of senders.entries()) {
      for (const type of ['repayment', 'bonus']) {
        answers.push(await askCode(t.app, auth, type, [n.spelled, n.trunk, n.e164][i % 3]!));
      }
    }
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(RECIPIENT_LIMITS.smsPerHour);
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const r of answers.slice(5)) expectRefused(r, paymentMessages.smsPerNumber);
    expect(await smsCount(t.app, n.e164)).toBe(5);
    // A refused request stored no code: the sixth account has nothing to confirm.
    const status = await t.app.inject({
      method: 'GET',
      url: paymentsApi.verificationStatus('repayment'),
      headers: senders[5]!,
    });
    expect(status.json()).toMatchObject({ status: 'unverified' });
  });

  it('lets one address create 10 accounts an hour; the 11th is 429, another address is not affected', async () => {
    const ip = randomClientIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await register(t.app, ip);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Same address, same hour: refused before anything is made.
    const email = uniqueEmail('eleventh');
    const refused = await register(t.app, ip, email);
    expectRefused(refused, authMessages.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    const user = await t.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
    expect((await register(t.app, randomClientIp())).statusCode).toBe(200);
  });

  it('does not count a registration that made no account', async () => {
    const ip = randomClientIp();
    const taken = (await registerCustomer(t.app)).email;
    // An address already taken (twice: the address has its own limit of three requests): 400,
    // no account, nothing counted against the client address.
    for (let i = 0; i < 2; i += 1) expect((await register(t.app, ip, taken)).statusCode).toBe(400);
    for (let i = 0; i < 10; i += 1) expect((await register(t.app, ip)).statusCode).toBe(200);
    expect((await register(t.app, ip)).statusCode).toBe(429);
  });
});

describe('RateLimits.verificationSmsTo', () => {
  it('allows 5 codes an hour and 10 a day to one number, however written', async () => {
    let clock = Date.parse('2026-11-30T08:00:00Z');
    const config = { JWT_SECRET: 'x'.repeat(32) };
    const limits = new RateLimits(
      { config } as unknown as FastifyInstance,
      new MemoryLimitStore(() => clock),
    );
    let sent = 0;
    const send = () => limits.verificationSmsTo(['+7 (916) 000-11-22', '89160001122'][sent++ % 2]!, 'много');
    for (let i = 0; i < 5; i += 1) await send();
    await expect(send()).rejects.toMatchObject({ statusCode: 429, message: 'много' });
    clock += 61 * 60_000;
    for (let i = 0; i < 5; i += 1) await send();
    clock += 61 * 60_000;
    // A new hour, but the day's ten are spent.
    await expect(send()).rejects.toMatchObject({ statusCode: 429 });
    clock += 22 * 60 * 60_000;
    await send();
  });
});

/** Two server instances behind one load balancer: the counters live in Redis, shared. */
describe.runIf(process.env.TEST_REDIS_URL)('limits per recipient shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      // The recipients' keys are HMAC'd with the secret, which every instance shares; a fresh one
      // keeps earlier runs' counts (Redis outlives a run) out.
      JWT_SECRET: randomBytes(32).toString('base64url'),
    };
    a = await buildTestApp(env);
    // One database behind both, as behind a load balancer.
    const db: Record<string, string> = a.config.DATABASE_URL
      ? { DATABASE_URL: a.config.DATABASE_URL }
      : { SQLITE_PATH: a.config.SQLITE_PATH };
    b = await buildTestApp({ ...env, ...db });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const either = (i: number) => (i % 2 ? b : a).app;

  it('counts invitations to one address and one number across instances', async () => {
    const senders = await accounts(a.app, 6);
    const victim = uniqueEmail('redis-victim');
    const mails = [];
    for (const [i, auth] of senders.entries())
      mails.push((await inviteEmail(either(i), auth, victim)).statusCode);
    expect(mails).toEqual([200, 200, 200, 429, 429, 429]);
    const n = freshNumber();
    const sms = [];
    for (const [i, auth] of senders.entries())
      sms.push((await inviteSms(either(i), auth, i % 2 ? n.trunk : n.spelled)).statusCode);
    expect(sms).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('counts verification SMS to one number across instances', async () => {
    const senders = await accounts(a.app, 7);
    const n = freshNumber();
    const codes = [];
    for (const [i, auth] of senders.entries())
      codes.push((await askCode(either(i), auth, 'repayment', n.spelled)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('counts the accounts of one address across instances', async () => {
    const ip = randomClientIp();
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await register(either(i), ip)).statusCode);
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
  });
});
