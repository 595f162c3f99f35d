import {
  ORDER_ACTIONS,
  ORDER_STATUS_IDS,
  OrderStatusId,
  StaffOrderSchema,
  api,
  orderActionTarget,
  staffApi,
  type OrderAction,
  type OrderActor,
  type OrderStatusId as StatusId,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { guaranteeUntil } from '../src/modules/orders/guarantee';
import { buildTestApp, type TestApp } from './helpers';
import { dayIn, multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';
import { giveMoney, pay, payCustomer, type PayCustomer } from './payments-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';

/**
 * The contract's state machine (`ORDER_MACHINE`, ADR 004) as the API answers it: for every status
 * × actor × action, the request that actor would send for that action, and whether the server
 * allows it (2xx, the order in the machine's target status) or refuses it (403 when the action is
 * never the actor's, 404/409 when not in this status) leaving the status as it was. On SQLite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */

type Answer = { statusCode: number; body: string };

describe('the order state machine through the API', () => {
  let t: TestApp;
  let customer: PayCustomer;
  let manager: TestStaff;
  let author: TestStaff;
  let workType: Awaited<ReturnType<typeof workTypes>>[number];

  beforeAll(async () => {
    t = await buildTestApp();
    customer = await payCustomer(t.app);
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer');
    workType = (await workTypes(t.app, customer.auth))[0]!;
    await giveMoney(t.app, customer.id, 100_000_000);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const statusOf = async (id: number) =>
    (await db().selectFrom('orders').select('status_id').where('id', '=', id).executeTakeFirstOrThrow())
      .status_id;

  /**
   * An order of the customer in `status` as the lifecycle leaves it there: priced, paid from 3 on,
   * the author assigned (except in 3, which never has one, or when `withAuthor` is false), the
   * guarantee running once delivered, an open rework in 6 with a final file uploaded during it,
   * trashed from «Выполнен» in 16.
   */
  async function orderIn(status: StatusId, withAuthor = status !== OrderStatusId.searchingAuthor) {
    const { id, price } = await placeOrder(t.app, customer.auth, orderBody(workType));
    const paid = status >= 3 && status !== OrderStatusId.cancelled ? price : 0;
    const delivered = ([5, 6, 7, 16] as number[]).includes(status);
    await db()
      .updateTable('orders')
      .set({
        status_id: status,
        paid,
        performer_id: withAuthor ? author.id : null,
        guarantee_until: delivered ? guaranteeUntil(new Date(), 20) : null,
        is_trash: status === OrderStatusId.trashed ? 1 : 0,
        trashed_from_status: status === OrderStatusId.trashed ? OrderStatusId.completed : null,
      })
      .where('id', '=', id)
      .execute();
    let reworkId = 999_999;
    if (status === OrderStatusId.rework) {
      reworkId = (
        await db()
          .insertInto('reworks')
          .values({ order_id: id, number: 1, comment: 'Поправьте введение', created_at: nowIso() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const held = await uploadFinal(author.auth, id);
      expect(held.statusCode, held.body).toBe(201);
    }
    return { id, reworkId };
  }

  const inject = (
    auth: { authorization: string },
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  function uploadFinal(auth: { authorization: string }, id: number) {
    const body = multipart([{ name: 'Работа.pdf', content: samples.pdf }]);
    return t.app.inject({
      method: 'POST',
      url: `${staffApi.files(id)}?kind=final`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  }

  /** The request an actor sends for an action; `system` pays: the customer's balance payment settles. */
  function send(
    actor: OrderActor,
    action: OrderAction,
    order: { id: number; reworkId: number },
  ): Promise<Answer> | null {
    const auth = actor === 'manager' ? manager.auth : actor === 'performer' ? author.auth : customer.auth;
    const o = order.id;
    switch (action) {
      case 'edit':
        return inject(auth, 'PATCH', api.orders.byId(o), { topic: 'Новая тема' });
      case 'trash':
        return inject(auth, 'DELETE', api.orders.byId(o));
      case 'restore':
        return inject(auth, 'PATCH', api.orders.restore(o), {});
      case 'price':
        return inject(auth, 'PATCH', staffApi.order(o), { price: 510_000 });
      case 'back_to_pricing':
        return inject(auth, 'POST', staffApi.status(o), { status_id: OrderStatusId.pricing });
      case 'pay':
        // A customer does not move the order by paying: the payment, settled, does (`system`).
        if (actor === 'customer') return null;
        return pay(t.app, actor === 'system' ? customer.auth : auth, {
          purpose: 'order',
          object_id: o,
          payment_method: 'balance',
        });
      case 'assign':
        return inject(auth, 'POST', staffApi.assign(o), { performer_id: author.id });
      case 'start':
        return inject(auth, 'POST', staffApi.status(o), { status_id: OrderStatusId.inProgress });
      case 'deliver':
        return uploadFinal(auth, o);
      case 'request_rework':
        return inject(auth, 'POST', api.orders.reworks(o), { comment: 'Исправьте, пожалуйста' });
      case 'answer_rework':
        return inject(auth, 'POST', staffApi.reworkAnswer(o, order.reworkId), { text: 'Готово', files: [] });
      case 'accept':
        return actor === 'customer'
          ? inject(auth, 'POST', api.orders.accept(o), {})
          : inject(auth, 'POST', staffApi.status(o), { status_id: OrderStatusId.completed });
      case 'cancel':
        return inject(auth, 'POST', staffApi.status(o), { status_id: OrderStatusId.cancelled });
    }
  }

  async function check(status: StatusId, actor: OrderActor, action: OrderAction, withAuthor?: boolean) {
    const order = await orderIn(status, withAuthor);
    const hasAuthor = withAuthor ?? status !== OrderStatusId.searchingAuthor;
    const expected = orderActionTarget(status, actor, action, {
      alternate: action === 'pay' && hasAuthor,
      trashedFrom: OrderStatusId.completed,
    });
    const request = send(actor, action, order);
    if (request === null) return null;
    const res = await request;
    const cell = `${actor} ${action} in ${status}: ${res.statusCode} ${res.body.slice(0, 200)}`;
    const after = await statusOf(order.id);
    if (expected.allowed) {
      expect(res.statusCode, cell).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, cell).toBeLessThan(300);
      expect(after, cell).toBe(expected.to);
    } else {
      // Never the actor's: 403 (or 404 where an author cannot see the order: nobody assigned him);
      // not in this status: 409, or 404 for a rework that is not there to answer.
      expect(res.statusCode, cell).toBeOneOf(expected.reason === 'actor' ? [403, 404] : [404, 409]);
      if (expected.reason === 'actor' && hasAuthor) expect(res.statusCode, cell).toBe(403);
      expect(after, cell).toBe(status);
    }
    return expected.allowed;
  }

  const ACTORS: OrderActor[] = ['customer', 'manager', 'performer', 'system'];

  for (const status of ORDER_STATUS_IDS) {
    it(`answers every actor × action on an order in status ${status} as the machine says`, async () => {
      let allowed = 0;
      for (const actor of ACTORS) {
        // The service's own actor only pays; nothing else has a request of its own.
        const actions = actor === 'system' ? (['pay'] as const) : ORDER_ACTIONS;
        for (const action of actions) if (await check(status, actor, action)) allowed += 1;
      }
      // Every status but «Отменён» allows something to someone.
      if (status !== OrderStatusId.cancelled) expect(allowed).toBeGreaterThan(0);
    });
  }

  it('moves an order paid with an author assigned to «Автор назначен», without one to «Оплачен, подбираем автора»', async () => {
    expect(await check(OrderStatusId.awaitingPayment, 'system', 'pay', true)).toBe(true);
    expect(await check(OrderStatusId.awaitingPayment, 'system', 'pay', false)).toBe(true);
    const order = await orderIn(OrderStatusId.awaitingPayment, true);
    await pay(t.app, customer.auth, { purpose: 'order', object_id: order.id, payment_method: 'balance' });
    const seen = await inject(customer.auth, 'GET', api.orders.byId(order.id));
    expect(seen.json()).toMatchObject({ status: { id: 9, title: 'Автор назначен' } });
  });

  it('lets the assigned author take a paid order into work himself; his only button is «Взять в работу»', async () => {
    const order = await orderIn(OrderStatusId.authorAssigned);
    const before = StaffOrderSchema.parse(
      (await inject(author.auth, 'GET', staffApi.order(order.id))).json(),
    );
    expect(before.next_statuses).toEqual([OrderStatusId.inProgress]);
    const managerView = StaffOrderSchema.parse(
      (await inject(manager.auth, 'GET', staffApi.order(order.id))).json(),
    );
    expect(managerView.next_statuses).toEqual([OrderStatusId.inProgress, OrderStatusId.cancelled]);
    // Before he takes it, a final file is refused: the work has not started.
    const early = await uploadFinal(author.auth, order.id);
    expect(early.statusCode).toBe(409);
    const started = await inject(author.auth, 'POST', staffApi.status(order.id), {
      status_id: OrderStatusId.inProgress,
      from_status_id: OrderStatusId.authorAssigned,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(StaffOrderSchema.parse(started.json())).toMatchObject({
      status: { id: OrderStatusId.inProgress },
      next_statuses: [],
    });
    const timeline = await inject(customer.auth, 'GET', api.orders.timeline(order.id));
    expect(timeline.body).toContain('Автор пишет работу');
    // Another author never sees it: 404, nothing moves.
    const stranger = await createStaff(t.app, 'performer', { name: 'Пётр' });
    const other = await orderIn(OrderStatusId.authorAssigned);
    const refused = await inject(stranger.auth, 'POST', staffApi.status(other.id), {
      status_id: OrderStatusId.inProgress,
    });
    expect(refused.statusCode).toBe(404);
    expect(await statusOf(other.id)).toBe(OrderStatusId.authorAssigned);
  });

  it('runs the guarantee from the later of the final file and the deadline, never ending before deadline + GUARANTEE_DAYS', async () => {
    const day = (d: string, plus: number) =>
      new Date(Date.parse(`${d}T12:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);
    // Delivered a month before the deadline: 20 days from the deadline.
    const early = await orderIn(OrderStatusId.inProgress);
    await db()
      .updateTable('orders')
      .set({ deadline: dayIn(30) })
      .where('id', '=', early.id)
      .execute();
    expect((await uploadFinal(author.auth, early.id)).statusCode).toBe(201);
    const earlyRow = await db()
      .selectFrom('orders')
      .select(['guarantee_until', 'deadline', 'status_id'])
      .where('id', '=', early.id)
      .executeTakeFirstOrThrow();
    expect(earlyRow.status_id).toBe(OrderStatusId.review);
    expect(earlyRow.guarantee_until).toBe(`${day(dayIn(30), 20)}T20:59:59.999Z`);

    // Delivered after the deadline: 20 days from the delivery (today in Moscow).
    const late = await orderIn(OrderStatusId.inProgress);
    await db()
      .updateTable('orders')
      .set({ deadline: dayIn(-5) })
      .where('id', '=', late.id)
      .execute();
    expect((await uploadFinal(author.auth, late.id)).statusCode).toBe(201);
    const lateRow = await db()
      .selectFrom('orders')
      .select('guarantee_until')
      .where('id', '=', late.id)
      .executeTakeFirstOrThrow();
    expect(lateRow.guarantee_until).toBe(`${day(dayIn(0), 20)}T20:59:59.999Z`);

    // The manager moves the deadline later after the delivery: the guarantee follows; earlier: it stays.
    const moved = await inject(manager.auth, 'PATCH', staffApi.order(late.id), { deadline: dayIn(25) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(StaffOrderSchema.parse(moved.json()).guarantee_until).toBe(`${day(dayIn(25), 20)}T20:59:59.999Z`);
    const back = await inject(manager.auth, 'PATCH', staffApi.order(late.id), { deadline: dayIn(2) });
    expect(StaffOrderSchema.parse(back.json()).guarantee_until).toBe(`${day(dayIn(25), 20)}T20:59:59.999Z`);
  });
});
