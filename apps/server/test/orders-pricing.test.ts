import {
  DiscountBreakdownSchema,
  OrderListSchema,
  OrderPacketListSchema,
  OrderSchema,
  api,
  orderMessages,
  referenceApi,
  type CalculateDiscountRequest,
  type DiscountBreakdown,
  type WorkType,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { dayIn, orderBody, placeOrder, workTypes } from './orders-fixtures';

// The price the form previews and the price the server saves come from one calculation: a
// preview of an edit has the order's own discounts, a packet's works have the packet's.
describe('order prices: preview = saved price', () => {
  let t: TestApp;
  let coursework: WorkType;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_MAX_PER_IP: '1000' });
    const types = await workTypes(t.app, bearer((await registerCustomer(t.app)).access));
    coursework = types.find((w) => w.title === 'Курсовая работа') ?? types[0]!;
  });
  afterAll(() => t.close());

  const customer = async () => bearer((await registerCustomer(t.app)).access);
  const quote = async (auth: { authorization: string }, body: CalculateDiscountRequest) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.calculateDiscount,
      headers: auth,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return DiscountBreakdownSchema.parse(res.json());
  };
  const edit = async (auth: { authorization: string }, id: number, payload: object) => {
    const res = await t.app.inject({ method: 'PATCH', url: api.orders.byId(id), headers: auth, payload });
    expect(res.statusCode, res.body).toBe(200);
    return OrderSchema.parse(res.json());
  };
  const linesSum = (d: DiscountBreakdown) => d.lines.reduce((sum, l) => sum + l.amount, 0);

  it('previews an edit of a first order with its first-order discount, and saves that price', async () => {
    const auth = await customer();
    const body = orderBody(coursework, { pages: 30, deadline: dayIn(40) });
    const order = await placeOrder(t.app, auth, body);
    expect(order.is_first_order).toBe(true);
    expect(order.discount).toBeGreaterThan(0);

    // The form opens with the order's fields: the preview is the order's own price.
    const fields = {
      work_type_id: coursework.id,
      pages: 30,
      deadline: body.deadline,
      originality: body.originality,
      order_id: order.id,
    };
    const opened = await quote(auth, fields);
    expect(opened).toMatchObject({ cost: order.cost, discount: order.discount, total: order.price });
    expect(opened.lines).toEqual([{ reason: 'first_order', amount: order.discount }]);

    // 30 → 32 pages: the previewed price is the one saved and listed.
    const preview = await quote(auth, { ...fields, pages: 32 });
    const saved = await edit(auth, order.id, { pages: 32 });
    expect(preview.total).toBe(saved.price);
    expect(preview.discount).toBe(saved.discount);
    expect(preview.cost).toBe(saved.cost);
    const listed = OrderListSchema.parse(
      (await t.app.inject({ method: 'GET', url: api.orders.root, headers: auth })).json(),
    );
    expect(listed.results.find((o) => o.id === order.id)?.price).toBe(preview.total);
  });

  it('keeps the promo code an order was placed with in the preview of its edit', async () => {
    const auth = await customer();
    await placeOrder(t.app, auth, orderBody(coursework));
    const order = await placeOrder(t.app, auth, orderBody(coursework, { promo_code: 'student10' }));
    const fields = {
      work_type_id: coursework.id,
      pages: coursework.min_pages + 5,
      deadline: order.details.deadline,
      originality: order.details.originality,
      order_id: order.id,
      // Whatever code the form sends, the order's own one counts.
      promo_code: 'NO-SUCH',
    };
    const preview = await quote(auth, fields);
    expect(preview.promo_status).toBe('applied');
    expect(preview.lines.map((l) => l.reason)).toEqual(['promo']);
    const saved = await edit(auth, order.id, { pages: fields.pages });
    expect([preview.discount, preview.total]).toEqual([saved.discount, saved.price]);
  });

  it('prices each work of a packet with the packet discount, as placing it does', async () => {
    const auth = await customer();
    const packets = OrderPacketListSchema.parse(
      (await t.app.inject({ method: 'GET', url: referenceApi.orderPackets, headers: auth })).json(),
    );
    const packet = packets[0]!;
    const deadline = dayIn(45);
    const previews = [];
    for (const item of packet.items) {
      previews.push(
        await quote(auth, {
          work_type_id: item.work_type_id,
          pages: item.pages,
          deadline,
          packet_id: packet.id,
        }),
      );
    }
    for (const p of previews) {
      expect(p.packet_discount).toBeGreaterThan(0);
      expect(p.lines.map((l) => l.reason)).toContain('packet');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { topic: 'Маркетинговая стратегия', deadline, packet_id: packet.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { results } = OrderListSchema.parse(
      (await t.app.inject({ method: 'GET', url: api.orders.root, headers: auth })).json(),
    );
    const placed = results.reduce((sum, o) => sum + o.price, 0);
    expect(previews.reduce((sum, p) => sum + p.total, 0)).toBe(placed);

    const unknown = await t.app.inject({
      method: 'POST',
      url: api.orders.calculateDiscount,
      headers: auth,
      payload: { work_type_id: coursework.id, pages: 20, deadline, packet_id: 999_999 },
    });
    expect(unknown.json()).toMatchObject({ errors: { packet_id: [orderMessages.unknownPacket] } });
  });

  it('gives one line per reason adding up to the discount, capped only when the cap bites', async () => {
    const auth = await customer();
    const body = { work_type_id: coursework.id, pages: 30, deadline: dayIn(40), originality: 60 };
    const first = await quote(auth, body);
    expect(first.capped).toBe(false);
    expect(linesSum(first)).toBe(first.discount);
    expect(first.cost - first.discount).toBe(first.total);
    expect(first.discount % 100).toBe(0);

    await t.app.database.db
      .insertInto('promo_codes')
      .values({ code: 'HALF', kind: 'percent', value: 50, max_uses: null, uses: 0, expires_at: null })
      .execute();
    const capped = await quote(auth, { ...body, promo_code: 'half' });
    expect(capped.capped).toBe(true);
    expect(capped.discount).toBe(capped.discount_cap - (capped.discount_cap % 100));
    expect(capped.lines.map((l) => l.reason)).toEqual(['first_order', 'promo']);
    expect(linesSum(capped)).toBe(capped.discount);
  });

  it("refuses to preview another customer's order, and checks a changed deadline only", async () => {
    const owner = await customer();
    const order = await placeOrder(t.app, owner, orderBody(coursework));
    const fields = {
      work_type_id: coursework.id,
      pages: order.details.pages,
      deadline: order.details.deadline,
      order_id: order.id,
    };
    const stranger = await t.app.inject({
      method: 'POST',
      url: api.orders.calculateDiscount,
      headers: await customer(),
      payload: fields,
    });
    expect(stranger.statusCode).toBe(404);

    // The order's own deadline is accepted even once it is near; a new one must be tomorrow or later.
    await t.app.database.db
      .updateTable('orders')
      .set({ deadline: dayIn(0) })
      .where('id', '=', order.id)
      .execute();
    for (const url of [api.orders.calculateCost, api.orders.calculateDiscount]) {
      const kept = await t.app.inject({
        method: 'POST',
        url,
        headers: owner,
        payload: { ...fields, deadline: dayIn(0) },
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const moved = await t.app.inject({
        method: 'POST',
        url,
        headers: owner,
        payload: { ...fields, deadline: dayIn(-1) },
      });
      expect(moved.json()).toMatchObject({ errors: { deadline: [orderMessages.deadlineTooEarly] } });
    }
  });
});
