import { orderMessages, type OrderFile } from '@cabinet/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB, OrderFileKind } from '../../db/types';
import { HttpError } from '../../plugins/errors';
import { draftNotFound, fileNotFound, type OrdersContext } from './context';
import { toFile } from './mappers';
import * as repo from './repo';
import type { FileRow } from './repo';
import { receiveUploads } from './uploads';

const MB = 1024 * 1024;

/** `ajax-files/`: uploads before a draft exists, held for the customer until attached. */
export async function uploadPending(
  ctx: OrdersContext,
  userId: number,
  request: FastifyRequest,
): Promise<OrderFile[]> {
  const used = await repo.bytesHeld(ctx.db, userId, null);
  return store(ctx, userId, null, 'ajax', request, used);
}

export async function uploadDraftFiles(
  ctx: OrdersContext,
  userId: number,
  draftId: number,
  request: FastifyRequest,
): Promise<OrderFile[]> {
  const draft = await repo.findOrder(ctx.db, userId, draftId, true);
  if (!draft) throw draftNotFound();
  const used = await repo.bytesHeld(ctx.db, userId, draftId);
  const files = await store(ctx, userId, draftId, 'customer', request, used);
  await repo.updateOrder(ctx.db, draftId, { updated_at: nowIso() });
  return files;
}

export async function deletePendingFile(ctx: OrdersContext, userId: number, fileId: number): Promise<void> {
  const file = await repo.findFile(ctx.db, userId, fileId);
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
  const file = await repo.findFile(ctx.db, userId, fileId);
  if (!file || file.order_id !== draftId) throw fileNotFound();
  await removeFile(ctx, file);
}

async function removeFile(ctx: OrdersContext, file: FileRow): Promise<void> {
  await repo.deleteFile(ctx.db, file.id);
  await ctx.deps.storage.remove(file.stored_name);
}

async function store(
  ctx: OrdersContext,
  userId: number,
  orderId: number | null,
  kind: OrderFileKind,
  request: FastifyRequest,
  usedBytes: number,
): Promise<OrderFile[]> {
  const { storage, config } = ctx.deps;
  const received = await receiveUploads(request, storage, {
    fileMb: config.UPLOAD_MAX_FILE_MB,
    orderMb: config.UPLOAD_MAX_ORDER_MB,
    usedBytes,
  });
  const at = nowIso();
  try {
    const rows = await repo.insertFiles(
      ctx.db,
      received.map((f) => ({
        order_id: orderId,
        user_id: userId,
        kind,
        original_name: f.name,
        stored_name: f.storedName,
        size: f.size,
        mime: f.mime,
        created_at: at,
      })),
    );
    return rows.map(toFile);
  } catch (err) {
    await Promise.all(received.map((f) => storage.remove(f.storedName)));
    throw err;
  }
}

/** Moves the customer's pending uploads onto an order, within the order's size limit. */
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
  const pending = await repo.pendingUploads(trx, userId, ids);
  if (pending.length !== ids.length) throw fileNotFound();
  const held = await repo.bytesHeld(trx, userId, orderId);
  const adding = pending.reduce((sum, f) => sum + f.size, 0);
  const { UPLOAD_MAX_ORDER_MB } = ctx.deps.config;
  if (held + adding > Math.floor(UPLOAD_MAX_ORDER_MB * MB)) {
    throw new HttpError(413, orderMessages.orderFilesTooLarge(UPLOAD_MAX_ORDER_MB));
  }
  await repo.attachFiles(trx, ids, orderId, kind);
}
