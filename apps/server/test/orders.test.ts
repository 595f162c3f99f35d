import {
  CostBreakdownSchema,
  DiscountBreakdownSchema,
  OrderGreetingSchema,
  OrderListSchema,
  OrderPacketListSchema,
  OrderSchema,
  OrderStatusId,
  api,
  orderMessages,
  promoMessages,
  referenceApi,
  type OrderList,
  type WorkType,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDiscount } from '../src/modules/orders/pricing';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { dayIn, orderBody, placeOrder, setStatus, workTypes } from './orders-fixtures';

describe('orders', () => {
  let t: TestApp;
  let types: WorkType[];
  let coursework: WorkType;
  beforeAll(async () => {
    t = await buildTestApp();
    const auth = bearer((await registerCustomer(t.app)).access);
    types = await workTypes(t.app, auth);
    coursework = types.find((w) => w.title === 'Курсовая работа') ?? types[0]!;
  });
  afterAll(() => t.close());

  const customer = async () => bearer((await registerCustomer(t.app)).access);
  const list = async (auth: { authorization: string }, query = ''): Promise<OrderList> => {
    const res = await t.app.inject({ method: 'GET', url: `${api.orders.root}${query}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return OrderListSchema.parse(res.json());
  };

  it('places an order priced by the server, with the first-order discount, ignoring any client price', async () => {
    const auth = await customer();
    const body = { ...orderBody(coursework), price: 1, cost: 1, discount: 999_999 };
    const order = await placeOrder(t.app, auth, body);
    const cost = CostBreakdownSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: api.orders.calculateCost,
          headers: auth,
          payload: {
            work_type_id: coursework.id,
            pages: coursework.min_pages,
            deadline: body.deadline,
            originality: 60,
          },
        })
      ).json(),
    );
    expect(order).toMatchObject({
      status: { id: 1, title: 'Уточняем стоимость' },
      trash: { is_trash: false },
      is_editable: true,
      title: coursework.title,
      cost: cost.total,
      discount: applyDiscount(cost.total, { firstOrder: true, now: new Date() }).discount,
      price: applyDiscount(cost.total, { firstOrder: true, now: new Date() }).total,
      is_first_order: true,
      packet_id: null,
      files: [],
      files_without_qc: [],
      packet_order_ids: [],
    });
    expect(order.details).toMatchObject({
      work_type: { id: coursework.id, title: coursework.title },
      topic: body.topic,
      deadline: body.deadline,
      pages: coursework.min_pages,
    });
    const second = await placeOrder(t.app, auth, orderBody(coursework));
    expect(second).toMatchObject({ is_first_order: false, discount: 0, price: cost.total });
  });

  it('refuses an order without the required fields, with Russian field errors', async () => {
    const auth = await customer();
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { topic: '', deadline: '31.12.2030', links: ['http://192.168.0.1/'] },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors.work_type_id).toEqual([orderMessages.workTypeRequired]);
    expect(errors.topic).toEqual([orderMessages.topicRequired]);
    expect(errors.deadline).toEqual([orderMessages.deadlineInvalid]);
    expect(errors['links.0']).toBeDefined();
  });

  it('refuses a deadline earlier than tomorrow and unknown reference ids', async () => {
    const auth = await customer();
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: api.orders.root, headers: auth, payload });
    const today = await post(orderBody(coursework, { deadline: dayIn(0) }));
    expect(today.statusCode).toBe(400);
    expect(today.json()).toMatchObject({ errors: { deadline: [orderMessages.deadlineTooEarly] } });
    expect((await post(orderBody(coursework, { deadline: dayIn(1) }))).statusCode).toBe(201);
    const unknown = await post(orderBody(coursework, { subject_id: 999_999 }));
    expect(unknown.json()).toMatchObject({ errors: { subject_id: [orderMessages.unknownSubject] } });
    const unknownType = await post(orderBody(coursework, { work_type_id: 999_999 }));
    expect(unknownType.json()).toMatchObject({ errors: { work_type_id: [orderMessages.unknownWorkType] } });
  });

  it('applies a promo code once per order and refuses an expired or unknown one', async () => {
    const auth = await customer();
    await placeOrder(t.app, auth, orderBody(coursework));
    const withPromo = await placeOrder(t.app, auth, orderBody(coursework, { promo_code: ' student10 ' }));
    const student10 = { kind: 'percent', value: 10, expires_at: null, max_uses: null, uses: 0 } as const;
    const expected = applyDiscount(withPromo.cost, { promo: student10, firstOrder: false, now: new Date() });
    expect(withPromo).toMatchObject({ discount: expected.discount, price: expected.total });
    expect(withPromo.discount).toBeGreaterThan(0);
    expect(withPromo.details.promo_code).toBe('STUDENT10');

    const post = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: api.orders.root,
        headers: auth,
        payload: orderBody(coursework, { promo_code: code }),
      });
    expect((await post('LETO2025')).json()).toMatchObject({
      errors: { promo_code: [promoMessages.expired] },
    });
    expect((await post('NO-SUCH')).json()).toMatchObject({
      errors: { promo_code: [promoMessages.not_found] },
    });

    await t.app.database.db
      .insertInto('promo_codes')
      .values({ code: 'ONCE', kind: 'fixed', value: 10_000, max_uses: 1, uses: 0, expires_at: null })
      .execute();
    expect((await post('ONCE')).statusCode).toBe(201);
    expect((await post('ONCE')).json()).toMatchObject({ errors: { promo_code: [promoMessages.used_up] } });
  });

  it('places a packet: one order per item, discounted, listed together', async () => {
    const auth = await customer();
    const packets = OrderPacketListSchema.parse(
      (await t.app.inject({ method: 'GET', url: referenceApi.orderPackets, headers: auth })).json(),
    );
    const packet = packets[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { topic: 'Маркетинговая стратегия компании', deadline: dayIn(45), packet_id: packet.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json() as { packet_order_ids: number[]; packet_id: number };
    expect(first.packet_order_ids).toHaveLength(packet.items.length);
    const { results } = await list(auth);
    expect(results.map((o) => o.id).sort()).toEqual([...first.packet_order_ids].sort());
    for (const o of results) expect(o.packet_id).toBe(first.packet_id);
    expect(results.map((o) => o.details.work_type.id).sort()).toEqual(
      packet.items.map((i) => i.work_type_id).sort(),
    );
    for (const o of results) {
      expect(o.discount).toBeGreaterThan(0);
      expect(o.price).toBe(o.cost - o.discount);
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { topic: 'Тема', deadline: dayIn(45), packet_id: 999_999 },
    });
    expect(unknown.json()).toMatchObject({ errors: { packet_id: [orderMessages.unknownPacket] } });
  });

  it('pages through a tab Django-style, newest first, with counters per tab', async () => {
    const auth = await customer();
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await placeOrder(t.app, auth, orderBody(coursework))).id);
    await setStatus(t.app, ids[0]!, OrderStatusId.completed);
    await setStatus(t.app, ids[1]!, OrderStatusId.cancelled);

    const page1 = await list(auth, '?tab=active&page_size=2');
    expect(page1.count).toBe(3);
    expect(page1.counters).toEqual({ active: 3, archive: 1, done: 1 });
    expect(page1.results.map((o) => o.id)).toEqual([ids[4], ids[3]]);
    expect(page1.previous).toBeNull();
    expect(page1.next).toBe('http://localhost:3000/api/client/orders/?tab=active&page=2&page_size=2');

    const page2 = await list(auth, '?tab=active&page=2&page_size=2');
    expect(page2.results.map((o) => o.id)).toEqual([ids[2]]);
    expect(page2.next).toBeNull();
    expect(page2.previous).toBe('http://localhost:3000/api/client/orders/?tab=active&page_size=2');

    expect((await list(auth, '?tab=done')).results.map((o) => o.id)).toEqual([ids[0]]);
    expect((await list(auth, '?tab=archive')).results.map((o) => o.status.title)).toEqual(['Отменён']);
    expect((await list(auth)).count).toBe(3);

    const beyond = await t.app.inject({ method: 'GET', url: `${api.orders.root}?page=9`, headers: auth });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: orderMessages.invalidPage });
    const badTab = await t.app.inject({ method: 'GET', url: `${api.orders.root}?tab=trash`, headers: auth });
    expect(badTab.statusCode).toBe(400);
  });

  it('moves an order to the trash as 16 «Архивный заказ» and restores it, counters following', async () => {
    const auth = await customer();
    const order = await placeOrder(t.app, auth, orderBody(coursework));
    await setStatus(t.app, order.id, OrderStatusId.awaitingPayment);

    const del = await t.app.inject({ method: 'DELETE', url: api.orders.byId(order.id), headers: auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(OrderSchema.parse(del.json())).toMatchObject({
      status: { id: 16, title: 'Архивный заказ' },
      trash: { is_trash: true },
      is_editable: false,
    });
    let page = await list(auth);
    expect(page.counters).toEqual({ active: 0, archive: 1, done: 0 });
    expect((await list(auth, '?tab=archive')).results[0]).toMatchObject({ id: order.id, status: { id: 16 } });

    const again = await t.app.inject({ method: 'DELETE', url: api.orders.byId(order.id), headers: auth });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: orderMessages.alreadyTrashed });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: api.orders.byId(order.id),
      headers: auth,
      payload: { pages: 40 },
    });
    expect(edit.statusCode).toBe(409);

    const restored = await t.app.inject({
      method: 'PATCH',
      url: api.orders.restore(order.id),
      headers: auth,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      status: { id: 2, title: 'Ожидает оплаты' },
      trash: { is_trash: false },
    });
    page = await list(auth);
    expect(page.counters).toEqual({ active: 1, archive: 0, done: 0 });
    const twice = await t.app.inject({ method: 'PATCH', url: api.orders.restore(order.id), headers: auth });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: orderMessages.notTrashed });
  });

  it('does not let an order in work go to the trash', async () => {
    const auth = await customer();
    const order = await placeOrder(t.app, auth, orderBody(coursework));
    await setStatus(t.app, order.id, OrderStatusId.inProgress);
    const res = await t.app.inject({ method: 'DELETE', url: api.orders.byId(order.id), headers: auth });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: orderMessages.notTrashable });
  });

  it('edits an editable order and re-prices it; refuses once it is not editable (409)', async () => {
    const auth = await customer();
    const order = await placeOrder(t.app, auth, orderBody(coursework));
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: api.orders.byId(order.id), headers: auth, payload });

    const res = await patch({
      pages: coursework.min_pages * 2,
      topic: 'Новая тема',
      links: ['https://disk.yandex.ru/d/abc'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = OrderSchema.parse(res.json());
    expect(edited.details).toMatchObject({
      topic: 'Новая тема',
      pages: coursework.min_pages * 2,
      links: ['https://disk.yandex.ru/d/abc'],
    });
    expect(edited.cost).toBe(order.cost * 2);
    expect(edited.is_first_order).toBe(true);
    expect(edited.discount).toBe(applyDiscount(edited.cost, { firstOrder: true, now: new Date() }).discount);

    await setStatus(t.app, order.id, OrderStatusId.awaitingPayment);
    const repriced = await patch({ pages: coursework.min_pages * 3 });
    expect(repriced.json()).toMatchObject({ status: { id: 1 } });

    await setStatus(t.app, order.id, OrderStatusId.searchingAuthor);
    const refused = await patch({ topic: 'Ещё одна тема' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: orderMessages.notEditable });
    const get = await t.app.inject({ method: 'GET', url: api.orders.byId(order.id), headers: auth });
    expect(get.json()).toMatchObject({ is_editable: false, details: { topic: 'Новая тема' } });
    expect((await patch({ deadline: dayIn(0) })).statusCode).toBe(409);
  });

  it('calculates cost and discount from the server rules', async () => {
    const auth = await customer();
    const body = {
      work_type_id: coursework.id,
      pages: coursework.min_pages,
      deadline: dayIn(60),
      originality: 85,
    };
    const costRes = await t.app.inject({
      method: 'POST',
      url: api.orders.calculateCost,
      headers: auth,
      payload: body,
    });
    expect(costRes.statusCode, costRes.body).toBe(200);
    const cost = CostBreakdownSchema.parse(costRes.json());
    expect(cost).toMatchObject({
      price_per_page: coursework.price_per_page,
      pages_billed: coursework.min_pages,
      urgency_percent: 100,
      originality_percent: 125,
    });
    const discount = async (promo_code?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: api.orders.calculateDiscount,
        headers: auth,
        payload: { ...body, promo_code },
      });
      expect(res.statusCode, res.body).toBe(200);
      return DiscountBreakdownSchema.parse(res.json());
    };
    const now = new Date();
    expect(await discount()).toEqual(applyDiscount(cost.total, { firstOrder: true, now }));
    const promo = { kind: 'percent', value: 10, expires_at: null, max_uses: null, uses: 0 } as const;
    expect(await discount('student10')).toEqual(applyDiscount(cost.total, { promo, firstOrder: true, now }));
    expect((await discount('STUDENT10')).promo_status).toBe('applied');
    expect(await discount('LETO2025')).toMatchObject({ promo_status: 'expired', promo_discount: 0 });
    expect(await discount('NOPE')).toMatchObject({ promo_status: 'not_found', promo_discount: 0 });

    const urgent = await t.app.inject({
      method: 'POST',
      url: api.orders.calculateCost,
      headers: auth,
      payload: { ...body, deadline: dayIn(2) },
    });
    expect(CostBreakdownSchema.parse(urgent.json()).total).toBeGreaterThan(cost.total);
    const past = await t.app.inject({
      method: 'POST',
      url: api.orders.calculateCost,
      headers: auth,
      payload: { ...body, deadline: dayIn(-1) },
    });
    expect(past.statusCode).toBe(400);
  });

  it('answers the success and welcome screens with the order, its price and whether it was the first', async () => {
    const auth = await customer();
    const order = await placeOrder(t.app, auth, orderBody(coursework));
    for (const url of [api.orders.success, api.orders.welcome]) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?id=${order.id}`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(OrderGreetingSchema.parse(res.json())).toEqual({
        id: order.id,
        title: coursework.title,
        topic: order.details.topic,
        status: { id: 1, title: 'Уточняем стоимость' },
        price: order.price,
        is_first_order: true,
        packet_id: null,
      });
      expect((await t.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(400);
    }
  });

  it('adds files without quality control only once the order is not editable', async () => {
    const auth = await customer();
    const order = await placeOrder(t.app, auth, orderBody(coursework));
    const [file] = await uploadPending(auth);
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url: api.orders.notEditable(order.id),
        headers: auth,
        payload: { files_without_qc: [file!.id] },
      });
    const early = await patch();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: orderMessages.stillEditable });
    await setStatus(t.app, order.id, OrderStatusId.inProgress);
    const res = await patch();
    expect(res.statusCode, res.body).toBe(200);
    expect(OrderSchema.parse(res.json()).files_without_qc.map((f) => f.id)).toEqual([file!.id]);
    // Attached files are no longer pending: a second attach finds nothing.
    expect((await patch()).statusCode).toBe(404);
  });

  async function uploadPending(auth: { authorization: string }) {
    const { multipart, samples } = await import('./orders-fixtures');
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      ...withAuth(auth, multipart([{ name: 'план.pdf', content: samples.pdf }])),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Array<{ id: number }>;
  }
});

function withAuth(
  auth: { authorization: string },
  body: { payload: Buffer; headers: Record<string, string> },
) {
  return { payload: body.payload, headers: { ...auth, ...body.headers } };
}
