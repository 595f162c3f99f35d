import {
  VERIFICATION_CODE_MAX_TRIES,
  VerificationStatusSchema,
  authMessages,
  paymentMessages,
  paymentsApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, maskPhone, smsPhone } from '../src/modules/payments/sms';
import { codeIn, customerWithPhone, latestSms, uniquePhone } from './payments-verify-fixtures';
import { buildPaymentsApp, expectLedgerOk, payCustomer, type Auth } from './payments-fixtures';
import type { TestApp } from './helpers';

const send = (app: FastifyInstance, auth: Auth, type = 'repayment', payload?: object) =>
  app.inject({
    method: 'POST',
    url: paymentsApi.verificateCode(type),
    headers: auth,
    ...(payload ? { payload } : {}),
  });
const confirm = (app: FastifyInstance, auth: Auth, code: string, type = 'repayment') =>
  app.inject({ method: 'PATCH', url: paymentsApi.verificateCode(type), headers: auth, payload: { code } });
const status = async (app: FastifyInstance, auth: Auth, type = 'repayment') => {
  const res = await app.inject({ method: 'GET', url: paymentsApi.verificationStatus(type), headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return VerificationStatusSchema.parse(res.json());
};

/** Moves the last code's sending time back, as the clock moving forward would. */
async function ageCode(app: FastifyInstance, userId: number, seconds: number, purpose = 'repayment') {
  const row = await app.database.db
    .selectFrom('verifications')
    .select('code_sent_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirstOrThrow();
  await app.database.db
    .updateTable('verifications')
    .set({ code_sent_at: new Date(Date.parse(row.code_sent_at!) - seconds * 1000).toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SMS verification for repayment and bonus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildPaymentsApp();
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerOk(t.app));

  it('sends a code to the profile’s phone, refuses a wrong one and verifies the right one', async () => {
    const c = await customerWithPhone(t.app);
    expect(await status(t.app, c.auth)).toEqual({
      success: true,
      verified: false,
      status: 'unverified',
      phone: maskPhone(c.phone),
    });
    const sent = await send(t.app, c.auth);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(VerificationStatusSchema.parse(sent.json())).toMatchObject({
      status: 'requested',
      verified: false,
    });
    // The outbox finds it by the phone in any spelling of +7…
    const sms = await latestSms(t.app, c.phone);
    expect(sms.to).toBe(c.phone);
    const code = codeIn(sms.text);
    expect(code).toMatch(/^\d{6}$/);
    const encoded = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox/latest?to=${encodeURIComponent(c.phone)}`,
    });
    expect((encoded.json() as { text: string }).text).toBe(sms.text);
    // Only a keyed hash is stored.
    const row = await t.app.database.db
      .selectFrom('verifications')
      .selectAll()
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);

    const wrong = await confirm(t.app, c.auth, wrongOf(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: paymentMessages.codeWrong,
      errors: { code: [paymentMessages.codeWrong] },
    });
    expect((await status(t.app, c.auth)).status).toBe('requested');

    const right = await confirm(t.app, c.auth, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({
      success: true,
      verified: true,
      status: 'verified',
      phone: maskPhone(c.phone),
    });
    expect(await status(t.app, c.auth)).toMatchObject({ verified: true, status: 'verified' });
    // The other purpose is a verification of its own.
    expect(await status(t.app, c.auth, 'bonus')).toMatchObject({ verified: false, status: 'unverified' });

    // Verified stays verified: a repeated confirmation or request changes nothing and sends nothing.
    expect((await confirm(t.app, c.auth, code)).json()).toMatchObject({ status: 'verified' });
    await t.app.database.db
      .updateTable('verifications')
      .set({ code_sent_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', c.id)
      .execute();
    const resend = await send(t.app, c.auth);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ status: 'verified', verified: true });
    const count = await t.app.database.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', c.phone)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a new code sooner than 60 s after the last with 429 and Retry-After', async () => {
    const c = await customerWithPhone(t.app);
    expect((await send(t.app, c.auth)).statusCode).toBe(200);
    const first = codeIn((await latestSms(t.app, c.phone)).text);
    const again = await send(t.app, c.auth);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ detail: paymentMessages.codeTooOften });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await ageCode(t.app, c.id, 45);
    const soon = await send(t.app, c.auth);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(15);

    await ageCode(t.app, c.id, 16);
    expect((await send(t.app, c.auth)).statusCode).toBe(200);
    const second = codeIn((await latestSms(t.app, c.phone)).text);
    const count = await t.app.database.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', c.phone)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
    // The new code replaces the old one.
    if (first !== second) expect((await confirm(t.app, c.auth, first)).statusCode).toBe(400);
    expect((await confirm(t.app, c.auth, second)).statusCode).toBe(200);
  });

  it('refuses a code older than 5 minutes, even the right one', async () => {
    const c = await customerWithPhone(t.app);
    expect((await send(t.app, c.auth)).statusCode).toBe(200);
    const code = codeIn((await latestSms(t.app, c.phone)).text);
    await ageCode(t.app, c.id, 299);
    await ageCode(t.app, c.id, 2);
    const late = await confirm(t.app, c.auth, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ detail: paymentMessages.codeExpired });
    expect((await status(t.app, c.auth)).verified).toBe(false);
  });

  it('accepts a code just inside its 5 minutes', async () => {
    const c = await customerWithPhone(t.app);
    expect((await send(t.app, c.auth)).statusCode).toBe(200);
    const code = codeIn((await latestSms(t.app, c.phone)).text);
    await ageCode(t.app, c.id, 290);
    expect((await confirm(t.app, c.auth, code)).statusCode).toBe(200);
  });

  it('ends the tries after 5 wrong codes until a new code is sent', async () => {
    const c = await customerWithPhone(t.app);
    expect((await send(t.app, c.auth)).statusCode).toBe(200);
    const code = codeIn((await latestSms(t.app, c.phone)).text);
    for (let i = 0; i < VERIFICATION_CODE_MAX_TRIES; i += 1) {
      const res = await confirm(t.app, c.auth, wrongOf(code));
      expect(res.json(), `try ${i + 1}`).toMatchObject({ detail: paymentMessages.codeWrong });
    }
    const over = await confirm(t.app, c.auth, code);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      detail: paymentMessages.codeTriesOver,
      errors: { code: [paymentMessages.codeTriesOver] },
    });
    expect((await status(t.app, c.auth)).verified).toBe(false);

    await ageCode(t.app, c.id, 61);
    expect((await send(t.app, c.auth)).statusCode).toBe(200);
    const fresh = codeIn((await latestSms(t.app, c.phone)).text);
    expect((await confirm(t.app, c.auth, fresh)).statusCode).toBe(200);
  });

  it('shares no try between parallel guesses', async () => {
    const c = await customerWithPhone(t.app);
    expect((await send(t.app, c.auth)).statusCode).toBe(200);
    const code = codeIn((await latestSms(t.app, c.phone)).text);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        confirm(t.app, c.auth, String((Number(code) + i + 1) % 1_000_000).padStart(6, '0')),
      ),
    );
    const wrong = guesses.filter(
      (g) => (g.json() as { detail: string }).detail === paymentMessages.codeWrong,
    );
    expect(wrong).toHaveLength(VERIFICATION_CODE_MAX_TRIES);
    expect((await confirm(t.app, c.auth, code)).json()).toMatchObject({
      detail: paymentMessages.codeTriesOver,
    });
  });

  it('asks for a phone inside the flow when the profile has none and keeps it on the verification', async () => {
    const c = await payCustomer(t.app);
    expect((await status(t.app, c.auth)).phone).toBeNull();
    const none = await send(t.app, c.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      detail: paymentMessages.phoneRequired,
      errors: { phone: [paymentMessages.phoneRequired] },
    });
    const bad = await send(t.app, c.auth, 'repayment', { phone: '+1 555 123 4567' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { phone: [authMessages.phoneInvalid] } });

    const phone = uniquePhone();
    const trunk = `8${phone.sms.slice(2)}`;
    const ok = await send(t.app, c.auth, 'repayment', { phone: trunk });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'requested', phone: maskPhone(phone.sms) });
    const row = await t.app.database.db
      .selectFrom('verifications')
      .select('phone')
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe(phone.sms);
    const code = codeIn((await latestSms(t.app, phone.sms)).text);
    expect((await confirm(t.app, c.auth, code)).statusCode).toBe(200);
    expect(await status(t.app, c.auth)).toMatchObject({ verified: true, phone: maskPhone(phone.sms) });
  });

  it('sends to the profile’s phone, not to one given in the body', async () => {
    const c = await customerWithPhone(t.app);
    const other = uniquePhone();
    expect((await send(t.app, c.auth, 'bonus', { phone: other.sms })).statusCode).toBe(200);
    await latestSms(t.app, c.phone);
    const elsewhere = await t.app.inject({ method: 'GET', url: `/dev/outbox/latest?to=${other.sms}` });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers 404 to a purpose the spec does not name', async () => {
    const c = await customerWithPhone(t.app);
    for (const res of [
      await send(t.app, c.auth, 'withdraw'),
      await confirm(t.app, c.auth, '123456', 'withdraw'),
      await t.app.inject({
        method: 'GET',
        url: paymentsApi.verificationStatus('withdraw'),
        headers: c.auth,
      }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const sms = await t.app.database.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('phone', '=', c.phone)
      .execute();
    expect(sms).toHaveLength(0);
  });

  it('never shows or confirms another customer’s verification', async () => {
    const a = await customerWithPhone(t.app);
    const b = await customerWithPhone(t.app);
    expect((await send(t.app, a.auth)).statusCode).toBe(200);
    const code = codeIn((await latestSms(t.app, a.phone)).text);
    // B has asked for nothing: A's code means nothing to B.
    const stolen = await confirm(t.app, b.auth, code);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ detail: paymentMessages.codeExpired });
    expect((await confirm(t.app, a.auth, code)).statusCode).toBe(200);
    expect(await status(t.app, b.auth)).toEqual({
      success: true,
      verified: false,
      status: 'unverified',
      phone: maskPhone(b.phone),
    });
    // B's own code does not confirm with A's.
    expect((await send(t.app, b.auth)).statusCode).toBe(200);
    const res = await confirm(t.app, b.auth, code);
    const bCode = codeIn((await latestSms(t.app, b.phone)).text);
    if (bCode !== code) expect(res.statusCode).toBe(400);
    expect((await status(t.app, b.auth)).status).toBe(bCode === code ? 'verified' : 'requested');
  });

  it('keeps the dev outbox answering for e-mails and refuses what is neither', async () => {
    const c = await payCustomer(t.app);
    const mail = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox/latest?to=${encodeURIComponent(c.email)}`,
    });
    expect(mail.statusCode, mail.body).toBe(200);
    expect((mail.json() as { to: string }).to).toBe(c.email);
    const neither = await t.app.inject({ method: 'GET', url: '/dev/outbox/latest?to=12' });
    expect(neither.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'GET', url: `/dev/outbox/latest?to=${uniquePhone().sms}` });
    expect(none.statusCode).toBe(404);
    // The page lists the SMS beside the mail, escaped.
    await t.app.database.db
      .insertInto('sms_outbox')
      .values({ phone: '+79160000000', text: 'Код <b>123456</b>', created_at: new Date().toISOString() })
      .execute();
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain('+79160000000');
    expect(page.body).toContain('Код &#60;b&#62;123456&#60;/b&#62;');
  });
});

