import { OrderCreatedSchema, api, orderMessages, type WorkType, staffApi } from '@cabinet/contract';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { createStaff } from './staff-fixtures';
import { multipart, orderBody, samples, workTypes } from './orders-fixtures';

// Requests of one customer that arrive together: what one of them decides from the customer's
// state must still hold when it writes. Run on SQLite and (TEST_DATABASE_URL) on PostgreSQL.

/** Bytes of every stored object under the files directory. */
function storedBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
}

describe('requests of one customer at the same time', () => {
  let t: TestApp;
  let dir: string;
  let coursework: WorkType;
  // 10 KiB a file, 25 KiB an order (or the customer's pending uploads).
  const ORDER_BYTES = 25 * 1024;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cabinet-files-'));
    t = await buildTestApp({
      FILES_DIR: dir,
      UPLOAD_MAX_FILE_MB: String(10 / 1024),
      UPLOAD_MAX_ORDER_MB: String(25 / 1024),
    });
    coursework = (await workTypes(t.app, bearer((await registerCustomer(t.app)).access)))[0]!;
  });
  afterAll(() => t.close());

  const customer = async () => bearer((await registerCustomer(t.app)).access);
  const nineKiB = Buffer.concat([samples.pdf, Buffer.alloc(9 * 1024, 0x20)]);
  const upload = (auth: { authorization: string }, url: string, i: number) => {
    const body = multipart([{ name: `${i}.pdf`, content: nineKiB }]);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
  };

  it.each([
    ['pending uploads', async () => api.orders.ajaxFiles],
    [
      'a draft',
      async (auth: { authorization: string }) => {
        const res = await t.app.inject({
          method: 'POST',
          url: api.orders.root,
          headers: auth,
          payload: { is_fake: true },
        });
        return api.orders.fakeFiles((res.json() as { id: number }).id);
      },
    ],
  ])('stores five parallel uploads to %s only up to the budget', async (_, urlFor) => {
    const auth = await customer();
    const url = await urlFor(auth);
    const before = storedBytes(dir);
    const answers = await Promise.all([0, 1, 2, 3, 4].map((i) => upload(auth, url, i)));
    const codes = answers.map((r) => r.statusCode).sort();
    const stored = storedBytes(dir) - before;
    expect(stored, `${stored} bytes stored against a budget of ${ORDER_BYTES}`).toBeLessThanOrEqual(
      ORDER_BYTES,
    );
    expect(codes).toEqual([201, 201, 413, 413, 413]);
    for (const r of answers.filter((a) => a.statusCode === 413)) {
      expect(r.json()).toEqual({ detail: orderMessages.orderFilesTooLarge(25 / 1024) });
    }
    expect(stored).toBe(2 * nineKiB.length);
  });

  it('gives the first-order discount to one of two orders placed at once', async () => {
    const auth = await customer();
    const place = () =>
      t.app.inject({ method: 'POST', url: api.orders.root, headers: auth, payload: orderBody(coursework) });
    const answers = await Promise.all([place(), place()]);
    const orders = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return OrderCreatedSchema.parse(r.json());
    });
    expect(orders.map((o) => o.is_first_order).sort()).toEqual([false, true]);
    const [first, second] = orders.sort((a, b) => Number(b.is_first_order) - Number(a.is_first_order));
    expect(first!.discount).toBeGreaterThan(0);
    expect(second!.discount).toBe(0);
  });

  it('places orders of a customer while a manager prices their others, without a deadlock', async () => {
    // PostgreSQL: placing holds the customer's row; pricing holds the order's counters and then
    // checks foreign keys to that row. FOR UPDATE there deadlocked (500); FOR NO KEY UPDATE does
    // not block a key check.
    const auth = await customer();
    const manager = await createStaff(t.app, 'manager');
    const place = () =>
      t.app.inject({ method: 'POST', url: api.orders.root, headers: auth, payload: orderBody(coursework) });
    const placed = await Promise.all([0, 1, 2, 3, 4, 5].map(() => place()));
    const ids = placed.map((r) => OrderCreatedSchema.parse(r.json()).id);
    const answers = await Promise.all([
      ...ids.map((id, i) =>
        t.app.inject({
          method: 'PATCH',
          url: staffApi.order(id),
          headers: manager.auth,
          payload: { price: 100_000 + i },
        }),
      ),
      ...[0, 1, 2, 3, 4, 5].map(() => place()),
    ]);
    for (const r of answers) expect(r.statusCode, r.body).toBeLessThan(300);
  });
});
