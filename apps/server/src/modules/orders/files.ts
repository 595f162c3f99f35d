import { orderMessages, type OrderFile } from '@cabinet/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import { nowIso } from '../../db/index';
import type { DB, OrderFileKind } from '../../db/types';
import { HttpError } from '../../plugins/errors';
import { draftNotFound, fileNotFound, type OrdersContext } from './context';
import { toFile } from './mappers';
import * as repo from './repo';
import type { FileRow } from './repo';
import { receiveUploads, type ReceivedFile } from './uploads';
import { lockCustomer } from '../ledger';
import * as filesRepo from './files-repo';

const MB = 1024 * 1024;

/**
 * Files of the customer's draft (404 unless it is theirs), or — for null, `ajax-files/` — uploads
 * before a draft exists, held for the customer until attached.
 */
export async function uploadFiles(
  ctx: OrdersContext,
  userId: number,
  draftId: number | null,
  request: FastifyRequest,
): Promise<OrderFile[]> {
  if (draftId !== null && !(await repo.findOrder(ctx.db, userId, draftId, true))) throw draftNotFound();
  const used = await filesRepo.bytesHeld(ctx.db, userId, draftId);
  return store(ctx, userId, draftId, request, used);
}

/** A file of the customer's order or draft, to send: what it is called and is, and its bytes. */
export async function openOrderFile(
  ctx: OrdersContext,
  userId: number,
  orderId: number,
  fileId: number,
): Promise<{ file: OrderFile; content: Readable }> {
  const row = await filesRepo.findOrderFile(ctx.db, userId, orderId, fileId);
  if (!row) throw fileNotFound();
  return { file: toFile(row), content: ctx.deps.storage.open(row.stored_name) };
}

export async function deletePendingFile(ctx: OrdersContext, userId: number, fileId: number): Promise<void> {
  const file = await filesRepo.findFile(ctx.db, userId, fileId);
  if (!file || file.kind !== 'ajax' || file.order_id !== null) throw fileNotFound();
  await removeFile(ctx, file);
}

export async function deleteDraftFile(
  ctx: OrdersContext,
  userId: number,
  draftId: number,
  fileId: number,
): Promise<void> {
  const draft = await repo.findOrder(ctx.db, userId, draftId, true);
  if (!draft) throw draftNotFound();
  const file = await filesRepo.findFile(ctx.db, userId, fileId);
  if (!file || file.order_id !== draftId) throw fileNotFound();
  await removeFile(ctx, file);
}

async function removeFile(ctx: OrdersContext, file: FileRow): Promise<void> {
  await filesRepo.deleteFile(ctx.db, file.id);
  await ctx.deps.storage.remove(file.stored_name);
}

/**
 * Streams the request's files to storage, then records them — on the draft, or as the customer's
 * pending uploads — in one transaction that holds the customer's lock and counts the bytes held
 * again. The count read before streaming (`usedBytes`) only stops a stream early: the customer's
 * other uploads may be recorded while this one streams.
 */
async function store(
  ctx: OrdersContext,
  userId: number,
  draftId: number | null,
  request: FastifyRequest,
  usedBytes: number,
): Promise<OrderFile[]> {
  const rows = await storeUploads(ctx, request, usedBytes, async (trx, received, at) => {
    await lockCustomer(trx, userId);
    if (draftId !== null) {
      // The draft may have been placed or deleted while the files streamed.
      if (!(await repo.findOrder(trx, userId, draftId, true))) throw draftNotFound();
      await repo.updateOrder(trx, draftId, { updated_at: at });
    }
    const held = await filesRepo.bytesHeld(trx, userId, draftId);
    requireRoom(ctx, held + received.reduce((sum, f) => sum + f.size, 0));
    return filesRepo.insertFiles(
      trx,
      received.map((f) => ({
        order_id: draftId,
        user_id: userId,
        kind: draftId === null ? 'ajax' : 'customer',
        original_name: f.name,
        stored_name: f.storedName,
        size: f.size,
        mime: f.mime,
        created_at: at,
      })),
    );
  });
  return rows.map(toFile);
}

/**
 * Streams a multipart request's files to storage within the upload limits, then lets `record`
 * write them in one transaction (where it takes its locks and checks the budget again); when the
 * transaction fails, the stored bytes are removed. Shared by every upload: drafts, pending
 * uploads, the order workspace (the customer's and the staff's).
 */
export async function storeUploads<T>(
  ctx: OrdersContext,
  request: FastifyRequest,
  usedBytes: number,
  record: (trx: Kysely<DB>, received: ReceivedFile[], at: string) => Promise<T>,
): Promise<T> {
  const { storage, config } = ctx.deps;
  const received = await receiveUploads(request, storage, {
    fileMb: config.UPLOAD_MAX_FILE_MB,
    orderMb: config.UPLOAD_MAX_ORDER_MB,
    usedBytes,
  });
  const at = nowIso();
  try {
    return await ctx.db.transaction().execute((trx) => record(trx, received, at));
  } catch (err) {
    await Promise.all(received.map((f) => storage.remove(f.storedName)));
    throw err;
  }
}

/** 413 when an order (or the pending uploads) would hold more than the per-order limit. */
export function requireRoom(ctx: OrdersContext, bytes: number): void {
  const { UPLOAD_MAX_ORDER_MB } = ctx.deps.config;
  if (bytes > Math.floor(UPLOAD_MAX_ORDER_MB * MB)) {
    throw new HttpError(413, orderMessages.orderFilesTooLarge(UPLOAD_MAX_ORDER_MB));
  }
}

/**
 * Moves the customer's pending uploads onto an order, within the order's size limit; inside a
 * transaction that took the customer's lock first ({@link repo.lockCustomer}).
 */
export async function attachPending(
  ctx: OrdersContext,
  trx: Kysely<DB>,
  userId: number,
  orderId: number,
  fileIds: number[],
  kind: OrderFileKind,
): Promise<void> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return;
  const pending = await filesRepo.pendingUploads(trx, userId, ids);
  if (pending.length !== ids.length) throw fileNotFound();
  const held = await filesRepo.bytesHeld(trx, userId, orderId);
  requireRoom(ctx, held + pending.reduce((sum, f) => sum + f.size, 0));
  await filesRepo.attachFiles(trx, ids, orderId, kind);
}
