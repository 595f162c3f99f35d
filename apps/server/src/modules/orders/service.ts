import type {
  CalculateDiscountRequestSchema,
  CostBreakdown,
  DiscountBreakdown,
  Draft,
  DraftList,
  DraftUpdateRequestSchema,
  NotEditableOrderRequestSchema,
  Order,
  OrderCreateRequestSchema,
  OrderCreated,
  OrderFile,
  OrderGreeting,
  OrderList,
  OrderUpdateRequestSchema,
} from '@cabinet/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Attribution } from '../attribution';
import { OrdersContext, type OrdersDeps } from './context';
import * as drafts from './drafts';
import { addFilesWithoutQc, editOrder } from './editing';
import * as files from './files';
import { OrdersList, type ListQuery } from './list';
import { getOrder, greeting } from './order';
import { placeOrder } from './placement';
import { quoteCost, quoteDiscount, type CostFields } from './prices';
import { sweepUploads } from './sweep';
import { restoreOrder, trashOrder } from './trash';
import { CustomerWorkspace } from './workspace/service';

/**
 * The orders of spec §7, one method per route: the list with tabs and counters (list.ts), placing
 * (placement.ts), editing and re-pricing (editing.ts), the trash, drafts, uploads (files.ts) and
 * the price calls (prices.ts). Every query is scoped to the caller, so another customer's id is
 * simply not found (404).
 */
export class OrdersService {
  /** Shared with the staff face and the workspace (their service functions take it). */
  readonly ctx: OrdersContext;
  private readonly lists: OrdersList;
  /** The customer's order workspace (files, zip, reworks, care, accept, timeline). */
  readonly workspace: CustomerWorkspace;

  constructor(deps: OrdersDeps) {
    this.ctx = new OrdersContext(deps);
    this.lists = new OrdersList(this.ctx);
    this.workspace = new CustomerWorkspace(this.ctx);
  }

  /** The page as JSON bytes, from the cache or rendered through {@link listText}. */
  listJson(userId: number, q: ListQuery): Promise<Buffer> {
    return this.lists.json(userId, q, (u, query) => this.listText(u, query));
  }

  /** The page rendered from the database as JSON bytes: those of JSON.stringify({@link list}). */
  listText(userId: number, q: ListQuery): Promise<Buffer> {
    return this.lists.bytes(userId, q);
  }

  list(userId: number, q: ListQuery): Promise<OrderList> {
    return this.lists.page(userId, q);
  }

  get(userId: number, id: number): Promise<Order> {
    return getOrder(this.ctx, userId, id);
  }

  greeting(userId: number, id: number): Promise<OrderGreeting> {
    return greeting(this.ctx, userId, id);
  }

  create(
    userId: number,
    body: z.output<typeof OrderCreateRequestSchema>,
    attribution?: Attribution,
  ): Promise<OrderCreated> {
    return placeOrder(this.ctx, userId, body, attribution);
  }

  // The calls that change an order take the request's logger (OrdersContext.withLog).

  update(
    userId: number,
    id: number,
    body: z.output<typeof OrderUpdateRequestSchema>,
    log: FastifyBaseLogger,
  ): Promise<Order> {
    return editOrder(this.ctx.withLog(log), userId, id, body);
  }

  addFilesWithoutQc(
    userId: number,
    id: number,
    fileIds: z.output<typeof NotEditableOrderRequestSchema>['files_without_qc'],
    log: FastifyBaseLogger,
  ): Promise<Order> {
    return addFilesWithoutQc(this.ctx.withLog(log), userId, id, fileIds);
  }

  trash(userId: number, id: number, log: FastifyBaseLogger): Promise<Order> {
    return trashOrder(this.ctx.withLog(log), userId, id);
  }

  restore(userId: number, id: number, log: FastifyBaseLogger): Promise<Order> {
    return restoreOrder(this.ctx.withLog(log), userId, id);
  }

  createDraft(userId: number, body: z.output<typeof DraftUpdateRequestSchema>): Promise<Draft> {
    return drafts.createDraft(this.ctx, userId, body);
  }

  getDraft(userId: number, id: number): Promise<Draft> {
    return drafts.getDraft(this.ctx, userId, id);
  }

  continueDraft(userId: number, id?: number): Promise<Draft> {
    return drafts.continueDraft(this.ctx, userId, id);
  }

  updateDraft(userId: number, id: number, body: z.output<typeof DraftUpdateRequestSchema>): Promise<Draft> {
    return drafts.updateDraft(this.ctx, userId, id, body);
  }

  listDrafts(userId: number): Promise<DraftList> {
    return drafts.listDrafts(this.ctx, userId);
  }

  deleteDraft(userId: number, id: number): Promise<void> {
    return drafts.deleteDraft(this.ctx, userId, id);
  }

  uploadPending(userId: number, request: FastifyRequest): Promise<OrderFile[]> {
    return files.uploadFiles(this.ctx, userId, null, request);
  }

  uploadDraftFiles(userId: number, draftId: number, request: FastifyRequest): Promise<OrderFile[]> {
    return files.uploadFiles(this.ctx, userId, draftId, request);
  }

  openOrderFile(userId: number, id: number, fileId: number): Promise<{ file: OrderFile; content: Readable }> {
    return files.openOrderFile(this.ctx, userId, id, fileId);
  }

  deletePendingFile(userId: number, fileId: number): Promise<void> {
    return files.deletePendingFile(this.ctx, userId, fileId);
  }

  deleteDraftFile(userId: number, draftId: number, fileId: number): Promise<void> {
    return files.deleteDraftFile(this.ctx, userId, draftId, fileId);
  }

  /** Removes uploads never attached and abandoned drafts' files; see {@link sweepUploads}. */
  sweepUploads(now?: Date): Promise<number> {
    return sweepUploads(this.ctx, now);
  }

  calculateCost(userId: number, body: CostFields): Promise<CostBreakdown> {
    return quoteCost(this.ctx, userId, body);
  }

  calculateDiscount(
    userId: number,
    body: z.output<typeof CalculateDiscountRequestSchema>,
  ): Promise<DiscountBreakdown> {
    return quoteDiscount(this.ctx, userId, body);
  }
}
