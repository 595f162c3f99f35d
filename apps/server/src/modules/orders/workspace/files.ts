import {
  OrderStatusId,
  api,
  orderMessages,
  originalityMessages,
  staffMessages,
  workspaceMessages,
  type FileGroup,
  type OrderFile,
  type StaffFileKind,
  type WorkspaceFile,
  staffApi,
} from '@cabinet/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { DB } from '../../../db/types';
import { HttpError, badRequest } from '../../../plugins/errors';
import { fileNotFound, notFound, type OrdersContext } from '../context';
import { notifyCustomer } from '../event-mails';
import { requireRoom, storeUploads } from '../files';
import { guaranteeUntil } from '../guarantee';
import { moveStatus, recordEvent, type Actor } from '../lifecycle';
import { lockOrder } from '../repo-lifecycle';
import { toFile } from '../mappers';
import * as repo from '../repo';
import type { FileRow } from '../repo';
import { openReworkId } from '../requests/repo';
import { markFileReviewed, orderExists, placedOrderFile, placedOrderFiles, staffBytes } from './repo';
import { isEditable, requireAction, storedStatus } from '../statuses';
import { namerFor, type Face, type Namer } from './people';
import { lockCustomer } from '../../ledger';
import * as filesRepo from '../files-repo';
import type { ReceivedFile } from '../uploads';

/**
 * The files of an order's workspace, for both faces: the customer's own (group customer, or
 * without_qc once work began), and what the author sends (intermediate, final). A final file
 * delivered while the order is in progress sends it to the customer's review and starts the
 * guarantee.
 */

/** The types a browser may show inline (sandboxed): never HTML or SVG. */
export const PREVIEW_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
]);

const RECEIVED: ReadonlySet<string> = new Set(['intermediate', 'final']);

export function isReceived(kind: string): kind is 'intermediate' | 'final' {
  return RECEIVED.has(kind);
}

export function toWorkspaceFile(row: FileRow, face: Face, namer: Namer): WorkspaceFile {
  const orderId = row.order_id ?? 0;
  const staffRole = row.staff_id === null ? undefined : namer.staffRole(row.staff_id);
  return {
    ...toFile(row),
    group: row.kind as FileGroup,
    uploaded_by: namer.actor(row.staff_id === null ? 'customer' : (staffRole ?? 'performer'), row.staff_id),
    // The customer's own files are nothing new to them.
    is_reviewed: !isReceived(row.kind) || row.is_reviewed === 1,
    download_url:
      face === 'customer' ? api.orders.fileDownload(orderId, row.id) : staffApi.fileDownload(orderId, row.id),
    preview_url:
      face === 'customer' && PREVIEW_TYPES.has(row.mime) ? api.orders.filePreview(orderId, row.id) : null,
  };
}

/** Maps rows of one order, reading the names they need once. */
export async function workspaceFiles(
  db: Kysely<DB>,
  orderId: number,
  face: Face,
  rows: FileRow[],
  namer?: Namer,
): Promise<WorkspaceFile[]> {
  const names =
    namer ??
    (await namerFor(
      db,
      orderId,
      face,
      rows.map((r) => r.staff_id),
    ));
  return rows.map((row) => toWorkspaceFile(row, face, names));
}

/** Every file of a placed order (uploads not yet attached are no order's). Callers check access. */
export async function listOrderFiles(
  ctx: OrdersContext,
  orderId: number,
  face: Face,
  db: Kysely<DB> = ctx.db,
): Promise<WorkspaceFile[]> {
  const rows = await placedOrderFiles(db, orderId, face === 'customer');
  return workspaceFiles(db, orderId, face, rows);
}

/** A file of a placed order whoever uploaded it, with its bytes; no owner check (callers check access). */
export async function openOrderFileAny(
  ctx: OrdersContext,
  orderId: number,
  fileId: number,
): Promise<{ file: OrderFile; row: FileRow; content: Readable }> {
  const row = await placedOrderFile(ctx.db, orderId, fileId);
  if (!row) throw fileNotFound();
  return { file: toFile(row), row, content: ctx.deps.storage.open(row.stored_name) };
}

/** 409 unless the order is open for work (not cancelled, not in the customer's trash). */
export function requireOpen(row: Pick<repo.OrderRow, 'status_id' | 'is_trash'>): void {
  if (row.status_id === OrderStatusId.trashed || row.is_trash === 1) {
    throw new HttpError(409, orderMessages.trashedOrder);
  }
  if (row.status_id === OrderStatusId.cancelled) throw new HttpError(409, workspaceMessages.orderClosed);
}

/**
 * The author's (or a manager's) files: streamed and sniffed like the customer's uploads, then
 * recorded in one transaction with the order locked. A final file while the order is «В работе»
 * moves it to the customer's review, sets the guarantee once and mails the customer; any other
 * delivery is only recorded in the timeline. The caller has checked the actor may act on the order.
 */
