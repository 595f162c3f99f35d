import {
  OrderStatusId,
  orderMessages,
  workspaceMessages,
  type CareDetail,
  type FileGroup,
  type Order,
  type OrderFile,
  type ThreadPostRequestSchema,
  type TimelineEvent,
  type WorkspaceFile,
} from '@cabinet/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { HttpError } from '../../../plugins/errors';
import * as care from '../requests/care';
import { fileNotFound, notFound, type OrdersContext } from '../context';
import { customerActor, moveStatus } from '../lifecycle';
import { lockOrder } from '../repo-lifecycle';
import { toFile } from '../mappers';
import { getOrder } from '../order';
import * as repo from '../repo';
import * as reworks from '../requests/reworks';
import { zipFileRows } from './repo';
import { getTimeline } from './timeline';
import { PREVIEW_TYPES, listOrderFiles, markReviewed, storeCustomerFiles } from './files';
import { requireAction } from '../statuses';
import { orderZip, type OrderZip } from './zip';
import { lockCustomer } from '../../ledger';
import * as filesRepo from '../files-repo';

/**
 * The customer's face of the order workspace: every call first finds the order among the
 * caller's own (another customer's id is not found, 404), then uses the services shared with the
 * staff face. A call that changes the order takes the request's logger (OrdersContext.withLog).
 */
export class CustomerWorkspace {
  constructor(readonly ctx: OrdersContext) {}

  /** The caller's own order, or 404. */
  async own(userId: number, orderId: number): Promise<repo.OrderRow> {
    const row = await repo.findOrder(this.ctx.db, userId, orderId, false);
    if (!row) throw notFound();
    return row;
  }

  async files(userId: number, orderId: number): Promise<WorkspaceFile[]> {
    await this.own(userId, orderId);
    return listOrderFiles(this.ctx, orderId, 'customer');
  }

  upload(userId: number, orderId: number, request: FastifyRequest): Promise<WorkspaceFile[]> {
    return storeCustomerFiles(this.ctx.withLog(request.log), userId, orderId, request);
  }

  review(userId: number, orderId: number, fileId: number, log: FastifyBaseLogger): Promise<WorkspaceFile> {
    return markReviewed(this.ctx.withLog(log), userId, orderId, fileId);
  }

  /** An image or PDF to show inline; anything else 415 (download it instead). */
  async preview(
    userId: number,
    orderId: number,
    fileId: number,
  ): Promise<{ file: OrderFile; content: Readable }> {
    const row = await filesRepo.findOrderFile(this.ctx.db, userId, orderId, fileId);
    if (!row) throw fileNotFound();
    if (!PREVIEW_TYPES.has(row.mime)) throw new HttpError(415, workspaceMessages.previewNotAvailable);
    return { file: toFile(row), content: this.ctx.deps.storage.open(row.stored_name) };
  }

  /** The order's files (or the chosen ones) as a zip being built; 409 when there are none. */
  async zip(userId: number, orderId: number, fileIds: number[] | undefined): Promise<OrderZip> {
    await this.own(userId, orderId);
    if (fileIds !== undefined && fileIds.length === 0) throw new HttpError(409, workspaceMessages.zipEmpty);
    const rows = await zipFileRows(this.ctx.db, orderId, fileIds && [...new Set(fileIds)]);
    if (fileIds !== undefined && rows.length !== new Set(fileIds).size) throw fileNotFound();
    if (rows.length === 0) throw new HttpError(409, workspaceMessages.zipEmpty);
    return orderZip(
      this.ctx.deps.storage,
      rows.map((r) => ({
        group: r.kind as FileGroup,
        name: r.original_name,
        storedName: r.stored_name,
        mime: r.mime,
        createdAt: r.created_at,
      })),
    );
  }

  /** The customer asks for a rework (requests/reworks.ts has its rules). */
  readonly createRework = this.opens(reworks.createRework);
  /** The customer opens a care request (requests/care.ts has its rules). */
  readonly createCare = this.opens(care.createCare);

  /** The customer opens a request of a kind, with the request's logger (OrdersContext.withLog). */
  private opens<B, R>(create: (ctx: OrdersContext, userId: number, orderId: number, body: B) => Promise<R>) {
    return (userId: number, orderId: number, body: B, log: FastifyBaseLogger): Promise<R> =>
      create(this.ctx.withLog(log), userId, orderId, body);
  }

  postCare(
    userId: number,
    orderId: number,
    careId: number,
    body: z.output<typeof ThreadPostRequestSchema>,
    log: FastifyBaseLogger,
  ): Promise<CareDetail> {
    return care.postCareMessage(this.ctx.withLog(log), customerActor, orderId, careId, body, { userId });
  }

  async timeline(userId: number, orderId: number): Promise<TimelineEvent[]> {
    await this.own(userId, orderId);
    return getTimeline(this.ctx, orderId, 'customer');
  }

  /** The customer accepts the delivered work: «Проверьте работу» → «Выполнен». */
  async accept(userId: number, orderId: number, log: FastifyBaseLogger): Promise<Order> {
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockCustomer(trx, userId);
      const order = await lockOrder(trx, orderId);
      if (!order || order.user_id !== userId) throw notFound();
      if (order.status_id === OrderStatusId.trashed) throw new HttpError(409, orderMessages.trashedOrder);
      const to = requireAction(order.status_id, 'customer', 'accept', {}, workspaceMessages.acceptNotReady);
      await moveStatus(trx, order, to, customerActor, { kind: 'accepted' });
    });
    await this.ctx.withLog(log).changed(orderId, ['status', 'timeline']);
    return getOrder(this.ctx, userId, orderId);
  }
}
