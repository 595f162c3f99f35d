import { api, inputMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { orderBody, workTypes } from './orders-fixtures';

type Auth = { authorization: string };

/** JSON's `\uD800` escape: a high surrogate with no low one after it, which no UTF-8 text can hold. */
const LONE = '\uD800';

const titlePage = {
  university: 'Московский государственный университет',
  work_type: 'Курсовая работа',
  topic: 'Анализ финансовой устойчивости предприятия',
  student_name: 'Иванова Мария Сергеевна',
  city: 'Москва',
  year: 2026,
};

describe('text with a lone UTF-16 surrogate is a field error (400), never a 500', () => {
  let t: TestApp;
  let customer: Auth;

  beforeAll(async () => {
    t = await buildTestApp();
    customer = bearer((await registerCustomer(t.app)).access);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: object, headers: Auth = customer) =>
    // JSON.stringify writes a lone surrogate as the `\ud800` escape: what a client can send.
    t.app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it.each([
    ['university', 'pdf'],
    ['topic', 'docx'],
    ['supervisor', 'pdf'],
  ])('the title page names the field %s (%s)', async (field, format) => {
    const res = await send('POST', api.content.titlePage, {
      ...titlePage,
      format,
      [field]: `Текст ${LONE} поля`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      detail: inputMessages.illFormed,
      errors: { [field]: [inputMessages.illFormed] },
    });
    const health = await t.app.inject({ method: 'GET', url: api.health });
    expect(health.statusCode).toBe(200);
  });

  it('takes the same title page with whole characters, a pair of surrogates included', async () => {
    const res = await send('POST', api.content.titlePage, {
      ...titlePage,
      format: 'pdf',
      topic: 'Анализ 😀 рынка',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses it in a profile, an order and a session key the same way, and stores nothing', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: api.profile.root, headers: customer })
    ).json() as {
      fio: string;
    };
    const fio = await send('PATCH', api.profile.root, { fio: `Иван ${LONE}` });
    expect(fio.statusCode, fio.body).toBe(400);
    expect((fio.json() as { errors: Record<string, string[]> }).errors.fio).toEqual([
      inputMessages.illFormed,
    ]);
    const after = (
      await t.app.inject({ method: 'GET', url: api.profile.root, headers: customer })
    ).json() as {
      fio: string;
    };
    expect(after.fio).toBe(before.fio);

    const workType = (await workTypes(t.app, customer))[0]!;
    const order = await send('POST', api.orders.root, orderBody(workType, { topic: `Тема ${LONE}` }));
    expect(order.statusCode, order.body).toBe(400);
    expect((order.json() as { errors: Record<string, string[]> }).errors.topic).toEqual([
      inputMessages.illFormed,
    ]);
    const orders = await t.app.database.db.selectFrom('orders').select('id').execute();
    expect(orders).toEqual([]);

    const session = await send('POST', api.profile.session, { [`key${LONE}`]: 1 });
    // The error names the key as UTF-8 would have carried it: ErrorBodySchema is text too.
    expect(session.statusCode, session.body).toBe(400);
    expect(Object.keys((session.json() as { errors: Record<string, string[]> }).errors)).toEqual([
      'key\uFFFD',
    ]);
  });
});
