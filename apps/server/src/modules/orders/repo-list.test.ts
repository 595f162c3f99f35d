import { ORDERS_PAGE_SIZE_MAX, ORDER_STATUS_IDS, OrderStatusId, api } from '@cabinet/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from '../../../test/helpers';
import { PAGE_HEAD, pageLimit, sqliteListPageReader } from './repo-list';
import { ListItemWriter, listItemAfterId, toListItem } from './mappers';
import * as repo from './repo';
import { LIST_COLUMNS, type ListRow } from './repo';
import { TAB_STATUSES } from './statuses';

// The list's read model (migration 009): the database writes each placed order's item text from
// "title" on when the order is written. Whatever a row holds, that text after the app's head must
// be the bytes of JSON.stringify(toListItem(row)) — or null, and the app writes the row itself.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Any text the database stores (PostgreSQL refuses NUL in text): controls, quotes, Cyrillic, emoji. */
const text = fc
  .string({ unit: 'binary', maxLength: 30 })
  .map((s) => (onPostgres ? s.replaceAll('\u0000', '') : s));
const links = fc.oneof(
  fc.constant('[]'),
  fc.array(text, { maxLength: 3 }).map((a) => JSON.stringify(a)),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }).map((a) => JSON.stringify(a)),
  fc.constantFrom('[ ]', '["a", "b"]', '["\\u0041"]', '["\\ud800"]', '{"a":1}', '[1]', 'not json', ''),
  text,
);
/** Whether the text is JSON.stringify of an array of strings. */
function isStringArrayText(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return (
      Array.isArray(parsed) && parsed.every((v) => typeof v === 'string') && JSON.stringify(parsed) === value
    );
  } catch {
    return false;
  }
}
const int = fc.integer({ min: -2_000_000_000, max: 2_000_000_000 });

