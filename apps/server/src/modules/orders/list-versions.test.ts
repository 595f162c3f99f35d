import {
  OrderListSchema,
  OrderStatusId,
  ORDER_TABS,
  api,
  type OrderCreated,
  type OrderTab,
  type WorkType,
} from '@cabinet/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from '../../../test/helpers';
import { orderBody, placeOrder, workTypes } from '../../../test/orders-fixtures';
import { READER_MMAP_BYTES } from '../../db/index';
import * as repo from './repo';
import { OrdersService } from './service';

// The list's pages are cached per customer under the version of their orders that triggers keep
// (migration 005). The rule these tests hold it to: an answer is always byte for byte what
// rendering the page afresh from the database gives — after every kind of write, whoever makes it.

interface Customer {
  auth: { authorization: string };
  userId: number;
}
interface Query {
  tab: OrderTab;
  page: number;
  page_size: number;
}

const FIRST: Query = { tab: 'active', page: 1, page_size: 20 };
const urlOf = (q: Query) => `${api.orders.root}?tab=${q.tab}&page=${q.page}&page_size=${q.page_size}`;

describe('the cached orders list', () => {
  let t: TestApp;
  let coursework: WorkType;
  beforeAll(async () => {
    t = await buildTestApp();
    coursework = (await workTypes(t.app, bearer((await registerCustomer(t.app)).access)))[0]!;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const db = () => t.app.database.db;

  async function signUp(app: FastifyInstance = t.app): Promise<Customer> {
    const auth = bearer((await registerCustomer(app)).access);
    const me = await app.inject({ method: 'GET', url: api.profile.root, headers: auth });
    return { auth, userId: (me.json() as { id: number }).id };
  }

  /** One answer of the list, checked against a rendering that bypasses the cache. */
  async function expectFresh(who: Customer, q: Query = FIRST, app: FastifyInstance = t.app) {
    const res = await app.inject({ method: 'GET', url: urlOf(q), headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify(await app.ordersService.list(who.userId, q)));
    return OrderListSchema.parse(res.json());
  }

  /**
   * Reads a page until it is kept (a page is kept on its second render, see ListPageCache), then
   * once more and checks that this answer came from the cache.
   */
  async function cache(who: Customer, q: Query = FIRST, app: FastifyInstance = t.app) {
    await expectFresh(who, q, app);
    const first = await expectFresh(who, q, app);
    const render = vi.spyOn(app.ordersService, 'listText');
    const again = await app.inject({ method: 'GET', url: urlOf(q), headers: who.auth });
    expect(render).not.toHaveBeenCalled();
    render.mockRestore();
    expect(again.json()).toEqual(first);
    return first;
  }

  /** Every tab of the customer, fresh. */
  async function expectAllFresh(who: Customer, app: FastifyInstance = t.app) {
    for (const tab of ORDER_TABS) await expectFresh(who, { ...FIRST, tab }, app);
  }

  async function cacheAll(who: Customer, app: FastifyInstance = t.app) {
    for (const tab of ORDER_TABS) await cache(who, { ...FIRST, tab }, app);
  }

  const place = (who: Customer, topic = 'Тема') =>
    placeOrder(t.app, who.auth, orderBody(coursework, { topic }));

  it('serves a page from the cache until the customer’s orders change, per customer and query', async () => {
    const a = await signUp();
    const b = await signUp();
    await place(a, 'Заказ А');
    await place(b, 'Заказ Б');
    const pageA = await cache(a);
    const pageB = await cache(b);
    expect(pageA.results.map((o) => o.details.topic)).toEqual(['Заказ А']);
    expect(pageB.results.map((o) => o.details.topic)).toEqual(['Заказ Б']);
    // Another page size is another page.
    const small = await cache(a, { ...FIRST, page_size: 1 });
    expect(small.results).toHaveLength(1);
    expect(small.next).toBeNull();
    // B's write changes nothing of A's: A's page still comes from the cache.
    await place(b, 'Ещё Б');
    await cache(a);
    expect((await expectFresh(b)).count).toBe(2);
  });

  it('shows every write made through the API in the next answer', async () => {
    const a = await signUp();
    const first = await place(a, 'Первый');
    await cacheAll(a);

    // A new order.
    await place(a, 'Второй');
    await expectAllFresh(a);
    await cacheAll(a);

    // A draft, then the order placed from it.
    const draft = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: a.auth,
      payload: { is_fake: true, topic: 'Черновик' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    await expectAllFresh(a);
    await cacheAll(a);
    const draftId = (draft.json() as { id: number }).id;
    await placeOrder(t.app, a.auth, orderBody(coursework, { fake_id: draftId, topic: 'Из черновика' }));
    expect((await expectFresh(a)).results.map((o) => o.details.topic)).toContain('Из черновика');
    await cacheAll(a);

    // An edit that changes neither the status nor the counters: only the version tells.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: api.orders.byId(first.id),
      headers: a.auth,
      payload: { topic: 'Новая тема' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await expectFresh(a)).results.find((o) => o.id === first.id)?.details.topic).toBe('Новая тема');
    await cacheAll(a);

    // The trash and back.
    const trash = await t.app.inject({ method: 'DELETE', url: api.orders.byId(first.id), headers: a.auth });
    expect(trash.statusCode, trash.body).toBe(200);
    expect((await expectFresh(a, { ...FIRST, tab: 'archive' })).results.map((o) => o.id)).toEqual([first.id]);
    await expectAllFresh(a);
    await cacheAll(a);
    const restore = await t.app.inject({
      method: 'PATCH',
      url: api.orders.restore(first.id),
      headers: a.auth,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect((await expectFresh(a, { ...FIRST, tab: 'archive' })).results).toEqual([]);
    await expectAllFresh(a);
  });

  it('shows writes made in SQL by hand — by staff, a script, another program', async () => {
    const a = await signUp();
    const b = await signUp();
    const order = await place(a, 'Исходная тема');
    await place(a, 'Другой');
    const ofB = await place(b, 'Заказ Б');
    await cacheAll(a);

    // Staff move an order along its lifecycle.
    await sql`update orders set status_id = ${OrderStatusId.completed} where id = ${order.id}`.execute(db());
    expect((await expectFresh(a, { ...FIRST, tab: 'done' })).results.map((o) => o.id)).toEqual([order.id]);
    await expectAllFresh(a);
    await cacheAll(a);

    // A column no counter depends on.
    await sql`update orders set topic = ${'Исправлено вручную'} where id = ${order.id}`.execute(db());
    expect((await expectFresh(a, { ...FIRST, tab: 'done' })).results[0]?.details.topic).toBe(
      'Исправлено вручную',
    );
    await cacheAll(a);
    await sql`update orders set price = price + 100 where user_id = ${a.userId}`.execute(db());
    await expectAllFresh(a);
    await cacheAll(a);

    // A row added and a row removed.
    const now = new Date().toISOString();
    await sql`
      insert into orders (user_id, status_id, is_fake, is_trash, work_type_id, topic, deadline, pages,
        originality, links, cost, discount, price, created_at, updated_at)
      values (${a.userId}, 1, 0, 0, ${coursework.id}, ${'Добавлен вручную'}, ${'2030-01-01'}, 20, 60, '[]',
        100000, 0, 100000, ${now}, ${now})`.execute(db());
    expect((await expectFresh(a)).results[0]?.details.topic).toBe('Добавлен вручную');
    await cacheAll(a);
    await sql`delete from orders where id = ${order.id}`.execute(db());
    await expectAllFresh(a);
    expect((await expectFresh(a, { ...FIRST, tab: 'done' })).results).toEqual([]);

    // An order handed to another customer: both lists change.
    await cacheAll(a);
    await cacheAll(b);
    const [moved] = (await expectFresh(a)).results;
    await sql`update orders set user_id = ${b.userId} where id = ${moved!.id}`.execute(db());
    expect((await expectFresh(a)).results.map((o) => o.id)).not.toContain(moved!.id);
    expect((await expectFresh(b)).results.map((o) => o.id)).toEqual([moved!.id, ofB.id]);
    await expectAllFresh(a);
    await expectAllFresh(b);
  });

  it('shows a write made by another server process on the same database', async () => {
    const a = await signUp();
    const order = await place(a, 'До');
    await cacheAll(a);
    // Instances of one deployment share the token key as they share the database.
    const other = await buildTestApp({
      JWT_SECRET: t.config.JWT_SECRET,
      ...(t.config.DATABASE_URL
        ? { DATABASE_URL: t.config.DATABASE_URL }
        : { SQLITE_PATH: t.config.SQLITE_PATH }),
    });
    try {
      const edit = await other.app.inject({
        method: 'PATCH',
        url: api.orders.byId(order.id),
        headers: a.auth,
        payload: { topic: 'После' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await expectFresh(a)).results[0]?.details.topic).toBe('После');
      await cache(a);
      await cache(a, FIRST, other.app);
      const trash = await t.app.inject({ method: 'DELETE', url: api.orders.byId(order.id), headers: a.auth });
      expect(trash.statusCode, trash.body).toBe(200);
      expect((await expectFresh(a, FIRST, other.app)).results).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('never serves one user’s page to a new user given the same id', async () => {
    const gone = await signUp();
    await place(gone, 'Чужой заказ');
    await cacheAll(gone);
    await sql`delete from users where id = ${gone.userId}`.execute(db());
    await sql`
      insert into users (id, email, password_hash, created_at)
      values (${gone.userId}, ${`reused-${gone.userId}@example.com`}, null, ${new Date().toISOString()})`.execute(
      db(),
    );
    const reborn = {
      userId: gone.userId,
      auth: bearer((await t.app.accessTokens.issue(gone.userId)).access),
    };
    const page = await expectFresh(reborn);
    expect(page.results).toEqual([]);
    expect(page.counters).toEqual({ active: 0, archive: 0, done: 0 });
  });

  it('renders, and keeps nothing, for a customer with no version yet', async () => {
    const a = await signUp();
    const render = vi.spyOn(t.app.ordersService, 'listText');
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: urlOf(FIRST), headers: a.auth });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(render).toHaveBeenCalledTimes(2);
    render.mockRestore();
    await expectFresh(a);
  });

  it('gives the customer a new version with every write, never one given before', async () => {
    const a = await signUp();
    const seen = new Set<number>();
    const version = async () => {
      const v = await repo.listVersion(db(), a.userId);
      expect(v).toBeDefined();
      expect(seen.has(v!)).toBe(false);
      seen.add(v!);
    };
    expect(await repo.listVersion(db(), a.userId)).toBeUndefined(); // nothing written yet
    const order = await place(a);
    await version();
    await sql`update orders set pages = pages + 1 where id = ${order.id}`.execute(db());
    await version();
    // A write rolled back leaves the version as it was; the next write still gets a new one.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`update orders set pages = pages + 1 where id = ${order.id}`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(seen.has((await repo.listVersion(db(), a.userId))!)).toBe(true);
    await sql`update orders set pages = pages + 1 where id = ${order.id}`.execute(db());
    await version();
  });

  // A request reads the version, renders, then keeps the page under that version. A write may land
  // anywhere in between; whatever it changed, the next answer must show it.
  it.each(['before', 'after'] as const)(
    'stays fresh when a write lands while a page is rendered (%s the orders are read)',
    async (when) => {
      const a = await signUp();
      const order = await place(a, 'До гонки');
      await cache(a);
      await sql`update orders set pages = pages + 1 where id = ${order.id}`.execute(db());
      const service = t.app.ordersService;
      const render = service.listText.bind(service);
      const write = () =>
        sql`update orders set topic = ${'Во время гонки'} where id = ${order.id}`.execute(db());
      vi.spyOn(service, 'listText').mockImplementationOnce(async (userId, q) => {
        if (when === 'before') await write();
        const page = await render(userId, q);
        if (when === 'after') await write();
        return page;
      });
      const during = await t.app.inject({ method: 'GET', url: urlOf(FIRST), headers: a.auth });
      expect(during.statusCode).toBe(200);
      expect(during.body).toContain(when === 'before' ? 'Во время гонки' : 'До гонки');
      vi.restoreAllMocks();
      expect((await expectFresh(a)).results[0]?.details.topic).toBe('Во время гонки');
      await cache(a);
    },
  );

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'reads versions on SQLite’s read-only connection, which sees committed writes only',
    async () => {
      const reader = t.app.database.reader;
      expect(reader).toBeDefined();
      const read = repo.sqliteListVersion(reader!);
      const a = await signUp();
      const order = await place(a);
      const before = read(a.userId);
      expect(before).toBe(await repo.listVersion(db(), a.userId));
      await db()
        .transaction()
        .execute(async (trx) => {
          await sql`update orders set topic = ${'В транзакции'} where id = ${order.id}`.execute(trx);
          expect(await repo.listVersion(trx, a.userId)).not.toBe(before);
          // Not committed yet: the reader, like any other connection, still sees the old version.
          expect(read(a.userId)).toBe(before);
        });
      expect(read(a.userId)).not.toBe(before);
      expect(read(a.userId)).toBe(await repo.listVersion(db(), a.userId));
      expect(() => reader!.prepare('delete from orders').run()).toThrow(/readonly/);
      // The list's reads go through a memory map of the file (see db/index.ts).
      expect(reader!.pragma('mmap_size', { simple: true })).toBe(READER_MMAP_BYTES);
    },
  );

  // On SQLite the page is read on the reader connection too; through Kysely's one connection the
  // request would wait for the transaction, which here waits for the request: it would never end.
  it('renders a page from committed data while a transaction is open, without waiting for it', async () => {
    const a = await signUp();
    const order = await place(a, 'Сохранён');
    await expectFresh(a);
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`update orders set topic = ${'Не сохранён'}, status_id = ${OrderStatusId.completed} where id = ${order.id}`.execute(
          trx,
        );
        const page = await t.app.ordersService.list(a.userId, FIRST);
        expect(page.results.map((o) => o.details.topic)).toEqual(['Сохранён']);
        // The counters come from the same snapshot as the page.
        expect(page.counters).toMatchObject({ active: 1, done: 0 });
      });
    const after = await expectFresh(a, { ...FIRST, tab: 'done' });
    expect(after.results.map((o) => o.details.topic)).toEqual(['Не сохранён']);
    expect(after.counters).toMatchObject({ active: 0, done: 1 });
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'renders on SQLite’s reader the very page Kysely’s reads give',
    async () => {
      const a = await signUp();
      await place(a, 'Кавычки " и \\ обратная черта,\tтаб и\nперевод строки, ё и 🙂');
      await place(a);
      await sql`update orders set links = ${'["https://a.example", 7, "b"]'}, promo_code = ${'ВЕСНА'} where user_id = ${a.userId}`.execute(
        db(),
      );
      const throughKysely = new OrdersService({ db: db(), storage: t.app.storage, config: t.app.config });
      for (const q of [FIRST, { ...FIRST, page_size: 1 }, { ...FIRST, page: 2, page_size: 1 }]) {
        expect(JSON.stringify(await t.app.ordersService.list(a.userId, q))).toBe(
          JSON.stringify(await throughKysely.list(a.userId, q)),
        );
      }
    },
  );

  it('stays fresh through any sequence of writes and reads', async () => {
    const a = await signUp();
    const b = await signUp();
    const orders: OrderCreated[] = [await place(a, 'Начальный')];
    const pick = (i: number) => orders[i % orders.length]!;
    type Step = (i: number) => Promise<unknown>;
    const steps: Record<string, Step> = {
      place: async () => orders.push(await place(a, `Новый ${orders.length}`)),
      edit: (i) =>
        t.app.inject({
          method: 'PATCH',
          url: api.orders.byId(pick(i).id),
          headers: a.auth,
          payload: { topic: `Правка ${i}` },
        }),
      trash: (i) => t.app.inject({ method: 'DELETE', url: api.orders.byId(pick(i).id), headers: a.auth }),
      restore: (i) => t.app.inject({ method: 'PATCH', url: api.orders.restore(pick(i).id), headers: a.auth }),
      status: (i) =>
        sql`update orders set status_id = ${[1, 2, 3, 4, 5, 6, 7, 8][i % 8]!} where id = ${pick(i).id}`.execute(
          db(),
        ),
      topic: (i) => sql`update orders set topic = ${`SQL ${i}`} where id = ${pick(i).id}`.execute(db()),
      otherCustomer: () => place(b, 'Не наш'),
    };
    const query = fc.record({
      tab: fc.constantFrom(...ORDER_TABS),
      page: fc.constant(1),
      page_size: fc.constantFrom(1, 2, 20),
    });
    const op = fc.oneof(
      fc.record({ write: fc.constantFrom(...Object.keys(steps)), i: fc.nat(50) }),
      fc.record({ read: query }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          if ('write' in o) await steps[o.write]!(o.i);
          else await expectFresh(a, o.read);
        }
        await expectAllFresh(a);
      }),
      { numRuns: 12 },
    );
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'shows a TRUNCATE of the orders (PostgreSQL)',
    async () => {
      const a = await signUp();
      await place(a, 'Будет стёрт');
      await cacheAll(a);
      await sql`truncate orders cascade`.execute(db());
      expect((await expectFresh(a)).results).toEqual([]);
    },
  );
});