describe('SMS through a gateway (SMS_URL)', () => {
  let server: Server;
  let url: string;
  const received: Array<{ phone: string; text: string }> = [];
  let failNext = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (failNext) {
          failNext = false;
          res.writeHead(500).end();
          return;
        }
        received.push(JSON.parse(body) as { phone: string; text: string });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('normalises a phone to +7XXXXXXXXXX and masks it', () => {
    expect(smsPhone('8 (916) 123-45-67')).toBe('+79161234567');
    expect(smsPhone(' 79161234567')).toBe('+79161234567');
    expect(smsPhone('+7 (916) 123-45-67')).toBe('+79161234567');
    expect(smsPhone('9161234567')).toBe('+79161234567');
    expect(smsPhone('+1 555 123 4567')).toBeNull();
    expect(maskPhone('+79161234567')).toBe('+7 *** ***-45-67');
  });

  it('posts {phone, text} to the gateway and writes nothing to the outbox', async () => {
    const t = await buildPaymentsApp({ SMS_URL: url });
    try {
      const c = await customerWithPhone(t.app);
      const res = await send(t.app, c.auth);
      expect(res.statusCode, res.body).toBe(200);
      const got = received.find((m) => m.phone === c.phone);
      expect(got?.text).toMatch(/\b\d{6}\b/);
      const outbox = await t.app.database.db.selectFrom('sms_outbox').select('id').execute();
      expect(outbox).toHaveLength(0);
      expect((await confirm(t.app, c.auth, codeIn(got!.text))).statusCode).toBe(200);

      // A gateway that fails: 503, and the customer may ask again at once.
      const d = await customerWithPhone(t.app);
      failNext = true;
      const failed = await send(t.app, d.auth);
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({ detail: paymentMessages.smsFailed });
      expect((await status(t.app, d.auth)).status).toBe('unverified');
      expect((await send(t.app, d.auth)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('throws and logs when the gateway does not answer', async () => {
    const errors: unknown[] = [];
    const sender = createSmsSender({ SMS_URL: 'http://127.0.0.1:1/sms' }, {} as never, {
      error: (obj: unknown) => errors.push(obj),
    });
    await expect(sender.send('+79161234567', 'x')).rejects.toThrow();
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('+7 *** ***-45-67');
    expect(JSON.stringify(errors[0])).not.toContain('9161234567');
  });
});