describe('the orders list read model', () => {
  let t: TestApp;
  let userId: number;
  let auth: { authorization: string };
  const db = () => t.app.database.db;

  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer((await registerCustomer(t.app)).access);
    const me = await t.app.inject({ method: 'GET', url: api.profile.root, headers: auth });
    userId = (me.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  const refIds = async () => {
    const ids = async (table: 'work_types' | 'subjects' | 'universities' | 'verification_systems') =>
      (await db().selectFrom(table).select('id').execute()).map((r) => r.id);
    return {
      work_type_id: await ids('work_types'),
      subject_id: await ids('subjects'),
      university_id: await ids('universities'),
      verification_system_id: await ids('verification_systems'),
    };
  };

  /** The stored item and the order's row, with the titles as the database holds them now. */
  async function stored(id: number) {
    const row = await db()
      .selectFrom('orders')
      .select(LIST_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const read = await db()
      .selectFrom('order_list_items')
      .select(['user_id', 'status_id', 'is_trash', 'item'])
      .where('id', '=', id)
      .executeTakeFirst();
    return { row: row as ListRow, read, writer: new ListItemWriter(await repo.referenceTitles(db())) };
  }

  it('holds, for any order, the bytes of JSON.stringify(toListItem(row)) after the head, or null', async () => {
    const refs = await refIds();
    const ref = (ids: number[]) => fc.oneof(fc.constantFrom(...ids), fc.constant(null));
    const order = fc.record({
      status_id: fc.constantFrom(...ORDER_STATUS_IDS),
      is_trash: fc.constantFrom(0, 1),
      work_type_id: ref(refs.work_type_id),
      subject_id: ref(refs.subject_id),
      university_id: ref(refs.university_id),
      verification_system_id: ref(refs.verification_system_id),
      topic: text,
      deadline: fc.option(text),
      pages: fc.option(int),
      originality: fc.option(int),
      requirements: text,
      links,
      promo_code: fc.option(text),
      cost: int,
      discount: int,
      price: int,
      is_first_order: fc.constantFrom(0, 1),
      created_at: text,
      updated_at: text,
    });
    const RUNS = onPostgres ? 150 : 300;
    let written = 0;
    await fc.assert(
      fc.asyncProperty(order, async (o) => {
        const { id } = await db()
          .insertInto('orders')
          .values({ ...o, user_id: userId, is_fake: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { row, read } = await stored(id);
        expect(read).toMatchObject({ user_id: userId, status_id: row.status_id, is_trash: row.is_trash });
        // The database writes every item whose links are an array of strings as JSON.stringify
        // writes it (what the app stores), escapes aside.
        if (!row.links.includes('\\') && isStringArrayText(row.links)) expect(read?.item).not.toBeNull();
        if (read?.item != null) {
          written += 1;
          expect(read.item).toBe(JSON.stringify(toListItem(row, await repo.referenceTitles(db()))));
        }
      }),
      { numRuns: RUNS },
    );
    expect(written).toBeGreaterThan(RUNS / 4);
  });

  // The database writes a status's title and whether it can be edited from order_list_heads; the
  // code's lifecycle decides them. A change of a status in the contract needs a migration that
  // writes the table.
  it('holds the head of every status the lifecycle knows, as the code writes it', async () => {
    const heads = await db()
      .selectFrom('order_list_heads')
      .select(['status_id', 'is_trash', 'head'])
      .orderBy('status_id')
      .orderBy('is_trash')
      .execute();
    expect(heads).toEqual(
      ORDER_STATUS_IDS.flatMap((id) =>
        [0, 1].map((isTrash) => ({ status_id: id, is_trash: isTrash, head: listItemAfterId(id, isTrash) })),
      ),
    );
  });

  it('writes the items of a status again when its head changes, under a new list version', async () => {
    const { id } = await db()
      .insertInto('orders')
      .values({
        user_id: userId,
        is_fake: 0,
        status_id: OrderStatusId.cancelled,
        created_at: 'c',
        updated_at: 'u',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await repo.listVersion(db(), userId);
    const head = listItemAfterId(OrderStatusId.cancelled, 0);
    const set = (text: string) =>
      db()
        .updateTable('order_list_heads')
        .set({ head: text })
        .where('status_id', '=', OrderStatusId.cancelled)
        .where('is_trash', '=', 0)
        .execute();
    try {
      await set(head.replace('Отменён', 'Отменён заказчиком'));
      expect((await stored(id)).read?.item).toContain('"title":"Отменён заказчиком"');
      expect(await repo.listVersion(db(), userId)).not.toBe(version);
    } finally {
      await set(head);
    }
    const { row, read } = await stored(id);
    expect(read?.item).toBe(JSON.stringify(toListItem(row, await repo.referenceTitles(db()))));
    // A status the table does not know: the app writes the item (and refuses it, as before).
    await db().updateTable('orders').set({ status_id: 999 }).where('id', '=', id).execute();
    expect((await stored(id)).read).toMatchObject({ status_id: 999, item: null });
    await db().deleteFrom('orders').where('id', '=', id).execute();
  });

  it('follows every write of an order, and has no row for a draft', async () => {
    const [workType] = (await refIds()).work_type_id;
    const { id } = await db()
      .insertInto('orders')
      .values({
        user_id: userId,
        is_fake: 1,
        work_type_id: workType!,
        topic: 'Черновик',
        created_at: 'c',
        updated_at: 'u',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await stored(id)).read).toBeUndefined();
    await db().updateTable('orders').set({ is_fake: 0 }).where('id', '=', id).execute();
    expect((await stored(id)).read?.item).toContain('"topic":"Черновик"');
    await db()
      .updateTable('orders')
      .set({ topic: 'Заказ', status_id: OrderStatusId.completed })
      .where('id', '=', id)
      .execute();
    const after = await stored(id);
    expect(after.read).toMatchObject({ status_id: OrderStatusId.completed });
    expect(after.read?.item).toContain('"topic":"Заказ"');
    // Moved to another customer: the row moves with it.
    const other = bearer((await registerCustomer(t.app)).access);
    const me = await t.app.inject({ method: 'GET', url: api.profile.root, headers: other });
    const otherId = (me.json() as { id: number }).id;
    await db().updateTable('orders').set({ user_id: otherId }).where('id', '=', id).execute();
    expect((await stored(id)).read?.user_id).toBe(otherId);
    expect(
      await db()
        .selectFrom('order_list_items')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute(),
    ).toEqual([]);
    await db().deleteFrom('orders').where('id', '=', id).execute();
    expect((await stored(id).catch(() => ({ read: 'gone' }))).read).toBe('gone');
    expect(await db().selectFrom('order_list_items').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('writes the items that show a reference again when its title changes, under a new list version', async () => {
    const [workType] = (await refIds()).work_type_id;
    const { id } = await db()
      .insertInto('orders')
      .values({
        user_id: userId,
        is_fake: 0,
        work_type_id: workType!,
        topic: 'С названием',
        created_at: 'c',
        updated_at: 'u',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await repo.listVersion(db(), userId);
    const old = await db()
      .selectFrom('work_types')
      .select('title')
      .where('id', '=', workType!)
      .executeTakeFirstOrThrow();
    try {
      await sql`update work_types set title = ${'Новое "название"'} where id = ${workType!}`.execute(db());
      const { row, read, writer } = await stored(id);
      expect(read?.item).toContain('"title":"Новое \\"название\\""');
      expect(read?.item).toBe(JSON.stringify(toListItem(row, await repo.referenceTitles(db()))));
      expect(read?.item).toBe(writer.item(row));
      expect(await repo.listVersion(db(), userId)).not.toBe(version);
    } finally {
      await sql`update work_types set title = ${old.title} where id = ${workType!}`.execute(db());
    }
  });

  // On PostgreSQL through a pool of connections, so the writes really overlap.
  it('matches the orders after concurrent writes of one customer’s orders', async () => {
    const customer = bearer((await registerCustomer(t.app)).access);
    const me = await t.app.inject({ method: 'GET', url: api.profile.root, headers: customer });
    const id = (me.json() as { id: number }).id;
    const insert = (topic: string) =>
      db()
        .insertInto('orders')
        .values({ user_id: id, is_fake: 0, topic, created_at: 'c', updated_at: 'u' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const ids = (await Promise.all(Array.from({ length: 6 }, (_, i) => insert(`Заказ ${i}`)))).map(
      (o) => o.id,
    );
    const statuses = [1, 2, 3, 4, 5, 6, 7, 8, 16];
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        db()
          .updateTable('orders')
          .set({
            topic: `Правка ${i}`,
            status_id: statuses[i % statuses.length]!,
            is_trash: i % 9 === 8 ? 1 : 0,
          })
          .where('id', '=', ids[i % ids.length]!)
          .execute(),
      ),
      ...Array.from({ length: 4 }, (_, i) => insert(`Новый ${i}`)),
      db().deleteFrom('orders').where('id', '=', ids[0]!).execute(),
      db().updateTable('orders').set({ is_fake: 1 }).where('id', '=', ids[1]!).execute(),
    ]);
    const orders = await db()
      .selectFrom('orders')
      .select(LIST_COLUMNS)
      .where('user_id', '=', id)
      .where('is_fake', '=', 0)
      .orderBy('id')
      .execute();
    const items = await db()
      .selectFrom('order_list_items')
      .select(['id', 'status_id', 'is_trash', 'item'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    const titles = await repo.referenceTitles(db());
    expect(items).toEqual(
      orders.map((row) => ({
        id: row.id,
        status_id: row.status_id,
        is_trash: row.is_trash,
        item: JSON.stringify(toListItem(row as ListRow, titles)),
      })),
    );
    expect(orders).toHaveLength(8);
  });

  it('answers an item the database leaves to the app with the same bytes as JSON.stringify of the page', async () => {
    const customer = bearer((await registerCustomer(t.app)).access);
    const me = await t.app.inject({ method: 'GET', url: api.profile.root, headers: customer });
    const id = (me.json() as { id: number }).id;
    const [workType] = (await refIds()).work_type_id;
    for (const links of ['["https://a.example"]', '["https://a.example", 7, "b"]', '[]']) {
      await db()
        .insertInto('orders')
        .values({ user_id: id, is_fake: 0, work_type_id: workType!, links, created_at: 'c', updated_at: 'u' })
        .execute();
    }
    const items = await db()
      .selectFrom('order_list_items')
      .select('item')
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(items.map((i) => i.item === null)).toEqual([false, true, false]);
    const q = { tab: 'active', page: 1, page_size: 20 } as const;
    const res = await t.app.inject({
      method: 'GET',
      url: `${api.orders.root}?tab=active`,
      headers: customer,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(JSON.stringify(await t.app.ordersService.list(id, q)));
    expect(JSON.parse(res.body)).toMatchObject({ count: 3 });
  });

  it.runIf(!onPostgres)(
    'gives the whole page as bytes from SQLite’s reader, or the items it left to the app',
    async () => {
      const customer = bearer((await registerCustomer(t.app)).access);
      const me = await t.app.inject({ method: 'GET', url: api.profile.root, headers: customer });
      const id = (me.json() as { id: number }).id;
      const [workType] = (await refIds()).work_type_id;
      const place = (links: string) =>
        db()
          .insertInto('orders')
          .values({
            user_id: id,
            is_fake: 0,
            work_type_id: workType!,
            links,
            created_at: 'c',
            updated_at: 'u',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      await place('["https://a.example"]');
      await place('[]');
      const read = sqliteListPageReader(t.app.database.reader!);
      const tail = () => ']}';
      const whole = read(id, TAB_STATUSES.active, 20, 0, tail);
      expect(Buffer.isBuffer(whole.page)).toBe(true);
      const page = JSON.parse(String(whole.page)) as { results: Array<{ id: number }> };
      const expected = (await t.app.ordersService.list(id, { tab: 'active', page: 1, page_size: 20 }))
        .results;
      expect(String(whole.page)).toBe(`${PAGE_HEAD}${expected.map((o) => JSON.stringify(o)).join(',')}]}`);
      expect(page.results).toHaveLength(2);
      // An item only the app writes: the rows come instead, in the page's order.
      const odd = await place('[1]');
      const left = read(id, TAB_STATUSES.active, 20, 0, tail);
      expect(Buffer.isBuffer(left.page)).toBe(false);
      if (!Buffer.isBuffer(left.page)) {
        expect(left.page.items.map(([orderId, item]) => [orderId, item === null])).toEqual([
          [odd.id, true],
          ...expected.map((o) => [o.id, false]),
        ]);
        expect([...left.page.rows.keys()]).toEqual([odd.id]);
      }
    },
  );

  it.runIf(!onPostgres)(
    'writes the page size into the SQL, never binding a LIMIT that SQLite would compile again on every read',
    async () => {
      const customer = bearer((await registerCustomer(t.app)).access);
      const me = await t.app.inject({ method: 'GET', url: api.profile.root, headers: customer });
      const id = (me.json() as { id: number }).id;
      const [workType] = (await refIds()).work_type_id;
      for (let i = 0; i < 7; i += 1) {
        await db()
          .insertInto('orders')
          .values({ user_id: id, is_fake: 0, work_type_id: workType!, created_at: 'c', updated_at: 'u' })
          .execute();
      }
      const reader = t.app.database.reader!;
      const prepare = vi.spyOn(reader, 'prepare');
      try {
        const read = sqliteListPageReader(reader);
        const all = await t.app.ordersService.list(id, { tab: 'active', page: 1, page_size: 20 });
        for (const [size, offset] of [
          [3, 0],
          [3, 3],
          [3, 6],
          [1, 4],
          [ORDERS_PAGE_SIZE_MAX, 0],
        ] as const) {
          const { page } = read(id, TAB_STATUSES.active, size, offset, () => ']}');
          const ids = (JSON.parse(String(page)) as { results: Array<{ id: number }> }).results.map(
            (o) => o.id,
          );
          expect(ids).toEqual(all.results.slice(offset, offset + size).map((o) => o.id));
        }
        const texts = prepare.mock.calls.map(([text]) => text);
        expect(texts.some((text) => /limit 3 offset \?/.test(text))).toBe(true);
        expect(texts.filter((text) => /limit\s+\?/i.test(text))).toEqual([]);
        for (const size of [0, -1, 1.5, ORDERS_PAGE_SIZE_MAX + 1, Number.NaN]) {
          expect(() => pageLimit(size)).toThrow(RangeError);
          expect(() => read(id, TAB_STATUSES.active, size, 0, () => ']}')).toThrow(RangeError);
        }
      } finally {
        prepare.mockRestore();
      }
    },
  );
});
