import {
  CallbackCreatedSchema,
  StaffCallbackListSchema,
  api,
  profileMessages,
  staffMessages,
  staffApi,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { createStaff, type TestStaff } from './staff-fixtures';

describe('phone callbacks', () => {
  let t: TestApp;
  let manager: TestStaff;
  let performer: TestStaff;
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await createStaff(t.app, 'manager');
    performer = await createStaff(t.app, 'performer');
  });
  afterAll(() => t.close());

  const ask = (access: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: api.profile.callbacks, headers: bearer(access), payload });
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: staffApi.callbacks, headers: manager.auth });
    expect(res.statusCode, res.body).toBe(200);
    return StaffCallbackListSchema.parse(res.json()).results;
  };

  it('stores a request with the phone normalised, which a manager sees and marks done', async () => {
    const c = await registerCustomer(t.app);
    const res = await ask(c.access, { phone: '8 916 555-44-33', time: 'evening', comment: ' после 18 ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = CallbackCreatedSchema.parse(res.json());
    expect(created).toMatchObject({
      phone: '+79165554433',
      time: 'evening',
      comment: 'после 18',
      status: 'pending',
      detail: profileMessages.callbackRequested,
    });
    const mine = (await list()).find((r) => r.id === created.id);
    expect(mine).toMatchObject({ customer: { email: c.email }, status: 'pending', done_at: null });

    const done = await t.app.inject({
      method: 'POST',
      url: staffApi.callbackDone(created.id),
      headers: manager.auth,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: created.id, status: 'done' });
    const after = (await list()).find((r) => r.id === created.id);
    expect(after?.status).toBe('done');
    expect(after?.done_at).toBeTruthy();

    const twice = await t.app.inject({
      method: 'POST',
      url: staffApi.callbackDone(created.id),
      headers: manager.auth,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: profileMessages.callbackAlreadyDone });
    const unknown = await t.app.inject({
      method: 'POST',
      url: staffApi.callbackDone(999_999),
      headers: manager.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: profileMessages.callbackNotFound });
  });

  it('lists pending requests first, newest first', async () => {
    const c = await registerCustomer(t.app);
    const ids: number[] = [];
    for (const time of ['asap', 'morning', 'day']) {
      const res = await ask(c.access, { phone: '+44 20 7946 0958', time });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(CallbackCreatedSchema.parse(res.json()).id);
    }
    const [first, second, third] = ids as [number, number, number];
    await t.app.inject({ method: 'POST', url: staffApi.callbackDone(third), headers: manager.auth });
    const order = (await list()).map((r) => r.id).filter((id) => ids.includes(id));
    expect(order).toEqual([second, first, third]);
    const rows = await list();
    const firstDone = rows.findIndex((r) => r.status === 'done');
    expect(rows.slice(firstDone).every((r) => r.status === 'done')).toBe(true);
  });

  it('refuses a bad phone, time or comment with field errors and stores nothing', async () => {
    const c = await registerCustomer(t.app);
    const count = async () => (await t.app.database.db.selectFrom('callbacks').select('id').execute()).length;
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: '123', time: 'asap' }, 'phone', profileMessages.phoneInvalid],
      [{ phone: '', time: 'asap' }, 'phone', profileMessages.phoneInvalid],
      [{ phone: '+79161234567', time: 'night' }, 'time', profileMessages.callbackTimeInvalid],
      [
        { phone: '+79161234567', time: 'day', comment: 'к'.repeat(1001) },
        'comment',
        profileMessages.callbackCommentTooLong,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await ask(c.access, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('limits requests per phone', async () => {
    const c = await registerCustomer(t.app);
    const codes: number[] = [];
    for (let i = 0; i < t.config.RATE_MAX_PER_EMAIL + 1; i += 1) {
      codes.push((await ask(c.access, { phone: '+7 999 000-00-01', time: 'asap' })).statusCode);
    }
    expect(codes.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('lets only managers see and mark requests: an author and a customer get 403', async () => {
    const c = await registerCustomer(t.app);
    for (const [method, url] of [
      ['GET', staffApi.callbacks],
      ['POST', staffApi.callbackDone(1)],
    ] as const) {
      const byAuthor = await t.app.inject({ method, url, headers: performer.auth });
      expect(byAuthor.statusCode, `${method} ${url}`).toBe(403);
      expect(byAuthor.json()).toEqual({ detail: staffMessages.managerOnly });
      const byCustomer = await t.app.inject({ method, url, headers: bearer(c.access) });
      expect(byCustomer.statusCode).toBe(403);
      expect(byCustomer.json()).toEqual({ detail: staffMessages.staffOnly });
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    // A staff token cannot ask for a callback as a customer.
    const staffAsks = await t.app.inject({
      method: 'POST',
      url: api.profile.callbacks,
      headers: manager.auth,
      payload: { phone: '+79161234567', time: 'asap' },
    });
    expect(staffAsks.statusCode).toBe(403);
  });
});
