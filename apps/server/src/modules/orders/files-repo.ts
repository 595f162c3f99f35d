import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { DB, OrderFileKind, OrderFilesTable } from '../../db/types';
import type { FileRow } from './repo';

// The rows of orders' files: what the customer sees of them, their byte budget, uploads waiting to
// join an order, and the sweep of uploads nobody attached.

/**
 * Whether the file (its `rework_id` column named) is the customer's to see: not a final file held
 * for the answer of a rework still open (ADR 015) — it reaches them with the answer.
 */
export function notHeldForRework(reworkIdColumn: 'order_files.rework_id' | 'f.rework_id') {
  return sql<boolean>`not exists (select 1 from reworks held where held.id = ${sql.ref(reworkIdColumn)} and held.state = 'open')`;
}

/** The files of the customer's orders, as the customer sees them. */
export function filesOf(db: Kysely<DB>, orderIds: number[]): Promise<FileRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_files')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where(notHeldForRework('order_files.rework_id'))
    .orderBy('id')
    .execute();
}

/**
 * Bytes the customer already holds on an order, or — for null — in uploads waiting for one. The
 * staff's files of the order (rows of the order's customer with a staff_id) have a budget apart.
 */
export async function bytesHeld(db: Kysely<DB>, userId: number, orderId: number | null): Promise<number> {
  let q = db
    .selectFrom('order_files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('bytes'))
    .where('user_id', '=', userId)
    .where('staff_id', 'is', null);
  q =
    orderId === null
      ? q.where('order_id', 'is', null).where('kind', '=', 'ajax')
      : q.where('order_id', '=', orderId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.bytes);
}

export async function insertFiles(
  db: Kysely<DB>,
  rows: Array<Insertable<OrderFilesTable>>,
): Promise<FileRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('order_files').values(rows).returningAll().execute();
}

/** The customer's uploads still waiting for an order, among the given ids. */
export function pendingUploads(db: Kysely<DB>, userId: number, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'ajax')
    .where('order_id', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

export async function attachFiles(db: Kysely<DB>, ids: number[], orderId: number, kind: OrderFileKind) {
  if (ids.length === 0) return;
  await db.updateTable('order_files').set({ order_id: orderId, kind }).where('id', 'in', ids).execute();
}

export function findFile(db: Kysely<DB>, userId: number, id: number) {
  return db
    .selectFrom('order_files')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A file of one of the customer's orders or drafts, whoever uploaded it. */
export function findOrderFile(db: Kysely<DB>, userId: number, orderId: number, fileId: number) {
  return db
    .selectFrom('order_files as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .selectAll('f')
    .where('f.id', '=', fileId)
    .where('f.order_id', '=', orderId)
    .where('o.user_id', '=', userId)
    .where(notHeldForRework('f.rework_id'))
    .executeTakeFirst();
}

export async function deleteFile(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('order_files').where('id', '=', id).execute();
}

/**
 * Files that have outlived `before` unused: uploads never attached to an order, and the files of
 * drafts untouched since then.
 */
function isStale(before: string) {
  return (eb: ExpressionBuilder<DB, 'order_files'>) =>
    eb.and([
      eb('order_files.created_at', '<', before),
      eb.or([
        eb.and([eb('order_files.order_id', 'is', null), eb('order_files.kind', '=', 'ajax')]),
        eb(
          'order_files.order_id',
          'in',
          eb
            .selectFrom('orders')
            .select('orders.id')
            .where('orders.is_fake', '=', 1)
            .where('orders.updated_at', '<', before),
        ),
      ]),
    ]);
}

/** Up to `limit` customers holding files the sweep removes. */
export async function ownersOfStaleFiles(db: Kysely<DB>, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('order_files')
    .select('order_files.user_id')
    .distinct()
    .where(isStale(before))
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Deletes the customer's files the sweep removes; returns their stored names. */
export async function deleteStaleFiles(db: Kysely<DB>, userId: number, before: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('order_files')
    .where('order_files.user_id', '=', userId)
    .where(isStale(before))
    .returning('order_files.stored_name')
    .execute();
  return rows.map((r) => r.stored_name);
}
