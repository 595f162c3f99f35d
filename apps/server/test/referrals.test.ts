import {
  BonusSchema,
  FriendsSchema,
  InviteResultSchema,
  PayResultSchema,
  REFERRAL_CODE_ALPHABET,
  api,
  authMessages,
  referralMessages,
  paymentsApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  latestMail,
  linkIn,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';
import {
  awaitingOrder,
  expectLedgerOk,
  finances,
  giveMoney,
  pay,
  type Auth,
  type PayCustomer,
} from './payments-fixtures';

/**
 * Friends: the personal code and link, invitations by e-mail and SMS with their limits,
 * registration through the link, and the referral bonus for the friend's first paid order — to
 * both, once, whichever way and however often the payment is settled. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

const REWARD = 500_00;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CARD = { card: '4242 4242 4242 4242', exp: '12/35', cvc: '123' };

async function customer(app: FastifyInstance, body: Record<string, unknown> = {}): Promise<PayCustomer> {
  const c = await registerCustomer(app, body);
  const row = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', c.email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: c.email, auth: bearer(c.access) };
}

async function friendsOf(app: FastifyInstance, auth: Auth) {
  const res = await app.inject({ method: 'GET', url: api.friends.root, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return FriendsSchema.parse(res.json());
}

async function bonusOf(app: FastifyInstance, auth: Auth, page = 1) {
  const res = await app.inject({ method: 'GET', url: `${api.bonus.root}?page=${page}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return BonusSchema.parse(res.json());
}

function inviteEmail(app: FastifyInstance, auth: Auth, email: unknown) {
  return app.inject({ method: 'POST', url: api.friends.sendEmail, headers: auth, payload: { email } });
}

function inviteSms(app: FastifyInstance, auth: Auth, phone: unknown) {
  return app.inject({ method: 'POST', url: api.friends.sendSms, headers: auth, payload: { phone } });
}

async function referralBonusTxns(app: FastifyInstance) {
  return app.database.db
    .selectFrom('ledger_txns')
    .select(['id', 'user_id', 'payment_id', 'title'])
    .where('kind', '=', 'referral_bonus')
    .orderBy('id')
    .execute();
}

/** Pays an order of the customer by card through the test bank's page. */
async function payByCard(app: FastifyInstance, c: PayCustomer, orderId: number) {
  const res = await pay(app, c.auth, { purpose: 'order', object_id: orderId, payment_method: 'bank_card' });
  expect(res.statusCode, res.body).toBe(200);
  const { confirmation_url, pay_id } = PayResultSchema.parse(res.json());
  const path = new URL(confirmation_url ?? '').pathname;
  const done = await app.inject({
    method: 'POST',
    url: path,
    headers: FORM,
    payload: new URLSearchParams({ action: 'pay', ...CARD }).toString(),
  });
  expect(done.statusCode).toBe(303);
  return { payId: pay_id, path };
}

/** A customer and a friend registered through the customer's link. */
async function referredPair(app: FastifyInstance, fio = 'Петрова Анна Сергеевна') {
  const inviter = await customer(app, { fio });
  const { code } = await friendsOf(app, inviter.auth);
  const friend = await customer(app, { fio: 'Смирнов Олег Петрович', invite: code });
  return { inviter, friend, code };
}

describe('the personal code and link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is made on first GET, 8 Crockford characters, the same every time, unique per customer', async () => {
    const a = await customer(t.app);
    const b = await customer(t.app);
    const first = await friendsOf(t.app, a.auth);
    expect(first.code).toHaveLength(8);
    expect([...first.code].every((ch) => REFERRAL_CODE_ALPHABET.includes(ch))).toBe(true);
    expect(first.link).toBe(`http://localhost:3000/registration?invite=${first.code}`);
    expect(first).toMatchObject({ reward: REWARD, invites: [], friends: [] });
    // Asked twice at once, then again: one code.
    const again = await Promise.all([friendsOf(t.app, a.auth), friendsOf(t.app, a.auth)]);
    expect(again.map((f) => f.code)).toEqual([first.code, first.code]);
    expect((await friendsOf(t.app, b.auth)).code).not.toBe(first.code);
  });

  it('needs a signed-in customer', async () => {
    for (const [method, url] of [
      ['GET', api.friends.root],
      ['GET', api.bonus.root],
      ['POST', api.friends.sendEmail],
      ['POST', api.friends.sendSms],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('invitations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ INVITES_PER_DAY: '3' });
  });
  afterAll(() => t.close());

  it('an e-mail lands in the outbox with the link and the inviter’s first name; the list shows it masked', async () => {
    const inviter = await customer(t.app, { fio: 'Петрова Анна Сергеевна' });
    const to = uniqueEmail('friend');
    const res = await inviteEmail(t.app, inviter.auth, `  ${to.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    const result = InviteResultSchema.parse(res.json());
    expect(result.detail).toBe(referralMessages.sentEmail);
    expect(result.invite).toMatchObject({ channel: 'email', status: 'sent' });
    expect(result.invite.to).toMatch(/^fr\*\*\*@example\.com$/);

    await t.app.mailer.flush();
    const mail = await latestMail(t.app, to);
    const { code, link, invites } = await friendsOf(t.app, inviter.auth);
    expect(mail.subject).toContain('Анна');
    expect(mail.text).toContain('Анна приглашает вас');
    expect(mail.text).toContain('500 ₽');
    expect(linkIn(mail.text, 'http://localhost:3000/registration')).toBe(link);
    expect(mail.html).toContain(`invite=${code}`);
    expect(invites).toEqual([
      { channel: 'email', to: result.invite.to, sent_at: result.invite.sent_at, status: 'sent' },
    ]);
  });

  it('an SMS goes through the SMS adapter (sms_outbox) with the link', async () => {
    const inviter = await customer(t.app, { fio: 'Олег' });
    const res = await inviteSms(t.app, inviter.auth, '8 (916) 555-12-34');
    expect(res.statusCode, res.body).toBe(200);
    expect(InviteResultSchema.parse(res.json()).invite).toMatchObject({
      channel: 'sms',
      to: '+7 *** ***-12-34',
      status: 'sent',
    });
    const sms = await t.app.database.db
      .selectFrom('sms_outbox')
      .select(['phone', 'text'])
      .where('phone', '=', '+79165551234')
      .execute();
    expect(sms).toHaveLength(1);
    const { link } = await friendsOf(t.app, inviter.auth);
    expect(sms[0]!.text).toContain(link);
    expect(sms[0]!.text).toContain('Олег');
  });

  it('refuses bad input with Russian field errors', async () => {
    const inviter = await customer(t.app);
    for (const [res, field, message] of [
      [await inviteEmail(t.app, inviter.auth, 'not-an-email'), 'email', authMessages.emailInvalid],
      [await inviteEmail(t.app, inviter.auth, ''), 'email', referralMessages.emailRequired],
      [await inviteSms(t.app, inviter.auth, '12345'), 'phone', authMessages.phoneInvalid],
      [await inviteSms(t.app, inviter.auth, ' '), 'phone', referralMessages.phoneRequired],
    ] as const) {
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toEqual([message]);
    }
    expect((await friendsOf(t.app, inviter.auth)).invites).toEqual([]);
  });

  it('never to oneself, never to a customer, once per recipient — kindly — and nothing is sent', async () => {
    const inviter = await customer(t.app, { phone: '+7 916 111-22-33' });
    const other = await customer(t.app, { phone: '8 916 444-55-66' });

    const self = await inviteEmail(t.app, inviter.auth, inviter.email);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      detail: referralMessages.self,
      errors: { email: [referralMessages.self] },
    });
    const selfSms = await inviteSms(t.app, inviter.auth, '89161112233');
    expect(selfSms.statusCode).toBe(400);
    expect(selfSms.json()).toMatchObject({ errors: { phone: [referralMessages.selfPhone] } });

    const existing = await inviteEmail(t.app, inviter.auth, other.email);
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toMatchObject({ detail: referralMessages.existingEmail });
    expect((existing.json() as { detail: string }).detail).toContain('уже пользуется сервисом');
    const existingSms = await inviteSms(t.app, inviter.auth, '+79164445566');
    expect(existingSms.statusCode).toBe(409);
    expect(existingSms.json()).toMatchObject({ detail: referralMessages.existingPhone });

    const to = uniqueEmail('once');
    expect((await inviteEmail(t.app, inviter.auth, to)).statusCode).toBe(200);
    const again = await inviteEmail(t.app, inviter.auth, to.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect((again.json() as { detail: string }).detail).toMatch(/^Вы уже приглашали/);
    // Two at once: one is sent, the other refused the same kind way.
    const racer = uniqueEmail('race');
    const answers = await Promise.all([
      inviteEmail(t.app, inviter.auth, racer),
      inviteEmail(t.app, inviter.auth, racer),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);

    await t.app.mailer.flush();
    const mails = await t.app.database.db
      .selectFrom('outbox')
      .select('to_address')
      .where('to_address', 'in', [inviter.email, other.email, to, racer])
      .where('subject', 'like', '%приглашает%')
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual([racer, to].sort());
    // Another customer may invite the same address.
    const second = await customer(t.app);
    expect((await inviteEmail(t.app, second.auth, to)).statusCode).toBe(200);
  });

  it('INVITES_PER_DAY per customer (e-mail and SMS together), then 429 with the Russian message', async () => {
    const inviter = await customer(t.app);
    expect((await inviteEmail(t.app, inviter.auth, uniqueEmail('d1'))).statusCode).toBe(200);
    expect((await inviteSms(t.app, inviter.auth, '+7 926 000-00-01')).statusCode).toBe(200);
    // The refused ones do not count.
    expect((await inviteEmail(t.app, inviter.auth, inviter.email)).statusCode).toBe(400);
    const answers = await Promise.all([
      inviteEmail(t.app, inviter.auth, uniqueEmail('d3')),
      inviteEmail(t.app, inviter.auth, uniqueEmail('d4')),
      inviteSms(t.app, inviter.auth, '+7 926 000-00-05'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ detail: referralMessages.perDay(3) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await friendsOf(t.app, inviter.auth)).invites).toHaveLength(3);
    // Another customer's day is their own.
    const other = await customer(t.app);
    expect((await inviteEmail(t.app, other.auth, uniqueEmail('d6'))).statusCode).toBe(200);
    // A day later the limit opens again.
    await t.app.database.db
      .updateTable('invites')
      .set({ sent_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('user_id', '=', inviter.id)
      .execute();
    expect((await inviteEmail(t.app, inviter.auth, uniqueEmail('d7'))).statusCode).toBe(200);
  });
});

describe('registration through the link and the reward', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.app);
    await t.close();
  });

  it('records the referral; an unknown, malformed or lower-case-typed code never blocks registration', async () => {
    const inviter = await customer(t.app, { fio: 'Петрова Анна Сергеевна' });
    const { code } = await friendsOf(t.app, inviter.auth);
    const to = uniqueEmail('invited');
    expect((await inviteEmail(t.app, inviter.auth, to)).statusCode).toBe(200);

    // Typed by hand: lower case with a dash still finds it.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const friend = await customer(t.app, { email: to, fio: 'Смирнов Олег Петрович', invite: typed });
    const rows = await t.app.database.db
      .selectFrom('referrals')
      .selectAll()
      .where('referred_id', '=', friend.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referrer_id: inviter.id, reward: REWARD, rewarded_at: null });

    const list = await friendsOf(t.app, inviter.auth);
    expect(list.friends).toEqual([
      { name: 'Олег С.', registered_at: rows[0]!.registered_at, first_order_paid: false, brought: 0 },
    ]);
    expect(list.invites[0]).toMatchObject({ status: 'registered' });

    for (const invite of ['ZZZZZZZZ', 'not a code at all', '', 'x'.repeat(500), 42]) {
      const other = await customer(t.app, { invite });
      const none = await t.app.database.db
        .selectFrom('referrals')
        .select('id')
        .where('referred_id', '=', other.id)
        .execute();
      expect(none, String(invite)).toHaveLength(0);
    }
  });

  it('the friend’s first order paid through the test bank gives both the bonus once; a second paid order gives none', async () => {
    const { inviter, friend } = await referredPair(t.app);
    const before = await finances(t.app, inviter.id);
    const first = await awaitingOrder(t.app, friend, 2_000_00);
    const { payId, path } = await payByCard(t.app, friend, first);

    const txns = (await referralBonusTxns(t.app)).filter((x) => x.payment_id === payId);
    expect(txns.map((x) => x.user_id).sort()).toEqual([inviter.id, friend.id].sort());
    expect(txns.find((x) => x.user_id === inviter.id)!.title).toBe(referralMessages.referrerTitle('Олег С.'));
    expect((await finances(t.app, inviter.id)).bonus).toBe(before.bonus + REWARD);
    // The friend: the referral bonus and 3 % of the order.
    expect((await finances(t.app, friend.id)).bonus).toBe(REWARD + 60_00);

    // The bank page posted again changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: FORM,
      payload: new URLSearchParams({ action: 'pay', ...CARD }).toString(),
    });
    expect(again.statusCode).toBe(409);

    const second = await awaitingOrder(t.app, friend, 1_000_00);
    await payByCard(t.app, friend, second);
    expect((await finances(t.app, inviter.id)).bonus).toBe(before.bonus + REWARD);
    expect((await finances(t.app, friend.id)).bonus).toBe(REWARD + 60_00 + 30_00);
    expect(
      (await referralBonusTxns(t.app)).filter((x) => [inviter.id, friend.id].includes(x.user_id!)),
    ).toHaveLength(2);

    const list = await friendsOf(t.app, inviter.auth);
    expect(list.friends).toEqual([
      expect.objectContaining({ name: 'Олег С.', first_order_paid: true, brought: REWARD }),
    ]);

    const inviterBonus = await bonusOf(t.app, inviter.auth);
    expect(inviterBonus.balance).toBe(REWARD);
    expect(inviterBonus.history).toEqual([
      expect.objectContaining({
        kind: 'referral_bonus',
        amount: REWARD,
        title: referralMessages.referrerTitle('Олег С.'),
      }),
    ]);
    const friendBonus = await bonusOf(t.app, friend.auth);
    expect(friendBonus.history.map((h) => [h.kind, h.amount])).toEqual([
      ['bonus_accrual', 30_00],
      ['bonus_accrual', 60_00],
      ['referral_bonus', REWARD],
    ]);
    // The balance screen's movements name it too, not as a plain accrual.
    const balance = await t.app.inject({ method: 'GET', url: paymentsApi.balance, headers: inviter.auth });
    expect(balance.json<{ results: Array<{ kind: string; bonus: number }> }>().results).toEqual([
      expect.objectContaining({ kind: 'referral_bonus', bonus: REWARD }),
    ]);
    await expectLedgerOk(t.app);
  });

  it('two orders paid at once by two payments: the reward is paid once', async () => {
    const { inviter, friend } = await referredPair(t.app);
    const ids = [await awaitingOrder(t.app, friend, 1_000_00), await awaitingOrder(t.app, friend, 1_500_00)];
    await giveMoney(t.app, friend.id, 2_500_00);
    const answers = await Promise.all(
      ids.map((id) =>
        pay(t.app, friend.auth, { purpose: 'order', object_id: id, payment_method: 'balance' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const txns = (await referralBonusTxns(t.app)).filter((x) => [inviter.id, friend.id].includes(x.user_id!));
    expect(txns).toHaveLength(2);
    expect((await finances(t.app, inviter.id)).bonus).toBe(REWARD);
    const row = await t.app.database.db
      .selectFrom('referrals')
      .selectAll()
      .where('referred_id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(row.rewarded_at).not.toBeNull();
    expect(txns.map((x) => x.id).sort()).toEqual([row.referrer_txn_id, row.referred_txn_id].sort());
    await expectLedgerOk(t.app);
  });

  it('a half paid order brings nothing until it is paid in full; a customer who came by himself gets no referral bonus', async () => {
    const { inviter, friend } = await referredPair(t.app);
    const id = await awaitingOrder(t.app, friend, 3_000_00);
    await giveMoney(t.app, friend.id, 3_000_00);
    const half = await pay(t.app, friend.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'balance',
      part: 'half',
    });
    expect(half.statusCode, half.body).toBe(200);
    expect((await finances(t.app, inviter.id)).bonus).toBe(0);
    const rest = await pay(t.app, friend.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'balance',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await finances(t.app, inviter.id)).bonus).toBe(REWARD);

    const alone = await customer(t.app);
    const own = await awaitingOrder(t.app, alone, 1_000_00);
    await payByCard(t.app, alone, own);
    expect((await referralBonusTxns(t.app)).filter((x) => x.user_id === alone.id)).toHaveLength(0);
    await expectLedgerOk(t.app);
  });
});

describe('the reward amount', () => {
  it('follows REFERRAL_BONUS_RUB as it was when the friend registered', async () => {
    const t = await buildTestApp({ REFERRAL_BONUS_RUB: '250' });
    try {
      const { inviter, friend } = await referredPair(t.app);
      expect((await friendsOf(t.app, inviter.auth)).reward).toBe(250_00);
      await payByCard(t.app, friend, await awaitingOrder(t.app, friend, 1_000_00));
      expect((await finances(t.app, inviter.id)).bonus).toBe(250_00);
      expect((await bonusOf(t.app, inviter.auth)).rules.referral_bonus).toBe(250_00);
      await expectLedgerOk(t.app);
    } finally {
      await t.close();
    }
  });
});
