import type { ThreadMessage, WorkspaceFile } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types';
import { fileNotFound, type OrdersContext } from '../context';
import { attachPending } from '../files';
import type { Actor } from '../lifecycle';
import {
  filesOfThreadMessages,
  insertThreadMessage,
  setFilesMessage,
  threadMessageRows,
  unsentStaffFiles,
  type ThreadKind,
} from './repo';
import { isEditable } from '../statuses';
import { workspaceFiles } from '../workspace/files';
import { namerFor, type Face } from '../workspace/people';

/** The messages of rework and care threads, and the files they carry. */

export type { ThreadKind } from './repo';

/** Adds a message by a customer, manager or author; returns its id. */
export async function addMessage(
  trx: Kysely<DB>,
  m: { orderId: number; thread: ThreadKind; threadId: number; actor: Actor; text: string; at: string },
): Promise<number> {
  if (m.actor.role === 'system') throw new Error('the service writes no thread messages');
  return insertThreadMessage(trx, {
    order_id: m.orderId,
    thread: m.thread,
    thread_id: m.threadId,
    author_role: m.actor.role,
    staff_id: m.actor.staffId,
    text: m.text,
    created_at: m.at,
  });
}

/**
 * Attaches the customer's pending uploads (`ajax-files/` ids) to a message: they join the order
 * (within its budget) and name the message. Inside a transaction that took the customer's lock.
 */
export async function attachCustomerFiles(
  ctx: OrdersContext,
  trx: Kysely<DB>,
  userId: number,
  order: { id: number; status_id: number },
  fileIds: number[],
  messageId: number,
): Promise<void> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return;
  await attachPending(
    ctx,
    trx,
    userId,
    order.id,
    ids,
    isEditable(order.status_id) ? 'customer' : 'without_qc',
  );
  await setFilesMessage(trx, ids, messageId);
}

/**
 * Attaches staff files of the order not yet sent with a message (a thread's or the chat's); 404
 * when an id is not one.
 * Returns their rows' kinds, for the caller's checks.
 */
export async function attachStaffFiles(
  trx: Kysely<DB>,
  orderId: number,
  fileIds: number[],
  messageId: number,
): Promise<Array<{ id: number; kind: string }>> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  const rows = await unsentStaffFiles(trx, orderId, ids);
  if (rows.length !== ids.length) throw fileNotFound();
  await setFilesMessage(trx, ids, messageId);
  return rows;
}

/** The messages of threads of one kind with their files, by thread id, oldest first. */
export async function threadMessages(
  db: Kysely<DB>,
  orderId: number,
  thread: ThreadKind,
  threadIds: number[],
  face: Face,
): Promise<Map<number, ThreadMessage[]>> {
  const byThread = new Map<number, ThreadMessage[]>(threadIds.map((id) => [id, []]));
  if (threadIds.length === 0) return byThread;
  const messages = await threadMessageRows(db, orderId, thread, threadIds);
  const messageIds = messages.map((m) => m.id);
  const files = messageIds.length ? await filesOfThreadMessages(db, orderId, messageIds) : [];
  const namer = await namerFor(db, orderId, face, [
    ...messages.map((m) => m.staff_id),
    ...files.map((f) => f.staff_id),
  ]);
  const shown = await workspaceFiles(db, orderId, face, files, namer);
  const filesOf = new Map<number, WorkspaceFile[]>();
  files.forEach((f, i) => {
    const list = filesOf.get(f.thread_message_id ?? 0) ?? [];
    list.push(shown[i] as WorkspaceFile);
    filesOf.set(f.thread_message_id ?? 0, list);
  });
  for (const m of messages) {
    byThread.get(m.thread_id)?.push({
      id: m.id,
      author: namer.actor(m.author_role, m.staff_id),
      text: m.text,
      files: filesOf.get(m.id) ?? [],
      created_at: m.created_at,
    });
  }
  return byThread;
}
