import type { Database as SQLiteDatabase, Statement as SQLiteStatement } from 'better-sqlite3';
import { ORDERS_PAGE_SIZE_MAX } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { LIST_COLUMNS, listRowOf, type ListRow } from './repo';

// A page of the orders list read from its read model, `order_list_items` (migration 009): each
// placed order's item, its JSON written by the database when the order is written, kept in the
// customer's key range. A page is one range scan of short texts, not a seek into `orders` per row
// and twenty-one columns to convert and write as JSON.

/** A row of the read model: the order's id and its item's JSON text. */
export type ItemRow = readonly [id: number, item: string | null];

/**
 * The items of a page for the app to join: each `item`, or — where it is null, a row only the app
 * writes exactly — the order's row from `orders`.
 */
export interface PageItems {
  items: ItemRow[];
  rows: Map<number, ListRow>;
}

/** Placed orders per status, as `order_counts` (migration 004) holds them. */
export type StatusCounts = Array<{ status_id: number; n: number }>;

/**
 * Reads a page of the list: calls `tail` with the customer's counters (it throws past the last page
 * and gives the text after the page's items), then reads the items; all in one snapshot.
 */
export type ListPageReader = (
  userId: number,
  statusIds: readonly number[],
  limit: number,
  offset: number,
  tail: (counts: StatusCounts) => string,
) => { tail: string; page: Buffer | PageItems };

/** The JSON text before a page's first item. */
export const PAGE_HEAD = '{"results":[';

/**
 * The page's range. The limit is written into the SQL, not bound: SQLite's planner reads a bound
 * LIMIT's value, so binding it (even the same value) expires the statement, and every step then
 * compiled it again: a third of the CPU a page cost (bench/api-orders). Page sizes are few
 * (validated at the edge); the offset stays bound.
 */
const pageRange = (statusIds: readonly number[], limit: number) =>
  `from order_list_items where user_id = ? and status_id in (${statusIds.map(Number).join(', ')}) ` +
  `order by id desc limit ${pageLimit(limit)} offset ?`;

/** A page's size for the SQL text: an integer from 1 to ORDERS_PAGE_SIZE_MAX, or it throws. */
export function pageLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > ORDERS_PAGE_SIZE_MAX) {
    throw new RangeError(`page size ${limit}`);
  }
  return limit;
}

/**
 * The page reader on SQLite's read-only second connection (`Database.reader`): synchronous, in one
 * read transaction, so the counters match the page; it sees committed data only. The page's JSON
 * bytes come whole out of SQLite — the items joined, between the head and tail of the page, as one
 * BLOB: one value to convert, no JS string made (converting a page's ~20 texts to JS strings and
 * back to UTF-8 cost more than reading them). Where any item is null, the rows come instead, for
 * the app to join.
 *
 * group_concat joins the items in the order the subquery gives them: SQLite runs a subquery with
 * ORDER BY and LIMIT as such (it is never flattened into an aggregate), and its rows reach the
 * aggregate in that order. An ORDER BY inside group_concat would say so, but sorts the page again
 * (a fifth of the read); the list's tests compare every page's order with the rows'.
 */
export function sqliteListPageReader(reader: SQLiteDatabase): ListPageReader {
  // Raw rows: arrays are cheaper to make than objects with their keys.
  const counts = reader.prepare('select status_id, n from order_counts where user_id = ?').raw();
  const order = reader.prepare(`select ${LIST_COLUMNS.join(', ')} from orders where id = ?`).raw();
  const byTab = new Map<string, { body: SQLiteStatement; items: SQLiteStatement }>();
  const statements = (statusIds: readonly number[], limit: number) => {
    const key = `${statusIds.join(',')}/${limit}`;
    let found = byTab.get(key);
    if (!found) {
      found = {
        body: reader
          .prepare(
            `select case when count(item) = count(*) then ` +
              `cast(? || coalesce(group_concat(item, ','), '') || ? as blob) end ` +
              `from (select item ${pageRange(statusIds, limit)})`,
          )
          .pluck(),
        items: reader.prepare(`select id, item ${pageRange(statusIds, limit)}`).raw(),
      };
      byTab.set(key, found);
    }
    return found;
  };
  return reader.transaction((userId: number, statusIds, limit, offset, tail) => {
    const found = counts.all(userId) as Array<[number, number]>;
    const text = tail(found.map(([status_id, n]) => ({ status_id, n })));
    const { body, items } = statements(statusIds, limit);
    const bytes = body.get(PAGE_HEAD, text, userId, offset) as Buffer | null;
    if (bytes !== null) return { tail: text, page: bytes };
    const rows = items.all(userId, offset) as ItemRow[];
    const missing = new Map<number, ListRow>();
    for (const [id, item] of rows) {
      if (item === null) missing.set(id, listRowOf(order.get(id) as unknown[]));
    }
    return { tail: text, page: { items: rows, rows: missing } };
  });
}

/** The items of a page through Kysely (PostgreSQL, or SQLite without the reader connection). */
export async function listPageItems(
  db: Kysely<DB>,
  userId: number,
  statusIds: readonly number[],
  limit: number,
  offset: number,
): Promise<PageItems> {
  const found = await db
    .selectFrom('order_list_items')
    .select(['id', 'item'])
    .where('user_id', '=', userId)
    .where('status_id', 'in', [...statusIds])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const items = found.map((r): ItemRow => [r.id, r.item]);
  const missing = items.filter(([, item]) => item === null).map(([id]) => id);
  const rows =
    missing.length === 0
      ? []
      : await db.selectFrom('orders').select(LIST_COLUMNS).where('id', 'in', missing).execute();
  return { items, rows: new Map(rows.map((row) => [row.id, row])) };
}
