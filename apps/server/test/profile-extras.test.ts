import {
  ProfilePopupSchema,
  ProfileSchema,
  SESSION_LIMITS,
  SubscribeResponseSchema,
  UNISENDER_STATUSES,
  api,
  needsDiplomaPopup,
  profileMessages,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_OFFER_EMAIL, DEMO_PASSWORD } from '../src/db/seed';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

describe('diploma half-price popup rule (unit)', () => {
  it('shows only for offer id 4 not yet dismissed', () => {
    expect(needsDiplomaPopup({ diplom_half_price: { id: 4 }, diplom_hp_popup: false })).toBe(true);
    expect(needsDiplomaPopup({ diplom_half_price: { id: 4 }, diplom_hp_popup: true })).toBe(false);
    expect(needsDiplomaPopup({ diplom_half_price: { id: 0 }, diplom_hp_popup: false })).toBe(false);
    expect(needsDiplomaPopup({ diplom_half_price: { id: 3 }, diplom_hp_popup: false })).toBe(false);
  });
});

describe('newsletter, popup and session store through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SEED_DEMO: '1' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    access: string,
    payload?: Record<string, unknown> | unknown[],
  ) => t.app.inject({ method, url, headers: bearer(access), ...(payload === undefined ? {} : { payload }) });
  const setUnisender = (email: string, id: number) =>
    t.app.database.db
      .updateTable('users')
      .set({ unisender_status_id: id })
      .where('email', '=', email)
      .execute();
  const profileOf = async (access: string) =>
    ProfileSchema.parse((await call('GET', api.profile.root, access)).json());

  it('subscribes from 0 and 2, unsubscribes 1 → 2, and repeats change nothing', async () => {
    const c = await registerCustomer(t.app);
    const title = (id: number) => UNISENDER_STATUSES.find((s) => s.id === id)?.title;
    const step = async (method: 'POST' | 'DELETE', expected: number) => {
      const res = await call(method, api.profile.subscribe, c.access);
      expect(res.statusCode, res.body).toBe(200);
      const body = SubscribeResponseSchema.parse(res.json());
      expect(body.unisender_status).toEqual({ id: expected, title: title(expected) });
      expect(body.detail).toBe(method === 'POST' ? profileMessages.subscribed : profileMessages.unsubscribed);
      expect((await profileOf(c.access)).unisender_status.id).toBe(expected);
    };
    await setUnisender(c.email, 0);
    await step('DELETE', 0);
    await step('POST', 1);
    await step('POST', 1);
    await step('DELETE', 2);
    await step('DELETE', 2);
    await step('POST', 1);
  });

  it('shows the popup to the demo customer with the offer until dismissed, then never again', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: api.auth.login,
      payload: { email: DEMO_OFFER_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const access =
      (login.json() as { tokens?: { access: string }; access?: string }).tokens?.access ??
      (login.json() as { access: string }).access;
    const shown = async () =>
      ProfilePopupSchema.parse((await call('GET', api.profile.profilePopup, access)).json()).is_need_show;
    expect(await shown()).toBe(true);
    for (let i = 0; i < 2; i += 1) {
      const res = await call('PATCH', api.profile.popup, access);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ is_need_show: false });
    }
    expect(await shown()).toBe(false);
    expect((await profileOf(access)).diplom_hp_popup).toBe(true);
  });

  it('never puts the popup in front of the main demo customer', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: api.auth.login,
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const access =
      (login.json() as { tokens?: { access: string }; access?: string }).tokens?.access ??
      (login.json() as { access: string }).access;
    expect((await call('GET', api.profile.profilePopup, access)).json()).toEqual({ is_need_show: false });
  });

  it('does not show the popup without the offer', async () => {
    const c = await registerCustomer(t.app);
    expect((await call('GET', api.profile.profilePopup, c.access)).json()).toEqual({ is_need_show: false });
  });

  it('merges session keys per customer, null deleting', async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    expect((await call('GET', api.profile.session, a.access)).json()).toEqual({});
    let res = await call('POST', api.profile.session, a.access, { 'orders.tab': 'archive', banners: [1, 2] });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('POST', api.profile.session, a.access, { banners: null, theme_seen: { at: 1 } });
    expect(res.json()).toEqual({ 'orders.tab': 'archive', theme_seen: { at: 1 } });
    expect((await call('GET', api.profile.session, a.access)).json()).toEqual({
      'orders.tab': 'archive',
      theme_seen: { at: 1 },
    });
    expect((await call('GET', api.profile.session, b.access)).json()).toEqual({});
  });

  it('keeps both of two parallel merges', async () => {
    const a = await registerCustomer(t.app);
    const keys = Array.from({ length: 8 }, (_, i) => `k${i}`);
    const answers = await Promise.all(
      keys.map((k) => call('POST', api.profile.session, a.access, { [k]: k })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(keys.map(() => 200));
    expect(Object.keys((await call('GET', api.profile.session, a.access)).json() as object).sort()).toEqual(
      keys,
    );
  });

  it('refuses bad keys, big values, too many keys (400) and a too large whole (413), storing nothing', async () => {
    const a = await registerCustomer(t.app);
    await call('POST', api.profile.session, a.access, { keep: 1 });
    const refuse = async (payload: Record<string, unknown>, status: number, message: string) => {
      const res = await call('POST', api.profile.session, a.access, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect((res.json() as { detail: string }).detail).toBe(message);
      expect((await call('GET', api.profile.session, a.access)).json()).toEqual({ keep: 1 });
    };
    await refuse({ 'bad key': 1, ok: 2 }, 400, profileMessages.sessionKeyInvalid);
    await refuse({ ['k'.repeat(65)]: 1 }, 400, profileMessages.sessionKeyInvalid);
    await refuse(
      { big: 'x'.repeat(SESSION_LIMITS.maxValueBytes) },
      400,
      profileMessages.sessionValueTooLarge,
    );
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    await refuse(many, 400, profileMessages.sessionTooManyKeys);
    // 50 in one request are fine alone, but with the stored key they are 51.
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    await refuse(fifty, 400, profileMessages.sessionTooManyKeys);
    // Each value under 2 KiB, together over 16 KiB.
    const wide = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`w${i}`, 'x'.repeat(1900)]));
    await refuse(wide, 413, profileMessages.sessionTooLarge);
    const notObject = await call('POST', api.profile.session, a.access, [1, 2]);
    expect(notObject.statusCode).toBe(400);
    expect((await call('GET', api.profile.session, a.access)).json()).toEqual({ keep: 1 });
  });
});
