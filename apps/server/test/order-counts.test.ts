import { OrderListSchema, OrderStatusId, api, type WorkType } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, orderBody, placeOrder, setStatus, workTypes } from './orders-fixtures';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

// The tab counters come from `order_counts`, kept by triggers (migration 004). After every kind of
// change an order goes through, the table must equal a COUNT over `orders` itself.
describe('order counters', () => {
  let t: TestApp;
  let coursework: WorkType;
  beforeAll(async () => {
    t = await buildTestApp();
    const types = await workTypes(t.app, bearer((await registerCustomer(t.app)).access));
    coursework = types[0]!;
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const signUp = async () => {
    const auth = bearer((await registerCustomer(t.app)).access);
    const me = await t.app.inject({ method: 'GET', url: api.profile.root, headers: auth });
    return { auth, userId: (me.json() as { id: number }).id };
  };

  /** The stored counts, without zero rows, against a fresh GROUP BY of the orders. */
  async function expectCountsTrue() {
    const stored = await db()
      .selectFrom('order_counts')
      .select(['user_id', 'status_id', 'n'])
      .where('n', '<>', 0)
      .orderBy('user_id')
      .orderBy('status_id')
      .execute();
    const truth = await db()
      .selectFrom('orders')
      .select(['user_id', 'status_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('is_fake', '=', 0)
      .groupBy(['user_id', 'status_id'])
      .orderBy('user_id')
      .orderBy('status_id')
      .execute();
    expect(stored).toEqual(truth.map((r) => ({ ...r, n: Number(r.n) })));
  }

  async function counters(auth: { authorization: string }) {
    const res = await t.app.inject({ method: 'GET', url: `${api.orders.root}?tab=active`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const body: unknown = res.json();
    // The page is serialized without zod: it must still be exactly what the schema describes.
    expect(OrderListSchema.parse(body)).toEqual(body);
    return OrderListSchema.parse(body).counters;
  }

  it('follow placing, drafts, the trash, restoring and status changes', async () => {
    const { auth } = await signUp();
    const other = await signUp();
    const first = await placeOrder(t.app, auth, orderBody(coursework));
    await placeOrder(t.app, other.auth, orderBody(coursework));
    expect(await counters(auth)).toEqual({ active: 1, archive: 0, done: 0 });
    await expectCountsTrue();

    // A draft is not counted until it is placed.
    const draft = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { is_fake: true, topic: 'Черновик' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await counters(auth)).toEqual({ active: 1, archive: 0, done: 0 });
    await placeOrder(t.app, auth, orderBody(coursework, { fake_id: (draft.json() as { id: number }).id }));
    expect(await counters(auth)).toEqual({ active: 2, archive: 0, done: 0 });
    await expectCountsTrue();

    await setStatus(t.app, first.id, OrderStatusId.awaitingPayment);
    const trash = await t.app.inject({ method: 'DELETE', url: api.orders.byId(first.id), headers: auth });
    expect(trash.statusCode, trash.body).toBe(200);
    expect(await counters(auth)).toEqual({ active: 1, archive: 1, done: 0 });
    await expectCountsTrue();

    const back = await t.app.inject({ method: 'PATCH', url: api.orders.restore(first.id), headers: auth });
    expect(back.statusCode, back.body).toBe(200);
    expect(await counters(auth)).toEqual({ active: 2, archive: 0, done: 0 });

    await setStatus(t.app, first.id, OrderStatusId.completed);
    expect(await counters(auth)).toEqual({ active: 1, archive: 0, done: 1 });
    // An edit that keeps the status counts nothing twice.
    const second = await placeOrder(t.app, auth, orderBody(coursework));
    const edit = await t.app.inject({
      method: 'PATCH',
      url: api.orders.byId(second.id),
      headers: auth,
      payload: { pages: coursework.min_pages + 1, deadline: dayIn(45) },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await counters(auth)).toEqual({ active: 2, archive: 0, done: 1 });
    expect(await counters(other.auth)).toEqual({ active: 1, archive: 0, done: 0 });
    await expectCountsTrue();
  });

  it('follow writes made straight in the database: moves between customers, drafts, deletions', async () => {
    const a = await signUp();
    const b = await signUp();
    const order = await placeOrder(t.app, a.auth, orderBody(coursework));
    await placeOrder(t.app, a.auth, orderBody(coursework));

    await db()
      .updateTable('orders')
      .set({ user_id: b.userId, status_id: OrderStatusId.cancelled })
      .where('id', '=', order.id)
      .execute();
    expect(await counters(a.auth)).toEqual({ active: 1, archive: 0, done: 0 });
    expect(await counters(b.auth)).toEqual({ active: 0, archive: 1, done: 0 });
    await expectCountsTrue();

    await db().updateTable('orders').set({ is_fake: 1 }).where('id', '=', order.id).execute();
    expect(await counters(b.auth)).toEqual({ active: 0, archive: 0, done: 0 });
    await db()
      .updateTable('orders')
      .set({ is_fake: 0, status_id: OrderStatusId.completed })
      .where('id', '=', order.id)
      .execute();
    expect(await counters(b.auth)).toEqual({ active: 0, archive: 0, done: 1 });
    await expectCountsTrue();

    await db().deleteFrom('orders').where('id', '=', order.id).execute();
    expect(await counters(b.auth)).toEqual({ active: 0, archive: 0, done: 0 });
    await db().deleteFrom('orders').where('user_id', '=', a.userId).execute();
    expect(await counters(a.auth)).toEqual({ active: 0, archive: 0, done: 0 });
    await expectCountsTrue();
  });
});
