import {
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  OrderStatusId,
  api,
  earliestDeadline,
  orderMessages,
  orderStatus,
  promoMessages,
  type CalculateCostRequestSchema,
  type DraftUpdateRequestSchema,
  type OrderCreateRequestSchema,
  type OrderUpdateRequestSchema,
  type CostBreakdown,
  type DiscountBreakdown,
  type Draft,
  type Order,
  type OrderCreated,
  type OrderFile,
  type OrderGreeting,
  type OrderList,
  type OrderListItem,
  type OrderRef,
  type OrderTab,
} from '@cabinet/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import { nowIso } from '../../db/index';
import type { DB, OrderFileKind, OrdersTable, PromoCodesTable } from '../../db/types';
import { HttpError, badRequest } from '../../plugins/errors';
import type { Storage } from '../../plugins/storage';
import { ListPageCache } from './list-cache';
import { applyDiscount, calculateCost, deadlineEndOfDay, promoStatus, type PromoRecord } from './pricing';
import * as repo from './repo';
import type { FileRow, OrderRow, ReferenceTitles } from './repo';
import { TAB_STATUSES, countersFrom, isEditable, requireTransition, storedStatus } from './statuses';
import { receiveUploads } from './uploads';

const MB = 1024 * 1024;

// What the contract's schemas produce (defaults filled in), as the routes pass it on.
type CreateInput = z.output<typeof OrderCreateRequestSchema>;
type UpdateInput = z.output<typeof OrderUpdateRequestSchema>;
type DraftInput = z.output<typeof DraftUpdateRequestSchema>;
type CostFields = z.output<typeof CalculateCostRequestSchema>;

export interface OrdersDeps {
  db: Kysely<DB>;
  /** Reads the version of a customer's orders without Kysely (SQLite's reader connection). */
  listVersion?: (userId: number) => number | undefined;
  storage: Storage;
  config: Pick<Config, 'PUBLIC_URL' | 'UPLOAD_MAX_FILE_MB' | 'UPLOAD_MAX_ORDER_MB'>;
}

const notFound = () => new HttpError(404, orderMessages.orderNotFound);
const draftNotFound = () => new HttpError(404, orderMessages.draftNotFound);
const fileNotFound = () => new HttpError(404, orderMessages.fileNotFound);

function ref(id: number | null, titles: ReadonlyMap<number, string>): OrderRef | null {
  if (id === null) return null;
  return { id, title: titles.get(id) ?? '' };
}

