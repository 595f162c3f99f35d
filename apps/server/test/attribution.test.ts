import {
  ATTRIBUTION_COOKIES,
  AttributionReportSchema,
  CountersSchema,
  DraftSchema,
  OrderCreatedSchema,
  PayResultSchema,
  api,
  attributionMessages,
  countersApi,
  staffMessages,
  staffApi,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { PASSWORD, bearer, buildTestApp, uniqueEmail, type TestApp } from './helpers';
import { orderBody, workTypes } from './orders-fixtures';
import { awaitingOrder, expectLedgerOk, giveBonus, pay, type PayCustomer } from './payments-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';

/**
 * Marketing attribution (spec §9): the tracking cookies the web app sets are recorded
 * with the customer at registration and with each order placed, and a manager's report answers
 * which campaign and partner brought paid orders and how much money.
 */

const CAMPAIGN = 'utm_campaign=spring&utm_source=vk';
const COOKIES = {
  [ATTRIBUTION_COOKIES.referrer]: 'https://ya.ru/search?text=курсовая',
  [ATTRIBUTION_COOKIES.landing]: 'https://example.com/?utm_campaign=spring',
  [ATTRIBUTION_COOKIES.campaign]: CAMPAIGN,
  [ATTRIBUTION_COOKIES.affiliateUid]: 'a1b2c3d4e5f6',
};
const today = () => new Date().toISOString().slice(0, 10);

let t: TestApp;
let manager: TestStaff;
let author: TestStaff;

beforeAll(async () => {
  t = await buildTestApp({ INSTALLMENTS_ENABLED: 'true' });
  manager = await createStaff(t.app, 'manager');
  author = await createStaff(t.app, 'performer');
});
afterAll(() => t.close());

async function register(cookies: Record<string, string>): Promise<PayCustomer> {
  const email = uniqueEmail('attr');
  const res = await t.app.inject({
    method: 'POST',
    url: api.profile.root,
    cookies,
    payload: { email, password: PASSWORD, agree: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { tokens } = res.json() as { tokens: { access: string } };
  const row = await t.app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email, auth: bearer(tokens.access) };
}

const userAttribution = (id: number) =>
  t.app.database.db
    .selectFrom('users')
    .select(['referrer', 'landing', 'campaign', 'affiliate_uid'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const orderAttribution = (id: number) =>
  t.app.database.db
    .selectFrom('orders')
    .select(['referrer', 'landing', 'campaign', 'affiliate_uid'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function placeWith(customer: PayCustomer, cookies: Record<string, string>) {
  const [workType] = await workTypes(t.app, customer.auth);
  const res = await t.app.inject({
    method: 'POST',
    url: api.orders.root,
    headers: customer.auth,
    cookies,
    payload: orderBody(workType!),
  });
  expect(res.statusCode, res.body).toBe(201);
  return OrderCreatedSchema.parse(res.json()).id;
}

function report(auth: { authorization: string }, query: string) {
  return t.app.inject({ method: 'GET', url: `${staffApi.attributionReport}?${query}`, headers: auth });
}

describe('recording the attribution', () => {
  it('stores the cookies on the customer at registration', async () => {
    const customer = await register(COOKIES);
    expect(await userAttribution(customer.id)).toEqual({
      referrer: COOKIES.referrer,
      landing: COOKIES.landing,
      campaign: CAMPAIGN,
      affiliate_uid: 'a1b2c3d4e5f6',
    });
  });

  it('stores nothing without cookies, cuts long values and ignores a malformed affiliate id', async () => {
    const plain = await register({});
    expect(await userAttribution(plain.id)).toEqual({
      referrer: null,
      landing: null,
      campaign: null,
      affiliate_uid: null,
    });
    const odd = await register({
      [ATTRIBUTION_COOKIES.referrer]: `https://x.example/${'a'.repeat(5000)}`,
      [ATTRIBUTION_COOKIES.campaign]: '  tag\u0001with\u0007controls  ',
      [ATTRIBUTION_COOKIES.affiliateUid]: '<script>',
    });
    const stored = await userAttribution(odd.id);
    expect(stored.referrer).toHaveLength(1000);
    expect(stored.campaign).toBe('tagwithcontrols');
    expect(stored.affiliate_uid).toBeNull();
  });

  it('stores the cookies on an order placed with them, and the customer’s own when it has none', async () => {
    const customer = await register(COOKIES);
    const other = {
      [ATTRIBUTION_COOKIES.campaign]: 'utm_campaign=autumn',
      [ATTRIBUTION_COOKIES.landing]: 'https://example.com/b',
    };
    const withCookies = await placeWith(customer, other);
    expect(await orderAttribution(withCookies)).toEqual({
      referrer: null,
      landing: 'https://example.com/b',
      campaign: 'utm_campaign=autumn',
      affiliate_uid: null,
    });
    // A day later the cookies are gone: the order keeps what brought the customer.
    const later = await placeWith(customer, {});
    expect(await orderAttribution(later)).toEqual(await userAttribution(customer.id));
  });
});

describe('an order placed from a draft', () => {
  it('takes the cookies of the request that places it', async () => {
    const customer = await register({});
    const draft = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: customer.auth,
      payload: { is_fake: true, topic: 'Черновик' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const fakeId = DraftSchema.parse(draft.json()).id;
    const [workType] = await workTypes(t.app, customer.auth);
    const placed = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: customer.auth,
      cookies: { [ATTRIBUTION_COOKIES.campaign]: 'utm=draft' },
      payload: orderBody(workType!, { fake_id: fakeId }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(OrderCreatedSchema.parse(placed.json()).id).toBe(fakeId);
    expect(await orderAttribution(fakeId)).toMatchObject({ campaign: 'utm=draft' });
  });
});

describe('the staff report', () => {
  it('shows the campaign and partner with 1 paid order and the money paid through the test bank', async () => {
    const tag = `utm_campaign=bank-${Date.now()}`;
    const customer = await register({ ...COOKIES, [ATTRIBUTION_COOKIES.campaign]: tag });
    // Two orders with the tag: one paid by card (part with bonuses), one left unpaid.
    const paidOrder = await awaitingOrder(t.app, customer, 500_000);
    await awaitingOrder(t.app, customer, 300_000);
    await giveBonus(t.app, customer.id, 20_000);
    const res = await pay(t.app, customer.auth, {
      purpose: 'order',
      object_id: paidOrder,
      payment_method: 'bank_card',
      bonus: 20_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { confirmation_url } = PayResultSchema.parse(res.json());
    const bank = await t.app.inject({
      method: 'POST',
      url: new URL(confirmation_url ?? '').pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        action: 'pay',
        card: '4242 4242 4242 4242',
        exp: '12/35',
        cvc: '123',
      }).toString(),
    });
    expect(bank.statusCode, bank.body).toBe(303);
    await expectLedgerOk(t.app);

    const answer = await report(manager.auth, `from=${today()}&to=${today()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = AttributionReportSchema.parse(answer.json());
    expect(body.results.find((r) => r.campaign === tag)).toEqual({
      campaign: tag,
      partner: 'admitad',
      orders_placed: 2,
      orders_paid: 1,
      // What the customer paid in money: the price less the bonuses spent.
      money_paid: 480_000,
      customers_registered: 1,
    });
    // Without an affiliate id the partner is none; the totals add the rows up.
    const plain = body.results.find((r) => r.campaign === null && r.partner === null);
    expect(plain?.customers_registered).toBeGreaterThan(0);
    const sum = (key: 'orders_placed' | 'money_paid' | 'customers_registered') =>
      body.results.reduce((s, r) => s + r[key], 0);
    expect(body.total).toMatchObject({
      orders_placed: sum('orders_placed'),
      money_paid: sum('money_paid'),
      customers_registered: sum('customers_registered'),
    });
  });

  it('counts only the period asked for', async () => {
    const body = AttributionReportSchema.parse(
      (await report(manager.auth, 'from=2020-01-01&to=2020-01-31')).json(),
    );
    expect(body).toEqual({
      from: '2020-01-01',
      to: '2020-01-31',
      results: [],
      total: { orders_placed: 0, orders_paid: 0, money_paid: 0, customers_registered: 0 },
    });
  });

  it('refuses a bad period with 400 naming the field', async () => {
    const bad = await report(manager.auth, 'from=2026-13-01&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(attributionMessages.dateInvalid);
    const reversed = await report(manager.auth, 'from=2026-02-01&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(JSON.stringify(reversed.json())).toContain(attributionMessages.rangeInvalid);
    const missing = await report(manager.auth, 'from=2026-02-01');
    expect(missing.statusCode).toBe(400);
  });

  it('is for managers only: an author 403, a customer 403, nobody 401', async () => {
    const q = `from=${today()}&to=${today()}`;
    const byAuthor = await report(author.auth, q);
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toEqual({ detail: staffMessages.managerOnly });
    const customer = await register({});
    const byCustomer = await report(customer.auth, q);
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toEqual({ detail: staffMessages.staffOnly });
    expect(
      (await t.app.inject({ method: 'GET', url: `${staffApi.attributionReport}?${q}` })).statusCode,
    ).toBe(401);
  });
});

describe('the counters’ settings', () => {
  it('refuse a malformed id at start, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', YANDEX_METRIKA_ID: 'abc' })).toThrow(/YANDEX_METRIKA_ID/);
    expect(() => loadConfig({ NODE_ENV: 'test', GA4_MEASUREMENT_ID: 'UA-123-1' })).toThrow(
      /GA4_MEASUREMENT_ID/,
    );
    expect(loadConfig({ NODE_ENV: 'test', YANDEX_METRIKA_ID: ' 987 ' }).YANDEX_METRIKA_ID).toBe('987');
  });

  it('are null when unset', async () => {
    const res = await t.app.inject({ method: 'GET', url: countersApi });
    expect(res.statusCode).toBe(200);
    expect(CountersSchema.parse(res.json())).toEqual({ yandex_metrika_id: null, ga4_measurement_id: null });
  });

  it('give the configured ids to anyone', async () => {
    const app = await buildTestApp({ YANDEX_METRIKA_ID: '12345678', GA4_MEASUREMENT_ID: 'G-TEST1234' });
    try {
      const res = await app.app.inject({ method: 'GET', url: countersApi });
      expect(res.json()).toEqual({ yandex_metrika_id: '12345678', ga4_measurement_id: 'G-TEST1234' });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    } finally {
      await app.close();
    }
  });
});
