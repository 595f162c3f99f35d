import {
  DRAFTS_LIST_MAX,
  OrderStatusId,
  type Draft,
  type DraftList,
  type DraftUpdateRequestSchema,
} from '@cabinet/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db/index';
import type { OrdersTable } from '../../db/types';
import { checkRefs, draftNotFound, type OrdersContext } from './context';
import { attachPending } from './files';
import { toDraft } from './mappers';
import * as repo from './repo';
import { lockCustomer } from '../ledger';
import * as filesRepo from './files-repo';

// What the contract's schema produces (defaults filled in), as the routes pass it on.
type DraftInput = z.output<typeof DraftUpdateRequestSchema>;

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

export async function createDraft(ctx: OrdersContext, userId: number, body: DraftInput): Promise<Draft> {
  const at = nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    await checkRefs(trx, body);
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
    await attachPending(ctx, trx, userId, id, body.files ?? [], 'customer');
    return id;
  });
  return getDraft(ctx, userId, id);
}

export async function getDraft(ctx: OrdersContext, userId: number, id: number): Promise<Draft> {
  const row = await repo.findOrder(ctx.db, userId, id, true);
  if (!row) throw draftNotFound();
  return toDraft(row, await filesRepo.filesOf(ctx.db, [id]), await ctx.titles());
}

/** `continue/`: the draft asked for, else the one touched last. */
export async function continueDraft(ctx: OrdersContext, userId: number, id?: number): Promise<Draft> {
  if (id !== undefined) return getDraft(ctx, userId, id);
  const row = await repo.latestDraft(ctx.db, userId);
  if (!row) throw draftNotFound();
  return toDraft(row, await filesRepo.filesOf(ctx.db, [row.id]), await ctx.titles());
}

/** `GET fake/`: the customer's drafts, touched last first; none is an empty list, not a 404. */
export async function listDrafts(ctx: OrdersContext, userId: number): Promise<DraftList> {
  const [rows, count] = await Promise.all([
    repo.listDrafts(ctx.db, userId, DRAFTS_LIST_MAX),
    repo.countDrafts(ctx.db, userId),
  ]);
  const files = await filesRepo.filesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const titles = await ctx.titles();
  return {
    results: rows.map((row) =>
      toDraft(
        row,
        files.filter((f) => f.order_id === row.id),
        titles,
      ),
    ),
    count,
  };
}

/**
 * `DELETE fake/{id}/`: the draft goes for good — it never was an order, so there is no trash to
 * keep it in. Its rows go in one transaction (the files' rows by cascade), the stored files after
 * it commits; another customer's draft, or an order, is 404.
 */
export async function deleteDraft(ctx: OrdersContext, userId: number, id: number): Promise<void> {
  const files = await ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    const row = await repo.findOrder(trx, userId, id, true);
    if (!row) throw draftNotFound();
    return repo.deleteDraftRows(trx, id);
  });
  for (const storedName of files) await ctx.deps.storage.remove(storedName);
}

export async function updateDraft(
  ctx: OrdersContext,
  userId: number,
  id: number,
  body: DraftInput,
): Promise<Draft> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    const row = await repo.findOrder(trx, userId, id, true);
    if (!row) throw draftNotFound();
    await checkRefs(trx, body);
    await repo.updateOrder(trx, id, { ...draftColumns(body), updated_at: nowIso() });
    await attachPending(ctx, trx, userId, id, body.files ?? [], 'customer');
  });
  return getDraft(ctx, userId, id);
}