function parseLinks(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toFile(row: FileRow): OrderFile {
  return { id: row.id, name: row.original_name, size: row.size, mime: row.mime, created_at: row.created_at };
}

function toListItem(row: OrderRow, t: ReferenceTitles): OrderListItem {
  const status = storedStatus(row.status_id);
  const isTrash = row.is_trash === 1;
  return {
    id: row.id,
    status: orderStatus(status),
    trash: { is_trash: isTrash },
    is_editable: !isTrash && ORDER_STATUSES[status].editable,
    title: ref(row.work_type_id, t.workTypes)?.title ?? '',
    details: {
      work_type: ref(row.work_type_id, t.workTypes) ?? { id: 0, title: '' },
      subject: ref(row.subject_id, t.subjects),
      topic: row.topic,
      university: ref(row.university_id, t.universities),
      deadline: row.deadline ?? '',
      pages: row.pages ?? 0,
      originality: row.originality ?? 0,
      verification_system: ref(row.verification_system_id, t.verificationSystems),
      requirements: row.requirements,
      links: parseLinks(row.links),
      promo_code: row.promo_code,
    },
    cost: row.cost,
    discount: row.discount,
    price: row.price,
    is_first_order: row.is_first_order === 1,
    packet_id: row.packet_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toDraft(row: OrderRow, files: FileRow[], t: ReferenceTitles): Draft {
  return {
    id: row.id,
    is_fake: true,
    details: {
      work_type: ref(row.work_type_id, t.workTypes),
      subject: ref(row.subject_id, t.subjects),
      topic: row.topic,
      university: ref(row.university_id, t.universities),
      deadline: row.deadline,
      pages: row.pages,
      originality: row.originality,
      verification_system: ref(row.verification_system_id, t.verificationSystems),
      requirements: row.requirements,
      links: parseLinks(row.links),
      promo_code: row.promo_code,
    },
    files: files.map(toFile),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toPromoRecord(row: Selectable<PromoCodesTable>): PromoRecord {
  return {
    kind: row.kind,
    value: row.value,
    expires_at: row.expires_at,
    max_uses: row.max_uses,
    uses: row.uses,
  };
}

const normalizePromo = (code: string) => code.trim().toUpperCase();

function requireDeadline(deadline: string, now: Date): void {
  if (deadline < earliestDeadline(now)) throw badRequest('deadline', orderMessages.deadlineTooEarly);
}

/** The draft columns a PATCH of `fake/{id}/` (or a new draft) sets; absent fields stay as they are. */
function draftColumns(body: DraftInput): Updateable<OrdersTable> {
  const set: Updateable<OrdersTable> = {};
  if (body.work_type_id !== undefined) set.work_type_id = body.work_type_id;
  if (body.subject_id !== undefined) set.subject_id = body.subject_id;
  if (body.topic !== undefined) set.topic = body.topic;
  if (body.university_id !== undefined) set.university_id = body.university_id;
  if (body.deadline !== undefined) set.deadline = body.deadline;
  if (body.pages !== undefined) set.pages = body.pages;
  if (body.originality !== undefined) set.originality = body.originality;
  if (body.verification_system_id !== undefined) set.verification_system_id = body.verification_system_id;
  if (body.requirements !== undefined) set.requirements = body.requirements;
  if (body.links !== undefined) set.links = JSON.stringify(body.links);
  if (body.promo_code !== undefined) set.promo_code = body.promo_code || null;
  return set;
}

/**
 * The orders of spec §7: the list with tabs and counters, placing (single, packet, from a draft),
 * editing while editable, the trash, drafts, uploads and the price calls. Every query is scoped to
 * the caller, so another customer's id is simply not found (404).
 */
export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  private get db(): Kysely<DB> {
    return this.deps.db;
  }

  private referenceCache: Promise<ReferenceTitles> | null = null;

  /** Loaded once: reference lists change only with a migration, that is with a restart. */
  private titles(db: Kysely<DB> = this.db): Promise<ReferenceTitles> {
    // Inside a transaction the first load must go through it: SQLite has one connection.
    this.referenceCache ??= repo.referenceTitles(db).catch((err: unknown) => {
      this.referenceCache = null;
      throw err;
    });
    return this.referenceCache;
  }

  private get orderMaxBytes(): number {
    return Math.floor(this.deps.config.UPLOAD_MAX_ORDER_MB * MB);
  }

  // --- the list -----------------------------------------------------------------------------

  /** Rendered pages by customer and query; see {@link ListPageCache}. */
  readonly listPages = new ListPageCache();

  /**
   * A page of the list as the JSON bytes to send. The version is read before anything of the page:
   * the page rendered after it is at least as new as that version, so it may stand for it.
   */
  async listJson(userId: number, q: { tab: OrderTab; page: number; page_size: number }): Promise<Buffer> {
    const { listVersion } = this.deps;
    const version = listVersion ? listVersion(userId) : await repo.listVersion(this.db, userId);
    const key = `${userId}/${q.tab}/${q.page}/${q.page_size}`;
    if (version !== undefined) {
      const cached = this.listPages.get(key, version);
      if (cached !== undefined) return cached;
    }
    const body = Buffer.from(JSON.stringify(await this.list(userId, q)));
    if (version !== undefined) this.listPages.set(key, version, body);
    return body;
  }

  async list(userId: number, q: { tab: OrderTab; page: number; page_size: number }): Promise<OrderList> {
    const counters = countersFrom(await repo.countByStatus(this.db, userId));
    const count = counters[q.tab];
    const lastPage = Math.max(1, Math.ceil(count / q.page_size));
    if (q.page > lastPage) throw new HttpError(404, orderMessages.invalidPage);
    const rows = await repo.listOrders(
      this.db,
      userId,
      TAB_STATUSES[q.tab],
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    const titles = await this.titles();
    return {
      results: rows.map((row) => toListItem(row, titles)),
      next: q.page < lastPage ? this.pageUrl(q, q.page + 1) : null,
      previous: q.page > 1 ? this.pageUrl(q, q.page - 1) : null,
      count,
      counters,
    };
  }

  /** Like Django REST framework: absolute, with the first page carrying no `page`. */
  private pageUrl(q: { tab: OrderTab; page_size: number }, page: number): string {
    const url = new URL(api.orders.root, this.deps.config.PUBLIC_URL);
    url.searchParams.set('tab', q.tab);
    if (page > 1) url.searchParams.set('page', String(page));
    if (q.page_size !== ORDERS_PAGE_SIZE) url.searchParams.set('page_size', String(q.page_size));
    return url.toString();
  }

  // --- one order ----------------------------------------------------------------------------

  async get(userId: number, id: number, db: Kysely<DB> = this.db): Promise<Order> {
    const row = await repo.findOrder(db, userId, id, false);
    if (!row) throw notFound();
    const files = await repo.filesOf(db, [id]);
    return {
      ...toListItem(row, await this.titles(db)),
      files: files.filter((f) => f.kind === 'customer').map(toFile),
      files_without_qc: files.filter((f) => f.kind === 'without_qc').map(toFile),
    };
  }

  async greeting(userId: number, id: number): Promise<OrderGreeting> {
    const row = await repo.findOrder(this.db, userId, id, false);
    if (!row) throw notFound();
    return {
      id: row.id,
      title: ref(row.work_type_id, (await this.titles()).workTypes)?.title ?? '',
      topic: row.topic,
      status: orderStatus(storedStatus(row.status_id)),
      price: row.price,
      is_first_order: row.is_first_order === 1,
      packet_id: row.packet_id,
    };
  }

  async create(userId: number, body: CreateInput): Promise<OrderCreated> {
    const now = new Date();
    const at = now.toISOString();
    requireDeadline(body.deadline, now);
    const ids = await this.db.transaction().execute(async (trx) => {
      await this.checkRefs(trx, body);
      const firstOrder = !(await repo.hasPlacedOrders(trx, userId));
      const promo = body.promo_code ? await this.takePromo(trx, body.promo_code, now) : null;
      const draft = body.fake_id === undefined ? null : await repo.findOrder(trx, userId, body.fake_id, true);
      if (body.fake_id !== undefined && !draft) throw draftNotFound();

      let items: Array<{ work_type_id: number; pages: number }>;
      let packetPercent = 0;
      let placement: number | null = null;
      if (body.packet_id !== undefined) {
        const packet = await repo.findPacket(trx, body.packet_id);
        if (!packet) throw badRequest('packet_id', orderMessages.unknownPacket);
        items = packet.items;
        packetPercent = packet.discount_percent;
        placement = await repo.insertPacketPlacement(trx, userId, packet.id, at);
      } else {
        // The schema requires both without a packet.
        items = [{ work_type_id: body.work_type_id ?? 0, pages: body.pages ?? 0 }];
      }

      const created: number[] = [];
      for (const [i, item] of items.entries()) {
        const cost = await this.cost(trx, { ...body, ...item }, now);
        const discount = applyDiscount(cost.total, { promo, firstOrder, packetPercent, now });
        const values = {
          status_id: OrderStatusId.pricing,
          is_fake: 0,
          is_trash: 0,
          trashed_from_status: null,
          work_type_id: item.work_type_id,
          subject_id: body.subject_id ?? null,
          topic: body.topic,
          university_id: body.university_id ?? null,
          deadline: body.deadline,
          pages: item.pages,
          originality: body.originality,
          verification_system_id: body.verification_system_id ?? null,
          requirements: body.requirements,
          links: JSON.stringify(body.links),
          promo_code: promo ? normalizePromo(body.promo_code ?? '') : null,
          cost: cost.total,
          discount: discount.discount,
          price: discount.total,
          is_first_order: firstOrder ? 1 : 0,
          packet_id: placement,
          created_at: at,
          updated_at: at,
        } as const;
        if (i === 0 && draft) {
          await repo.updateOrder(trx, draft.id, values);
          created.push(draft.id);
        } else {
          created.push(await repo.insertOrder(trx, { user_id: userId, ...values }));
        }
      }
      const first = created[0];
      if (first === undefined) throw new Error('a packet without items');
      await this.attachPending(trx, userId, first, body.files, 'customer');
      return created;
    });
    const order = await this.get(userId, ids[0] ?? 0);
    return { ...order, packet_order_ids: body.packet_id === undefined ? [] : ids };
  }

  async update(userId: number, id: number, body: UpdateInput): Promise<Order> {
    const now = new Date();
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, userId, id, false);
      if (!row) throw notFound();
      if (row.is_trash === 1) throw new HttpError(409, orderMessages.trashedOrder);
      if (!isEditable(row.status_id)) throw new HttpError(409, orderMessages.notEditable);
      if (body.deadline !== undefined && body.deadline !== row.deadline) requireDeadline(body.deadline, now);
      await this.checkRefs(trx, body);

      const fields = {
        work_type_id: body.work_type_id ?? row.work_type_id ?? 0,
        pages: body.pages ?? row.pages ?? 1,
        deadline: body.deadline ?? row.deadline ?? earliestDeadline(now),
        originality: body.originality ?? row.originality ?? 0,
        verification_system_id:
          body.verification_system_id === undefined
            ? row.verification_system_id
            : body.verification_system_id,
      };
      const cost = await this.cost(trx, fields, now);
      // A code applied when the order was placed stays applied: its use is already counted.
      const promoRow = row.promo_code ? await repo.findPromo(trx, row.promo_code) : undefined;
      const promo = promoRow ? { ...toPromoRecord(promoRow), expires_at: null, max_uses: null } : null;
      const discount = applyDiscount(cost.total, {
        promo,
        firstOrder: row.is_first_order === 1,
        packetPercent: await repo.packetPercentOf(trx, row.packet_id),
        now,
      });
      let status = row.status_id;
      // A new price needs a new estimate before the customer pays.
      if (status === OrderStatusId.awaitingPayment && discount.total !== row.price) {
        requireTransition(status, OrderStatusId.pricing);
        status = OrderStatusId.pricing;
      }
      await repo.updateOrder(trx, id, {
        ...fields,
        subject_id: body.subject_id === undefined ? row.subject_id : body.subject_id,
        university_id: body.university_id === undefined ? row.university_id : body.university_id,
        topic: body.topic ?? row.topic,
        requirements: body.requirements ?? row.requirements,
        links: body.links === undefined ? row.links : JSON.stringify(body.links),
        status_id: status,
        cost: cost.total,
        discount: discount.discount,
        price: discount.total,
        updated_at: now.toISOString(),
      });
      await this.attachPending(trx, userId, id, body.files ?? [], 'customer');
    });
    return this.get(userId, id);
  }

  async trash(userId: number, id: number): Promise<Order> {
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, userId, id, false);
      if (!row) throw notFound();
      if (row.is_trash === 1) throw new HttpError(409, orderMessages.alreadyTrashed);
      requireTransition(row.status_id, OrderStatusId.trashed);
      await repo.updateOrder(trx, id, {
        status_id: OrderStatusId.trashed,
        is_trash: 1,
        trashed_from_status: row.status_id,
        updated_at: nowIso(),
      });
      return this.get(userId, id, trx);
    });
  }

  async restore(userId: number, id: number): Promise<Order> {
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, userId, id, false);
      if (!row) throw notFound();
      if (row.is_trash !== 1) throw new HttpError(409, orderMessages.notTrashed);
      const back = row.trashed_from_status ?? OrderStatusId.pricing;
      requireTransition(row.status_id, storedStatus(back), back);
      await repo.updateOrder(trx, id, {
        status_id: back,
        is_trash: 0,
        trashed_from_status: null,
        updated_at: nowIso(),
      });
      return this.get(userId, id, trx);
    });
  }

  async addFilesWithoutQc(userId: number, id: number, fileIds: number[]): Promise<Order> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, userId, id, false);
      if (!row) throw notFound();
      if (row.is_trash === 1) throw new HttpError(409, orderMessages.trashedOrder);
      if (isEditable(row.status_id)) throw new HttpError(409, orderMessages.stillEditable);
      await this.attachPending(trx, userId, id, fileIds, 'without_qc');
    });
    return this.get(userId, id);
  }

  // --- drafts -------------------------------------------------------------------------------

  async createDraft(userId: number, body: DraftInput): Promise<Draft> {
    const at = nowIso();
    const id = await this.db.transaction().execute(async (trx) => {
      await this.checkRefs(trx, body);
      const id = await repo.insertOrder(trx, {
        user_id: userId,
        is_fake: 1,
        status_id: OrderStatusId.pricing,
        trashed_from_status: null,
        work_type_id: null,
        subject_id: null,
        university_id: null,
        deadline: null,
        pages: null,
        originality: null,
        verification_system_id: null,
        promo_code: null,
        packet_id: null,
        ...draftColumns(body),
        created_at: at,
        updated_at: at,
      });
      await this.attachPending(trx, userId, id, body.files ?? [], 'customer');
      return id;
    });
    return this.getDraft(userId, id);
  }

  async getDraft(userId: number, id: number): Promise<Draft> {
    const row = await repo.findOrder(this.db, userId, id, true);
    if (!row) throw draftNotFound();
    return toDraft(row, await repo.filesOf(this.db, [id]), await this.titles());
  }

  /** `continue/`: the draft asked for, else the one touched last. */
  async continueDraft(userId: number, id?: number): Promise<Draft> {
    if (id !== undefined) return this.getDraft(userId, id);
    const row = await repo.latestDraft(this.db, userId);
    if (!row) throw draftNotFound();
    return toDraft(row, await repo.filesOf(this.db, [row.id]), await this.titles());
  }

  async updateDraft(userId: number, id: number, body: DraftInput): Promise<Draft> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, userId, id, true);
      if (!row) throw draftNotFound();
      await this.checkRefs(trx, body);
      await repo.updateOrder(trx, id, { ...draftColumns(body), updated_at: nowIso() });
      await this.attachPending(trx, userId, id, body.files ?? [], 'customer');
    });
    return this.getDraft(userId, id);
  }

  // --- files --------------------------------------------------------------------------------

  /** `ajax-files/`: uploads before a draft exists, held for the customer until attached. */
  async uploadPending(userId: number, request: FastifyRequest): Promise<OrderFile[]> {
    const used = await repo.bytesHeld(this.db, userId, null);
    return this.store(userId, null, 'ajax', request, used);
  }

  async uploadDraftFiles(userId: number, draftId: number, request: FastifyRequest): Promise<OrderFile[]> {
    const draft = await repo.findOrder(this.db, userId, draftId, true);
    if (!draft) throw draftNotFound();
    const used = await repo.bytesHeld(this.db, userId, draftId);
    const files = await this.store(userId, draftId, 'customer', request, used);
    await repo.updateOrder(this.db, draftId, { updated_at: nowIso() });
    return files;
  }

  async deletePendingFile(userId: number, fileId: number): Promise<void> {
    const file = await repo.findFile(this.db, userId, fileId);
    if (!file || file.kind !== 'ajax' || file.order_id !== null) throw fileNotFound();
    await this.removeFile(file);
  }

  async deleteDraftFile(userId: number, draftId: number, fileId: number): Promise<void> {
    const draft = await repo.findOrder(this.db, userId, draftId, true);
    if (!draft) throw draftNotFound();
    const file = await repo.findFile(this.db, userId, fileId);
    if (!file || file.order_id !== draftId) throw fileNotFound();
    await this.removeFile(file);
  }

  private async removeFile(file: FileRow): Promise<void> {
    await repo.deleteFile(this.db, file.id);
    await this.deps.storage.remove(file.stored_name);
  }

  private async store(
    userId: number,
    orderId: number | null,
    kind: OrderFileKind,
    request: FastifyRequest,
    usedBytes: number,
  ): Promise<OrderFile[]> {
    const { storage, config } = this.deps;
    const received = await receiveUploads(request, storage, {
      fileMb: config.UPLOAD_MAX_FILE_MB,
      orderMb: config.UPLOAD_MAX_ORDER_MB,
      usedBytes,
    });
    const at = nowIso();
    try {
      const rows = await repo.insertFiles(
        this.db,
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
  private async attachPending(
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
    if (held + adding > this.orderMaxBytes) {
      throw new HttpError(413, orderMessages.orderFilesTooLarge(this.deps.config.UPLOAD_MAX_ORDER_MB));
    }
    await repo.attachFiles(trx, ids, orderId, kind);
  }

  // --- prices -------------------------------------------------------------------------------

  async calculateCost(body: CostFields): Promise<CostBreakdown> {
    const now = new Date();
    requireDeadline(body.deadline, now);
    return this.cost(this.db, body, now);
  }

  async calculateDiscount(
    userId: number,
    body: CostFields & { promo_code?: string | undefined },
  ): Promise<DiscountBreakdown> {
    const now = new Date();
    const cost = await this.calculateCost(body);
    const firstOrder = !(await repo.hasPlacedOrders(this.db, userId));
    const code = body.promo_code ? normalizePromo(body.promo_code) : '';
    const promoRow = code ? await repo.findPromo(this.db, code) : undefined;
    const discount = applyDiscount(cost.total, {
      promo: promoRow ? toPromoRecord(promoRow) : null,
      firstOrder,
      now,
    });
    return code && !promoRow ? { ...discount, promo_status: 'not_found' } : discount;
  }

  private async cost(
    db: Kysely<DB>,
    fields: Pick<CostFields, 'work_type_id' | 'pages' | 'deadline' | 'originality'> & {
      verification_system_id?: number | null | undefined;
    },
    now: Date,
  ): Promise<CostBreakdown> {
    const workType = await repo.findWorkType(db, fields.work_type_id);
    if (!workType) throw badRequest('work_type_id', orderMessages.unknownWorkType);
    let verificationSystem = null;
    if (fields.verification_system_id != null) {
      verificationSystem = (await repo.findVerificationSystem(db, fields.verification_system_id)) ?? null;
      if (!verificationSystem)
        throw badRequest('verification_system_id', orderMessages.unknownVerificationSystem);
    }
    return calculateCost({
      workType,
      pages: fields.pages,
      deadline: deadlineEndOfDay(fields.deadline),
      now,
      originality: fields.originality,
      verificationSystem,
    });
  }

  /** A code given with a new order must work now; its use is counted in the same transaction. */
  private async takePromo(trx: Kysely<DB>, code: string, now: Date): Promise<PromoRecord> {
    const row = await repo.findPromo(trx, normalizePromo(code));
    if (!row) throw badRequest('promo_code', promoMessages.not_found);
    const record = toPromoRecord(row);
    const status = promoStatus(record, now);
    if (status === 'expired' || status === 'used_up') throw badRequest('promo_code', promoMessages[status]);
    if (!(await repo.usePromo(trx, row.id))) throw badRequest('promo_code', promoMessages.used_up);
    return record;
  }

  private async checkRefs(
    db: Kysely<DB>,
    body: {
      work_type_id?: number | null | undefined;
      subject_id?: number | null | undefined;
      university_id?: number | null | undefined;
      verification_system_id?: number | null | undefined;
    },
  ): Promise<void> {
    const checks = [
      ['work_type_id', 'work_types', orderMessages.unknownWorkType],
      ['subject_id', 'subjects', orderMessages.unknownSubject],
      ['university_id', 'universities', orderMessages.unknownUniversity],
      ['verification_system_id', 'verification_systems', orderMessages.unknownVerificationSystem],
    ] as const;
    for (const [field, table, message] of checks) {
      const id = body[field];
      if (id != null && !(await repo.exists(db, table, id))) throw badRequest(field, message);
    }
  }
}