export async function storeStaffFiles(
  ctx: OrdersContext,
  actor: Actor,
  orderId: number,
  kind: StaffFileKind,
  request: FastifyRequest,
  /** The originality a `report` measured, % (required for that kind, checked at the edge too). */
  percent?: number,
): Promise<WorkspaceFile[]> {
  if (!(await orderExists(ctx.db, orderId))) throw notFound();
  const used = await staffBytes(ctx.db, orderId);
  const rows = await storeUploads(ctx, request, used, async (trx, received, at) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound();
    requireOpen(order);
    requireRoom(ctx, (await staffBytes(trx, orderId)) + received.reduce((sum, f) => sum + f.size, 0));
    if (kind === 'report') return storeReport(trx, actor, order, received, percent, at);
    // A final file is the machine's `deliver`: refused before the work started (ADR 004).
    const to =
      kind === 'final'
        ? requireAction(order.status_id, actor.role, 'deliver', {}, staffMessages.startFirst)
        : storedStatus(order.status_id);
    // During an open rework a final file belongs to its answer: the customer gets it with the
    // answer, not as a separate delivery (ADR 015).
    const heldFor =
      kind === 'final' && order.status_id === OrderStatusId.rework ? await openReworkId(trx, orderId) : null;
    const inserted = await filesRepo.insertFiles(
      trx,
      received.map((f) => ({
        order_id: orderId,
        user_id: order.user_id,
        staff_id: actor.staffId,
        kind,
        original_name: f.name,
        stored_name: f.storedName,
        size: f.size,
        mime: f.mime,
        created_at: at,
        rework_id: heldFor,
      })),
    );
    const data = { kind, names: inserted.map((f) => f.original_name) };
    if (heldFor !== null) {
      // Nothing reaches the customer yet: the staff's timeline gets it with the answer's files.
      await repo.updateOrder(trx, orderId, { updated_at: at });
    } else if (to !== order.status_id) {
      await moveStatus(trx, order, to, actor, {
        kind: 'file_delivered',
        data,
        at,
        also:
          order.guarantee_until === null
            ? {
                guarantee_until: guaranteeUntil(new Date(at), ctx.deps.config.GUARANTEE_DAYS, order.deadline),
              }
            : {},
      });
      await notifyCustomer(trx, ctx, orderId, 'final_delivered');
    } else {
      await recordEvent(trx, orderId, 'file_delivered', actor, data, at);
      await repo.updateOrder(trx, orderId, { updated_at: at });
    }
    return inserted;
  });
  // A report moves no status; the `files` kind has the order's header (its report line) read again.
  await ctx.changed(orderId, kind === 'report' ? ['files', 'timeline'] : ['files', 'status', 'timeline']);
  return workspaceFiles(ctx.db, orderId, 'staff', rows);
}

/**
 * The checking system's report (originality, ../originality.ts): one PDF — its type told by its
 * content like every upload's — with the percentage it measured. It moves no status; the timeline
 * records it, and the order's answers read the newest one.
 */
async function storeReport(
  trx: Kysely<DB>,
  actor: Actor,
  order: repo.OrderRow,
  received: ReceivedFile[],
  percent: number | undefined,
  at: string,
): Promise<FileRow[]> {
  if (percent === undefined) throw badRequest('percent', originalityMessages.percentRequired);
  if (received.length !== 1) throw badRequest('file', originalityMessages.reportOneFile);
  if (received.some((f) => f.mime !== 'application/pdf')) {
    throw badRequest('file', originalityMessages.reportPdfOnly);
  }
  const inserted = await filesRepo.insertFiles(
    trx,
    received.map((f) => ({
      order_id: order.id,
      user_id: order.user_id,
      staff_id: actor.staffId,
      kind: 'report' as const,
      original_name: f.name,
      stored_name: f.storedName,
      size: f.size,
      mime: f.mime,
      created_at: at,
      originality_percent: percent,
    })),
  );
  const data = { kind: 'report', names: inserted.map((f) => f.original_name), percent };
  await recordEvent(trx, order.id, 'file_delivered', actor, data, at);
  await repo.updateOrder(trx, order.id, { updated_at: at });
  return inserted;
}

/**
 * The customer's files added to a placed order from the workspace: part of the order while it is
 * editable, «without quality check» after. Same limits, sniffing and budget as every upload.
 */
export async function storeCustomerFiles(
  ctx: OrdersContext,
  userId: number,
  orderId: number,
  request: FastifyRequest,
): Promise<WorkspaceFile[]> {
  const order = await repo.findOrder(ctx.db, userId, orderId, false);
  if (!order) throw notFound();
  if (order.is_trash === 1) throw new HttpError(409, orderMessages.trashedOrder);
  const used = await filesRepo.bytesHeld(ctx.db, userId, orderId);
  const rows = await storeUploads(ctx, request, used, async (trx, received, at) => {
    await lockCustomer(trx, userId);
    const row = await repo.findOrder(trx, userId, orderId, false);
    if (!row) throw notFound();
    if (row.is_trash === 1) throw new HttpError(409, orderMessages.trashedOrder);
    const held = await filesRepo.bytesHeld(trx, userId, orderId);
    requireRoom(ctx, held + received.reduce((sum, f) => sum + f.size, 0));
    await repo.updateOrder(trx, orderId, { updated_at: at });
    return filesRepo.insertFiles(
      trx,
      received.map((f) => ({
        order_id: orderId,
        user_id: userId,
        kind: isEditable(row.status_id) ? 'customer' : 'without_qc',
        original_name: f.name,
        stored_name: f.storedName,
        size: f.size,
        mime: f.mime,
        created_at: at,
      })),
    );
  });
  await ctx.changed(orderId, ['files']);
  return workspaceFiles(ctx.db, orderId, 'customer', rows);
}

/** The customer marks a received file reviewed (the "new" mark goes). */
export async function markReviewed(
  ctx: OrdersContext,
  userId: number,
  orderId: number,
  fileId: number,
): Promise<WorkspaceFile> {
  const row = await filesRepo.findOrderFile(ctx.db, userId, orderId, fileId);
  if (!row || row.kind === 'ajax') throw fileNotFound();
  if (!isReceived(row.kind)) throw new HttpError(409, workspaceMessages.notReviewable);
  await markFileReviewed(ctx.db, fileId);
  await ctx.changed(orderId, ['files']);
  const [file] = await workspaceFiles(ctx.db, orderId, 'customer', [{ ...row, is_reviewed: 1 }]);
  return file as WorkspaceFile;
}
