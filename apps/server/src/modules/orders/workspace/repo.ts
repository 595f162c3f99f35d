import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types';
import { notHeldForRework } from '../files-repo';
import type { FileRow } from '../repo';

// The rows an order's workspace reads and writes beyond the order itself: its files as each face
// sees them (files.ts, service.ts), what is new on its tabs (fields.ts), the names of its people
// (people.ts) and its timeline (timeline.ts).

// Files ------------------------------------------------------------------------------

/**
 * Every file of a placed order (uploads not yet attached are no order's), by id; for the customer
 * without the final files held for a rework still open (ADR 015).
 */
export function placedOrderFiles(db: Kysely<DB>, orderId: number, customerFace: boolean): Promise<FileRow[]> {
  let query = db
    .selectFrom('order_files')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '!=', 'ajax');
  if (customerFace) query = query.where(notHeldForRework('order_files.rework_id'));
  return query.orderBy('id').execute();
}

/** A file of a placed order, whoever uploaded it. */
export function placedOrderFile(
  db: Kysely<DB>,
  orderId: number,
  fileId: number,
): Promise<FileRow | undefined> {
  return db
    .selectFrom('order_files as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .selectAll('f')
    .where('f.id', '=', fileId)
    .where('f.order_id', '=', orderId)
    .where('o.is_fake', '=', 0)
    .executeTakeFirst();
}

/**
 * The customer's files of an order for a zip, by id: every one they see, or those among `fileIds`.
 */
export function zipFileRows(db: Kysely<DB>, orderId: number, fileIds: number[] | undefined) {
  let query = db
    .selectFrom('order_files')
    .select(['id', 'kind', 'original_name', 'stored_name', 'mime', 'created_at'])
    .where('order_id', '=', orderId)
    .where('kind', '!=', 'ajax')
    .where(notHeldForRework('order_files.rework_id'))
    .orderBy('id');
  if (fileIds !== undefined) query = query.where('id', 'in', fileIds);
  return query.execute();
}

/** Bytes the staff's files of an order hold (their budget, apart from the customer's). */
export async function staffBytes(db: Kysely<DB>, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('order_files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('bytes'))
    .where('order_id', '=', orderId)
    .where('staff_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Whether an order (or a draft) of this id exists. */
export async function orderExists(db: Kysely<DB>, orderId: number): Promise<boolean> {
  const row = await db.selectFrom('orders').select(['id']).where('id', '=', orderId).executeTakeFirst();
  return row !== undefined;
}

export async function markFileReviewed(db: Kysely<DB>, fileId: number): Promise<void> {
  await db.updateTable('order_files').set({ is_reviewed: 1 }).where('id', '=', fileId).execute();
}

// What is new on the tabs ------------------------------------------------------------

/** The files the author sent that the customer sees and has not marked reviewed. */
export async function unreviewedReceived(db: Kysely<DB>, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('order_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['intermediate', 'final'])
    .where('is_reviewed', '=', 0)
    .where(notHeldForRework('order_files.rework_id'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Each of the order's reworks: its state and when it was answered and seen. */
export function reworkStates(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('reworks')
    .select(['state', 'answered_at', 'customer_seen_at'])
    .where('order_id', '=', orderId)
    .execute();
}

/** The order's care requests with a staff answer the customer has not seen. */
export async function careWithNewAnswers(db: Kysely<DB>, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('care_requests as c')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.order_id', '=', orderId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('thread_messages as m')
          .select('m.id')
          .where('m.thread', '=', 'care')
          .whereRef('m.thread_id', '=', 'c.id')
          .where('m.author_role', '!=', 'customer')
          .where((w) =>
            w.or([w('c.customer_seen_at', 'is', null), w('m.created_at', '>', w.ref('c.customer_seen_at'))]),
          ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// People and the timeline ------------------------------------------------------------

export function staffByIds(db: Kysely<DB>, ids: number[]) {
  return db.selectFrom('staff_users').select(['id', 'name', 'role']).where('id', 'in', ids).execute();
}

/** The full name of the order's customer. */
export async function customerFioOf(db: Kysely<DB>, orderId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select('users.fio')
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  return row?.fio;
}

/** A placed order's id and when it was placed. */
export function placedOrderCreatedAt(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('id', '=', orderId)
    .where('is_fake', '=', 0)
    .executeTakeFirst();
}

/** The order's timeline events, oldest first. */
export function orderEvents(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
