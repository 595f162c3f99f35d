import {
  OrderCreatedSchema,
  OrderPacketListSchema,
  api,
  referenceApi,
  type WorkType,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  latestMail,
  mailCount,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { orderBody, placeOrder, workTypes } from './orders-fixtures';

/** «1 декабря 2026» for a `YYYY-MM-DD` day, as the mail writes it. */
function russianDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const months = [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ];
  return `${d} ${months[(m ?? 1) - 1]} ${y}`;
}

describe('the order-placed e-mail', () => {
  let t: TestApp;
  let coursework: WorkType;
  beforeAll(async () => {
    t = await buildTestApp();
    const auth = bearer((await registerCustomer(t.app)).access);
    const types = await workTypes(t.app, auth);
    coursework = types.find((w) => w.title === 'Курсовая работа') ?? types[0]!;
  });
  afterAll(() => t.close());

  it('tells the customer the number, work, topic, deadline and price, with the link to the order', async () => {
    const customer = await registerCustomer(t.app);
    const before = await mailCount(t.app, customer.email);
    const body = orderBody(coursework, { topic: 'Маркетинг <малого> бизнеса & сети' });
    const order = await placeOrder(t.app, bearer(customer.access), body);

    expect(await mailCount(t.app, customer.email)).toBe(before + 1);
    const mail = await latestMail(t.app, customer.email);
    expect(mail.subject).toBe(`Заказ №${order.id} оформлен`);
    const price = new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      trailingZeroDisplay: 'stripIfInteger',
    }).format(order.price / 100);
    expect(order.price).toBeGreaterThan(0);
    expect(mail.text).toContain(`Заказ №${order.id} — ${coursework.title}`);
    expect(mail.text).toContain('Тема: Маркетинг <малого> бизнеса & сети');
    expect(mail.text).toContain(`Срок: до ${russianDay(body.deadline)}`);
    expect(mail.text).toContain(`Стоимость: ${price}`);
    expect(mail.text).toContain('Менеджер проверит требования и подтвердит стоимость');
    const link = `http://localhost:3000/order/${order.id}/welcome?source=order_placed`;
    expect(mail.text).toContain(link);
    // The HTML part escapes what the customer typed and keeps the link as a button.
    expect(mail.html).toContain('Тема: Маркетинг &#60;малого&#62; бизнеса &#38; сети');
    expect(mail.html).toContain(`href="${link.replace('&', '&#38;')}"`);
  });

  it('sends nothing to a customer who turned e-mail off', async () => {
    const customer = await registerCustomer(t.app);
    const before = await mailCount(t.app, customer.email);
    await t.app.database.db
      .updateTable('users')
      .set({ email_delivery: 0 })
      .where('email', '=', customer.email)
      .execute();
    await placeOrder(t.app, bearer(customer.access), orderBody(coursework));
    expect(await mailCount(t.app, customer.email)).toBe(before);
  });

  it('sends one mail for a packet, naming every order in it', async () => {
    const customer = await registerCustomer(t.app);
    const auth = bearer(customer.access);
    const packet = OrderPacketListSchema.parse(
      (await t.app.inject({ method: 'GET', url: referenceApi.orderPackets, headers: auth })).json(),
    )[0]!;
    const before = await mailCount(t.app, customer.email);
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: {
        topic: 'Маркетинговая стратегия',
        deadline: orderBody(coursework).deadline,
        packet_id: packet.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ids = OrderCreatedSchema.parse(res.json()).packet_order_ids;
    expect(ids.length).toBe(packet.items.length);

    expect(await mailCount(t.app, customer.email)).toBe(before + 1);
    const mail = await latestMail(t.app, customer.email);
    expect(mail.subject).toBe(
      `Заказы ${[...ids]
        .sort((a, b) => a - b)
        .map((id) => `№${id}`)
        .join(', ')} оформлены`,
    );
    for (const id of ids) expect(mail.text).toContain(`Заказ №${id} — `);
    expect(mail.text).toContain('http://localhost:3000/home/active');
  });

  it('queues with the caller’s transaction: one that rolls back sends nothing', async () => {
    const to = uniqueEmail('rollback');
    await expect(
      t.app.database.db.transaction().execute(async (trx) => {
        await t.app.mailer.send({ to, subject: 'Заказ оформлен', text: '-', html: '-' }, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await mailCount(t.app, to)).toBe(0);
  });

  it('sends nothing when the placement is refused', async () => {
    const customer = await registerCustomer(t.app);
    const before = await mailCount(t.app, customer.email);
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: bearer(customer.access),
      payload: orderBody(coursework, { promo_code: 'NO-SUCH-CODE' }),
    });
    expect(res.statusCode).toBe(400);
    expect(await mailCount(t.app, customer.email)).toBe(before);
  });
});
