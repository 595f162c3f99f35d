import { idMessages, inputMessages, MAX_ROW_ID, staffApi } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../src/db/seed-staff';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

// Ids and text that no row can hold (common/ids.ts, common/input.ts): refused at the edge with a
// 400, or found to name nothing, on SQLite and on PostgreSQL alike — where comparing a number past
// `integer` with an id column, or storing U+0000, is an error of the database, not an empty answer.
describe('ids past the largest row id, and NUL in text', () => {
  let t: TestApp;
  let customer: { authorization: string };
  let manager: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp({ SEED_DEMO: '1' }); // the demo staff
    customer = bearer((await registerCustomer(t.app)).access);
    const { email, password } = DEMO_STAFF[0];
    const res = await t.app.inject({ method: 'POST', url: staffApi.login, payload: { email, password } });
    manager = bearer((res.json() as { access: string }).access);
  });
  afterAll(() => t.close());

  const past = String(MAX_ROW_ID + 1);

  it.each([
    ['an order', `/api/client/orders/${past}/`],
    ['a file of an order', `/api/client/orders/1/files/${past}/download/`],
    ['the chat of an order', `/api/client/orders/${past}/messages/`],
    ['a chat page before an id', `/api/client/orders/1/messages/?before=${past}`],
    ['a certificate', `/client/api/certificate/${past}/`],
  ])('refuses %s past the largest id with 400 and a Russian reason', async (_, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: customer });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ detail: idMessages.tooLarge });
  });

  it('answers 404 for the largest id itself: it is an id, of no order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/client/orders/${MAX_ROW_ID}/`,
      headers: customer,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses an id past the largest in a body with the field named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/orders/1/files/download-zip/',
      headers: customer,
      payload: { file_ids: [Number(past)] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { 'file_ids.0': [idMessages.tooLarge] } });
  });

  it('finds no order for a number past the largest in the staff search, and filters by none', async () => {
    const found = await t.app.inject({
      method: 'GET',
      url: `${staffApi.orders}?q=№999999999999`,
      headers: manager,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ results: [], count: 0 });
    const status = await t.app.inject({
      method: 'GET',
      url: `${staffApi.orders}?status=${past}`,
      headers: manager,
    });
    expect(status.statusCode).toBe(400);
  });

  it('refuses NUL in a path, a query and a body as ill-formed text', async () => {
    const space = await t.app.inject({
      method: 'GET',
      url: '/client/api/landings/space/%00/',
      headers: customer,
    });
    expect(space.statusCode).toBe(400);
    expect(space.json()).toMatchObject({ detail: inputMessages.illFormed });
    const search = await t.app.inject({ method: 'GET', url: `${staffApi.orders}?q=a%00b`, headers: manager });
    expect(search.statusCode).toBe(400);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/profile/',
      headers: customer,
      payload: { fio: 'Иванов\u0000Иван' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ errors: { fio: [inputMessages.illFormed] } });
  });
});
