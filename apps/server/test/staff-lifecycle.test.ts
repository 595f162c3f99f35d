import {
  OrderListSchema,
  OrderStatusId,
  StaffOrderSchema,
  TimelineSchema,
  api,
  orderMessages,
  staffMessages,
  type WorkType,
  staffApi,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, mailCount, registerCustomer, type TestApp } from './helpers';
import { dayIn, orderBody, placeOrder, workTypes } from './orders-fixtures';
import { createStaff, payInDb, type TestStaff } from './staff-fixtures';

type Auth = { authorization: string };

describe('the order lifecycle through the staff API', () => {
  let t: TestApp;
  let manager: TestStaff;
  let manager2: TestStaff;
  let author: TestStaff;
  let author2: TestStaff;
  let customer: { email: string; auth: Auth };
  let workType: WorkType;

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await createStaff(t.app, 'manager');
    manager2 = await createStaff(t.app, 'manager', { name: 'Пётр' });
    author = await createStaff(t.app, 'performer');
    author2 = await createStaff(t.app, 'performer', { name: 'Мария С.' });
    const c = await registerCustomer(t.app, { fio: 'Анна Демидова' });
    customer = { email: c.email, auth: bearer(c.access) };
    workType = (await workTypes(t.app, customer.auth))[0]!;
  });
  afterAll(() => t.close());

  const newOrder = async () => (await placeOrder(t.app, customer.auth, orderBody(workType))).id;
  const inject = (who: Auth, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
  const row = (id: number) =>
    t.app.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = async (id: number) =>
    (
      await t.app.database.db
        .selectFrom('order_events')
        .select(['kind', 'actor_role', 'staff_id', 'data'])
        .where('order_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((e) => ({ ...e, data: JSON.parse(e.data) as Record<string, unknown> }));

  it('prices an order in «Оценка стоимости»: it awaits payment, the timeline says who, the customer is mailed', async () => {
    const id = await newOrder();
    const before = await mailCount(t.app, customer.email);
    const res = await inject(manager.auth, 'PATCH', staffApi.order(id), { cost: 512_300 });
    expect(res.statusCode, res.body).toBe(200);
    const order = StaffOrderSchema.parse(res.json());
    expect(order.status.id).toBe(OrderStatusId.awaitingPayment);
    // The price set is before the order's discounts (ADR 027); the customer pays it less them.
    expect(order.cost).toBe(512_300);
    expect(order.price).toBe(512_300 - order.discount);
    expect(order.discounts.reduce((sum, d) => sum + d.amount, 0)).toBe(order.discount);
    expect(order.next_statuses).not.toContain(OrderStatusId.searchingAuthor);
    expect(await events(id)).toEqual([
      {
        kind: 'priced',
        actor_role: 'manager',
        staff_id: manager.id,
        data: { from: 1, to: 2, price: order.price, cost: 512_300 },
      },
    ]);
    expect(await mailCount(t.app, customer.email)).toBe(before + 1);

    // In «Ожидает оплаты» the price changes and the status stays.
    const again = await inject(manager.auth, 'PATCH', staffApi.order(id), { cost: 480_000 });
    expect(again.statusCode).toBe(200);
    const repriced = StaffOrderSchema.parse(again.json());
    expect(repriced).toMatchObject({ cost: 480_000, price: 480_000 - repriced.discount, status: { id: 2 } });
    expect((await events(id)).map((e) => e.kind)).toEqual(['priced', 'priced']);

    // The customer sees the new price.
    const mine = await inject(customer.auth, 'GET', api.orders.byId(id));
    expect((mine.json() as { price: number }).price).toBe(repriced.price);

    // Paid: the price is locked.
    await payInDb(t.app, id);
    const locked = await inject(manager.auth, 'PATCH', staffApi.order(id), { price: 100_000 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ detail: staffMessages.priceLocked });
    expect((await row(id)).price).toBe(repriced.price);
  });

  it('mails no price to a customer who turned e-mail off', async () => {
    const id = await newOrder();
    await t.app.database.db
      .updateTable('users')
      .set({ email_delivery: 0 })
      .where('email', '=', customer.email)
      .execute();
    try {
      const before = await mailCount(t.app, customer.email);
      expect((await inject(manager.auth, 'PATCH', staffApi.order(id), { price: 300_000 })).statusCode).toBe(
        200,
      );
      expect(await mailCount(t.app, customer.email)).toBe(before);
      expect((await row(id)).status_id).toBe(2);
    } finally {
      await t.app.database.db
        .updateTable('users')
        .set({ email_delivery: 1 })
        .where('email', '=', customer.email)
        .execute();
    }
  });

  it('refuses a price out of range and an empty change with Russian details', async () => {
    const id = await newOrder();
    for (const [payload, detail] of [
      [{ price: 50 }, staffMessages.priceInvalid],
      [{ price: 12.5 }, staffMessages.priceInvalid],
      [{}, staffMessages.nothingToChange],
    ] as const) {
      const res = await inject(manager.auth, 'PATCH', staffApi.order(id), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { detail: string }).detail).toBe(detail);
    }
    expect((await row(id)).status_id).toBe(1);
  });

  it('changes the deadline (due at the end of the day in Moscow) and records it', async () => {
    const id = await newOrder();
    const day = dayIn(50);
    const res = await inject(manager.auth, 'PATCH', staffApi.order(id), { deadline: day });
    expect(res.statusCode, res.body).toBe(200);
    expect(StaffOrderSchema.parse(res.json())).toMatchObject({
      deadline: day,
      deadline_at: `${day}T20:59:59.999Z`,
    });
    expect((await events(id)).at(-1)).toMatchObject({ kind: 'deadline_changed', data: { deadline: day } });
    const past = await inject(manager.auth, 'PATCH', staffApi.order(id), { deadline: dayIn(-1) });
    expect(past.statusCode).toBe(400);
    expect((past.json() as { detail: string }).detail).toBe(orderMessages.deadlineTooEarly);
  });

  it('assigns an author to a paid order: it goes to work; reassigning only changes the author', async () => {
    const id = await newOrder();
    await inject(manager.auth, 'PATCH', staffApi.order(id), { price: 400_000 });
    await payInDb(t.app, id);
    // Not the author's yet: not found for them.
    expect((await inject(author.auth, 'GET', staffApi.order(id))).statusCode).toBe(404);

    const res = await inject(manager.auth, 'POST', staffApi.assign(id), { performer_id: author.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(StaffOrderSchema.parse(res.json())).toMatchObject({
      status: { id: OrderStatusId.inProgress },
      performer: { id: author.id, name: 'Иван К.' },
      // «На проверке» comes with the author's final file, not by hand.
      next_statuses: [OrderStatusId.cancelled],
    });
    const byHand = await inject(manager.auth, 'POST', staffApi.status(id), {
      status_id: OrderStatusId.review,
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json()).toEqual({
      detail: staffMessages.transitionRefused('В работе', 'На проверке у заказчика'),
    });
    expect((await events(id)).at(-1)).toMatchObject({
      kind: 'author_assigned',
      staff_id: manager.id,
      data: { from: 3, to: 4, performer_id: author.id },
    });
    const theirs = await inject(author.auth, 'GET', staffApi.order(id));
    expect(theirs.statusCode).toBe(200);
    // An author sees the customer's first name, no contacts.
    expect(StaffOrderSchema.parse(theirs.json()).customer).toEqual({
      id: null,
      name: 'Анна',
      email: null,
      phone: null,
    });
    const managers = StaffOrderSchema.parse((await inject(manager.auth, 'GET', staffApi.order(id))).json());
    expect(managers.customer).toMatchObject({ name: 'Анна Демидова', email: customer.email });

    const again = await inject(manager.auth, 'POST', staffApi.assign(id), { performer_id: author2.id });
    expect(StaffOrderSchema.parse(again.json())).toMatchObject({
      status: { id: 4 },
      performer: { id: author2.id },
    });
    expect((await inject(author.auth, 'GET', staffApi.order(id))).statusCode).toBe(404);

    const timeline = TimelineSchema.parse((await inject(manager.auth, 'GET', staffApi.timeline(id))).json());
    const texts = timeline.results.map((e) => `${e.actor.name}: ${e.text}`);
    expect(texts).toContain('Менеджер Ольга: Назначен автор: Мария С.');

    const nobody = await inject(manager.auth, 'POST', staffApi.assign(id), { performer_id: manager2.id });
    expect(nobody.statusCode).toBe(400);
    expect((nobody.json() as { detail: string }).detail).toBe(staffMessages.performerNotFound);
  });

  it('refuses «Оплачен» by hand, moves the lifecycle does not allow, and moves that are not a manager’s', async () => {
    const id = await newOrder();
    const move = (status_id: number) => inject(manager.auth, 'POST', staffApi.status(id), { status_id });
    const paid = await move(OrderStatusId.searchingAuthor);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ detail: staffMessages.paidReserved });
    const done = await move(OrderStatusId.completed);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({
      detail: staffMessages.transitionRefused('Оценка стоимости', 'Выполнен'),
    });
    expect((await move(OrderStatusId.trashed)).statusCode).toBe(409);
    expect((await move(99)).statusCode).toBe(409);
    expect((await row(id)).status_id).toBe(1);

    const cancelled = await move(OrderStatusId.cancelled);
    expect(cancelled.statusCode).toBe(200);
    expect(StaffOrderSchema.parse(cancelled.json())).toMatchObject({ status: { id: 8 }, next_statuses: [] });
    expect((await events(id)).at(-1)).toMatchObject({
      kind: 'status_changed',
      actor_role: 'manager',
      data: { from: 1, to: 8 },
    });
  });

  it('lets one of two managers changing the status at once win; the other gets 409', async () => {
    const id = await newOrder();
    await inject(manager.auth, 'PATCH', staffApi.order(id), { price: 250_000 });
    const [a, b] = await Promise.all([
      inject(manager.auth, 'POST', staffApi.status(id), { status_id: 8, from_status_id: 2 }),
      inject(manager2.auth, 'POST', staffApi.status(id), { status_id: 1, from_status_id: 2 }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect((loser.json() as { detail: string }).detail).toBe(staffMessages.statusConflict);
    const winner = a.statusCode === 200 ? 8 : 1;
    expect((await row(id)).status_id).toBe(winner);
    const moves = (await events(id)).filter((e) => e.kind === 'status_changed');
    expect(moves).toHaveLength(1);
    expect(moves[0]!.data).toMatchObject({ from: 2, to: winner });
  });

  it('leaves a manager’s move and the customer’s trash at once as one of them after the other, never a lost update', async () => {
    for (let round = 0; round < 4; round += 1) {
      const id = await newOrder();
      await inject(manager.auth, 'PATCH', staffApi.order(id), { price: 250_000 });
      const [staffMove, trash] = await Promise.all([
        inject(manager.auth, 'POST', staffApi.status(id), { status_id: 8, from_status_id: 2 }),
        inject(customer.auth, 'DELETE', api.orders.byId(id)),
      ]);
      const after = await row(id);
      if (staffMove.statusCode === 409) {
        // The trash came first: the manager saw 2, the order was in the trash.
        expect(trash.statusCode).toBe(200);
        expect(after).toMatchObject({ status_id: 16, is_trash: 1, trashed_from_status: 2 });
      } else {
        // The cancel came first; the customer then trashed the cancelled order (or was refused).
        expect(staffMove.statusCode).toBe(200);
        if (trash.statusCode === 200) {
          expect(after).toMatchObject({ status_id: 16, is_trash: 1, trashed_from_status: 8 });
        } else {
          expect(after).toMatchObject({ status_id: 8, is_trash: 0 });
        }
      }
    }
  });

  it('shows the customer’s list the status a manager set (the list cache sees staff writes)', async () => {
    const id = await newOrder();
    const list = async () =>
      OrderListSchema.parse((await inject(customer.auth, 'GET', `${api.orders.root}?tab=active`)).json());
    expect((await list()).results.find((o) => o.id === id)?.status.id).toBe(1);
    await inject(manager.auth, 'PATCH', staffApi.order(id), { price: 333_300 });
    const item = (await list()).results.find((o) => o.id === id);
    expect(item?.status.id).toBe(2);
    expect(item?.price).toBe(333_300);
    await inject(manager.auth, 'POST', staffApi.status(id), { status_id: 8 });
    expect((await list()).results.find((o) => o.id === id)).toBeUndefined();
  });
});
