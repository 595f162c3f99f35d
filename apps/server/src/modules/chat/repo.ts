import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ChatMessagesTable, ChatReadsTable, DB, OrderFileKind, StaffRoleName } from '../../db/types';
import type { FileRow } from '../orders';

/**
 * The chat's queries. Every one names the order first (indexes `chat_messages_order`, the
 * `chat_reads` primary key) or the reader (`chat_reads_user`, `chat_reads_staff`).
 */

export type MessageRow = Selectable<ChatMessagesTable>;

/** A reader's row of an order, with the staff member's role (null on the customer's row). */
export type ReadRow = Selectable<ChatReadsTable> & { role: StaffRoleName | null };

export const CUSTOMER_KEY = 'customer';
export const staffKey = (staffId: number) => `staff:${staffId}`;

export function findByClientId(
  db: Kysely<DB>,
  orderId: number,
  senderKey: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('sender_key', '=', senderKey)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/**
 * Stores the message, or nothing when this sender already used its `client_id` in the order (the
 * unique index `chat_messages_client_id`): undefined then, and the caller reads the first one.
 * One statement for the usual case, where a look-up first cost a round trip on every message.
 */
export function insertMessageOnce(
  db: Kysely<DB>,
  row: Insertable<ChatMessagesTable>,
): Promise<MessageRow | undefined> {
  return db
    .insertInto('chat_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['order_id', 'sender_key', 'client_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * One page of an order's messages, newest first, with one row more than asked when there is more
 * (the caller cuts it off): before `before`, after `after` (the oldest ones after it), or the newest.
 */
export async function messagePage(
  db: Kysely<DB>,
  orderId: number,
  q: { before?: number | undefined; after?: number | undefined; limit: number },
): Promise<MessageRow[]> {
  let query = db.selectFrom('chat_messages').selectAll().where('order_id', '=', orderId);
  if (q.after !== undefined) {
    const rows = await query
      .where('id', '>', q.after)
      .orderBy('id', 'asc')
      .limit(q.limit + 1)
      .execute();
    // The extra row is the newest one: drop it before turning the page around.
    const more = rows.length > q.limit;
    const page = (more ? rows.slice(0, q.limit) : rows).reverse();
    return more ? [...page, rows[q.limit] as MessageRow] : page;
  }
  if (q.before !== undefined) query = query.where('id', '<', q.before);
  return query
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

/** The files sent with these messages of the order, oldest first. */
export function filesOfMessages(db: Kysely<DB>, orderId: number, messageIds: number[]): Promise<FileRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_files')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('chat_message_id', 'in', messageIds)
    .orderBy('id')
    .execute();
}

/** The order's newest message id (0: none yet). */
export async function lastId(db: Kysely<DB>, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** Every reader's row of the order: the customer's and the staff's who have one. */
export function orderReads(db: Kysely<DB>, orderId: number): Promise<ReadRow[]> {
  return db
    .selectFrom('chat_reads as r')
    .leftJoin('staff_users as s', 's.id', 'r.staff_id')
    .selectAll('r')
    .select('s.role')
    .where('r.order_id', '=', orderId)
    .execute();
}

/** A reader's row as a new message changes it: see {@link writeMessageReads}. */
export type MessageRead = Pick<ChatReadsTable, 'reader_key' | 'user_id' | 'staff_id' | 'pending_since'> &
  (
    | { /** Another reader: one more unread. */ unread: 1; last_read_id: 0 }
    | { /** The sender: read up to their own message. */ unread: 0; last_read_id: number }
  );

/**
 * The readers' rows after a message, in one statement, created where missing: one more unread for
 * each other reader (on the customer's row the digest's clock starts if it was not running); the
 * sender has read up to their message and waits for nothing. The new values are computed from the
 * rows as they are when written, not as read before: the digest stops clocks without the order's
 * lock, and a clock it stopped must stay stopped.
 */
export async function writeMessageReads(db: Kysely<DB>, orderId: number, rows: MessageRead[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('chat_reads')
    .values(rows.map((r) => ({ order_id: orderId, ...r })))
    .onConflict((oc) =>
      oc.columns(['order_id', 'reader_key']).doUpdateSet({
        unread: sql<number>`case when excluded.unread = 0 then 0 else chat_reads.unread + excluded.unread end`,
        last_read_id: sql<number>`case when excluded.last_read_id > chat_reads.last_read_id then excluded.last_read_id else chat_reads.last_read_id end`,
        pending_since: sql<
          string | null
        >`case when excluded.unread = 0 then null when chat_reads.reader_key = ${CUSTOMER_KEY} then coalesce(chat_reads.pending_since, excluded.pending_since) else chat_reads.pending_since end`,
      }),
    )
    .execute();
}

/** Writes a reader's mark, count and digest clock, creating the row the first time. */
export async function saveRead(
  db: Kysely<DB>,
  row: Pick<ChatReadsTable, 'order_id' | 'reader_key' | 'user_id' | 'staff_id' | 'pending_since'> & {
    last_read_id: number;
    unread: number;
  },
): Promise<void> {
  await db
    .insertInto('chat_reads')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['order_id', 'reader_key']).doUpdateSet({
        last_read_id: row.last_read_id,
        unread: row.unread,
        pending_since: row.pending_since,
      }),
    )
    .execute();
}

/** Messages of the order after `afterId` written by anyone but this reader. */
export async function countUnread(
  db: Kysely<DB>,
  orderId: number,
  readerKey: string,
  afterId: number,
): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_id', '=', orderId)
    .where('id', '>', afterId)
    .where('sender_key', '!=', readerKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface UnreadRow {
  order_id: number;
  unread: number;
  user_id: number | null;
  staff_id: number | null;
}

/** The customers' rows with unread messages, of these customers. */
export function customerUnread(db: Kysely<DB>, userIds: number[]): Promise<UnreadRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('chat_reads')
    .select(['order_id', 'unread', 'user_id', 'staff_id'])
    .where('user_id', 'in', userIds)
    .where('unread', '>', 0)
    .orderBy('order_id')
    .execute();
}

/**
 * The staff's rows with unread messages, of these staff members, on orders they still see: a
 * manager every order, an author only the orders assigned to them now.
 */
export function staffUnread(db: Kysely<DB>, staffIds: number[]): Promise<UnreadRow[]> {
  if (staffIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('chat_reads as r')
    .innerJoin('staff_users as s', 's.id', 'r.staff_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.order_id', 'r.unread', 'r.user_id', 'r.staff_id'])
    .where('r.staff_id', 'in', staffIds)
    .where('r.unread', '>', 0)
    .where((eb) => eb.or([eb('s.role', '=', 'manager'), eb('o.performer_id', '=', eb.ref('r.staff_id'))]))
    .orderBy('r.order_id')
    .execute();
}

/** What the digest looks at: customers' rows whose clock ran out with something unread. */
export function digestDue(db: Kysely<DB>, cutoff: string, limit: number) {
  return db
    .selectFrom('chat_reads')
    .select(['order_id', 'pending_since'])
    .where('reader_key', '=', CUSTOMER_KEY)
    .where('pending_since', '<=', cutoff)
    .where('unread', '>', 0)
    .orderBy('pending_since')
    .limit(limit)
    .execute();
}

/**
 * Claims a due row for one digest: stops its clock only if it still reads what the caller saw,
 * so that of several instances (or runs) at once exactly one gets it.
 */
export function claimDigest(db: Kysely<DB>, orderId: number, pendingSince: string) {
  return db
    .updateTable('chat_reads')
    .set({ pending_since: null })
    .where('order_id', '=', orderId)
    .where('reader_key', '=', CUSTOMER_KEY)
    .where('pending_since', '=', pendingSince)
    .where('unread', '>', 0)
    .returning(['user_id', 'last_read_id', 'digest_up_to_id', 'unread'])
    .executeTakeFirst();
}

export async function setDigestUpTo(db: Kysely<DB>, orderId: number, upToId: number): Promise<void> {
  await db
    .updateTable('chat_reads')
    .set({ digest_up_to_id: upToId })
    .where('order_id', '=', orderId)
    .where('reader_key', '=', CUSTOMER_KEY)
    .execute();
}

/** Messages by staff after `afterId`, oldest first (what a digest lists). */
export function staffMessagesAfter(db: Kysely<DB>, orderId: number, afterId: number, limit: number) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('id', '>', afterId)
    .where('sender_key', '!=', CUSTOMER_KEY)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Staff files of the order not yet sent with a message (a thread's or the chat's) go with message
 * `messageId`; false, and nothing written, when any of them is not such a file.
 */
export async function attachStaffFiles(
  trx: Kysely<DB>,
  orderId: number,
  fileIds: number[],
  messageId: number,
): Promise<boolean> {
  if (fileIds.length === 0) return true;
  const rows = await trx
    .selectFrom('order_files')
    .select('id')
    .where('order_id', '=', orderId)
    .where('staff_id', 'is not', null)
    .where('thread_message_id', 'is', null)
    .where('chat_message_id', 'is', null)
    .where('id', 'in', fileIds)
    .execute();
  if (rows.length !== fileIds.length) return false;
  await trx
    .updateTable('order_files')
    .set({ chat_message_id: messageId })
    .where('id', 'in', fileIds)
    .execute();
  return true;
}

// The order and its people, as the chat reads them ---------------------------------

/** A placed order's id, customer and author. */
export function placedOrderPeople(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'performer_id'])
    .where('id', '=', orderId)
    .where('is_fake', '=', 0)
    .executeTakeFirst();
}

/** An order's customer and author as they are now (read after a commit). */
export function orderPeople(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['user_id', 'performer_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** A customer's full name. */
export function customerFio(db: Kysely<DB>, userId: number) {
  return db.selectFrom('users').select('fio').where('id', '=', userId).executeTakeFirst();
}

/** A customer's address and whether they take e-mail. */
export function mailSettings(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'email_delivery'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The customer's pending uploads join the order as `kind` and go with message `messageId`. */
export async function attachCustomerUploads(
  trx: Kysely<DB>,
  ids: number[],
  set: { order_id: number; kind: OrderFileKind; chat_message_id: number },
): Promise<void> {
  await trx.updateTable('order_files').set(set).where('id', 'in', ids).execute();
}
