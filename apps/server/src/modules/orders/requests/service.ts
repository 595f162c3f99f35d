import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../../../db';
import type { DB } from '../../../db/types';
import type { HttpError } from '../../../plugins/errors';
import { lockCustomer } from '../../ledger';
import { notFound, type OrdersContext } from '../context';
import { customerActor } from '../lifecycle';
import { findPlacedOrder, lockOrder } from '../repo-lifecycle';
import { findRequestRow, setCustomerSeen, type RequestTables, type ThreadKind } from './repo';
import type { OrderRow } from '../repo';
import { addMessage, attachCustomerFiles } from './threads';
import type { Face } from '../workspace/people';

/**
 * Order requests (spec §5): a rework and a care request are one concept — a thread about the order
 * that the customer opens with a message and files, staff answer, and the customer sees as «new»
 * until opened. This holds what both kinds do alike; `reworks.ts` and `care.ts` hold their rules
 * (the guarantee and the final files; a question thread that a manager may close).
 */

/** An order that exists (a fake one does not), or 404. */
export async function requireOrder(db: Kysely<DB>, orderId: number): Promise<OrderRow> {
  const row = await findPlacedOrder(db, orderId);
  if (!row) throw notFound();
  return row;
}

/** One request of the order, or `missing()`'s 404. */
export async function findRequest<K extends ThreadKind>(
  db: Kysely<DB>,
  kind: K,
  orderId: number,
  requestId: number,
  missing: () => HttpError,
): Promise<Selectable<RequestTables[K]>> {
  const row = await findRequestRow(db, kind, orderId, requestId);
  if (!row) throw missing();
  return row;
}

/**
 * One request of a placed order as `face` opens it (404 for the order, else `missing()`'s): the
 * customer opening it has seen its answers. The row as it now is.
 */
export async function readRequest<K extends ThreadKind>(
  db: Kysely<DB>,
  kind: K,
  orderId: number,
  requestId: number,
  face: Face,
  missing: () => HttpError,
): Promise<Selectable<RequestTables[K]>> {
  await requireOrder(db, orderId);
  const row = await findRequest(db, kind, orderId, requestId, missing);
  return markSeen(db, kind, row, face);
}

/** The customer opening a request has seen its answers: the row as it now is. */
async function markSeen<K extends ThreadKind>(
  db: Kysely<DB>,
  kind: K,
  row: Selectable<RequestTables[K]>,
  face: Face,
): Promise<Selectable<RequestTables[K]>> {
  if (face !== 'customer') return row;
  const at = nowIso();
  const { id } = row as { id: number };
  await setCustomerSeen(db, kind, id, at);
  return { ...row, customer_seen_at: at };
}

/**
 * The customer opens a request in one transaction under their lock: the order must be theirs;
 * `check` refuses what its kind does not allow, `insert` writes the request's row, its first
 * message carries `text` and the pending uploads `files`, and `after` writes what follows (the
 * order's status, its timeline). Returns the new request's id.
 */
export async function openRequest(
  ctx: OrdersContext,
  kind: ThreadKind,
  userId: number,
  orderId: number,
  steps: {
    text: string;
    files: number[];
    at: string;
    check: (trx: Kysely<DB>, order: OrderRow) => Promise<void>;
    insert: (trx: Kysely<DB>, order: OrderRow) => Promise<number>;
    after: (trx: Kysely<DB>, order: OrderRow, requestId: number) => Promise<void>;
  },
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    const order = await lockOrder(trx, orderId);
    if (!order || order.user_id !== userId) throw notFound();
    await steps.check(trx, order);
    const requestId = await steps.insert(trx, order);
    const messageId = await addMessage(trx, {
      orderId,
      thread: kind,
      threadId: requestId,
      actor: customerActor,
      text: steps.text,
      at: steps.at,
    });
    await attachCustomerFiles(ctx, trx, userId, order, steps.files, messageId);
    await steps.after(trx, order, requestId);
    return requestId;
  });
}
