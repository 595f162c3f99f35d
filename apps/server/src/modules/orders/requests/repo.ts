import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CareRequestsTable, DB, ReworksTable, ThreadMessagesTable } from '../../../db/types';
import type { FileRow } from '../repo';

type CareStateName = 'open' | 'answered' | 'closed';

// The rows of an order's requests (service.ts, reworks.ts, care.ts) and of their threads'
// messages and files (threads.ts).

/** The kinds of request, each a thread about the order. */
export type ThreadKind = 'rework' | 'care';

export interface RequestTables {
  rework: ReworksTable;
  care: CareRequestsTable;
}

/**
 * The table of each kind, typed as the rework's: Kysely cannot build one query over a union of
 * tables, and the columns used here (`id`, `order_id`, `customer_seen_at`) are alike in both.
 */
const tableOf = { rework: 'reworks', care: 'care_requests' } as unknown as Record<ThreadKind, 'reworks'>;
const tableFor = (kind: ThreadKind): 'reworks' => tableOf[kind];

// Both kinds -------------------------------------------------------------------------

/** One request of the order. */
export async function findRequestRow<K extends ThreadKind>(
  db: Kysely<DB>,
  kind: K,
  orderId: number,
  requestId: number,
): Promise<Selectable<RequestTables[K]> | undefined> {
  const row = await db
    .selectFrom(tableFor(kind))
    .selectAll()
    .where('order_id', '=', orderId)
    .where('id', '=', requestId)
    .executeTakeFirst();
  // The table is the one `kind` names, so the row is that table's.
  return row as unknown as Selectable<RequestTables[K]> | undefined;
}

/** The customer has seen the request's answers at `at`. */
export async function setCustomerSeen(
  db: Kysely<DB>,
  kind: ThreadKind,
  id: number,
  at: string,
): Promise<void> {
  await db.updateTable(tableFor(kind)).set({ customer_seen_at: at }).where('id', '=', id).execute();
}

// Reworks ----------------------------------------------------------------------------

/** The order's open rework, if one is open. */
export async function openReworkId(db: Kysely<DB>, orderId: number): Promise<number | null> {
  const row = await db
    .selectFrom('reworks')
    .select('id')
    .where('order_id', '=', orderId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The order's reworks, newest first. */
export function reworksOf(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('reworks')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('number', 'desc')
    .execute();
}

/** The final files uploaded during the given reworks and sent with no message yet (ADR 015). */
export function heldFileRows(db: Kysely<DB>, orderId: number, reworkIds: number[]): Promise<FileRow[]> {
  return db
    .selectFrom('order_files')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('rework_id', 'in', reworkIds)
    .where('kind', '=', 'final')
    .where('thread_message_id', 'is', null)
    .where('chat_message_id', 'is', null)
    .orderBy('id')
    .execute();
}

/** Writes the order's next rework (numbered after the last); returns its id and number. */
export async function insertNextRework(
  trx: Kysely<DB>,
  values: Omit<Insertable<ReworksTable>, 'number'>,
): Promise<{ id: number; number: number }> {
  const last = await trx
    .selectFrom('reworks')
    .select((eb) => eb.fn.max<number>('number').as('n'))
    .where('order_id', '=', values.order_id)
    .executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  const { id } = await trx
    .insertInto('reworks')
    .values({ ...values, number })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, number };
}

/** Marks an open rework answered; false when it was no longer open. */
export async function markReworkAnswered(trx: Kysely<DB>, reworkId: number, at: string): Promise<boolean> {
  const answered = await trx
    .updateTable('reworks')
    .set({ state: 'answered', answered_at: at })
    .where('id', '=', reworkId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(answered.numUpdatedRows) === 1;
}

// Care requests ----------------------------------------------------------------------

/** When the last staff message came (for "new" marks), by request id. */
export async function lastStaffAnswers(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('thread_messages')
    .select((eb) => ['thread_id', eb.fn.max('created_at').as('at')])
    .where('thread', '=', 'care')
    .where('thread_id', 'in', ids)
    .where('author_role', '!=', 'customer')
    .groupBy('thread_id')
    .execute();
  return new Map(rows.map((r) => [r.thread_id, String(r.at)]));
}

/** The order's care requests, newest first. */
export function careRequestsOf(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('care_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCareRequest(
  trx: Kysely<DB>,
  values: Insertable<CareRequestsTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('care_requests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Sets a request's state unless it is closed; false when it was (a close won the race). */
export async function setCareState(
  trx: Kysely<DB>,
  careId: number,
  state: CareStateName,
  at: string,
): Promise<boolean> {
  const updated = await trx
    .updateTable('care_requests')
    .set({ state, updated_at: at })
    .where('id', '=', careId)
    .where('state', '!=', 'closed')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A page of every order's care requests (in `state`, if given), the longest waiting first. */
export async function careQueuePage(
  db: Kysely<DB>,
  q: { state?: CareStateName | undefined; page: number; pageSize: number },
) {
  let base = db.selectFrom('care_requests as c');
  if (q.state) base = base.where('c.state', '=', q.state);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['c.id', 'c.order_id', 'c.kind', 'c.state', 'c.subject', 'c.updated_at', 'u.fio'])
    .orderBy('c.updated_at', 'asc')
    .orderBy('c.id', 'asc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows, total: Number(total.n) };
}

// Thread messages --------------------------------------------------------------------

export async function insertThreadMessage(
  trx: Kysely<DB>,
  values: Insertable<ThreadMessagesTable>,
): Promise<number> {
  const row = await trx
    .insertInto('thread_messages')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The files go with the message. */
export async function setFilesMessage(trx: Kysely<DB>, ids: number[], messageId: number): Promise<void> {
  await trx.updateTable('order_files').set({ thread_message_id: messageId }).where('id', 'in', ids).execute();
}

/** Staff files of the order among `ids` not yet sent with a message (a thread's or the chat's). */
export function unsentStaffFiles(trx: Kysely<DB>, orderId: number, ids: number[]) {
  return trx
    .selectFrom('order_files')
    .select(['id', 'kind'])
    .where('order_id', '=', orderId)
    .where('staff_id', 'is not', null)
    .where('thread_message_id', 'is', null)
    .where('chat_message_id', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

/** The messages of threads of one kind, oldest first. */
export function threadMessageRows(db: Kysely<DB>, orderId: number, thread: ThreadKind, threadIds: number[]) {
  return db
    .selectFrom('thread_messages')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('thread', '=', thread)
    .where('thread_id', 'in', threadIds)
    .orderBy('id')
    .execute();
}

/** The files the given thread messages carry, by id. */
export function filesOfThreadMessages(
  db: Kysely<DB>,
  orderId: number,
  messageIds: number[],
): Promise<FileRow[]> {
  return db
    .selectFrom('order_files')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('thread_message_id', 'in', messageIds)
    .orderBy('id')
    .execute();
}
