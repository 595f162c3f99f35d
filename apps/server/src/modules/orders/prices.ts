import {
  promoMessages,
  orderMessages,
  type CalculateCostRequestSchema,
  type CostBreakdown,
  type DiscountBreakdown,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/types';
import { badRequest } from '../../plugins/errors';
import { requireDeadline, type OrdersContext } from './context';
import { normalizePromo, toPromoRecord } from './mappers';
import { applyDiscount, calculateCost, deadlineEndOfDay, promoStatus, type PromoRecord } from './pricing';
import * as repo from './repo';

// The price calls of the order form, and the priced lookups placing and editing share; the rules
// themselves (no database) are in pricing.ts.

export type CostFields = z.output<typeof CalculateCostRequestSchema>;

/** The cost of an order's fields with today's prices of its work type and verification system. */
export async function costOf(
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
export async function takePromo(trx: Kysely<DB>, code: string, now: Date): Promise<PromoRecord> {
  const row = await repo.findPromo(trx, normalizePromo(code));
  if (!row) throw badRequest('promo_code', promoMessages.not_found);
  const record = toPromoRecord(row);
  const status = promoStatus(record, now);
  if (status === 'expired' || status === 'used_up') throw badRequest('promo_code', promoMessages[status]);
  if (!(await repo.usePromo(trx, row.id))) throw badRequest('promo_code', promoMessages.used_up);
  return record;
}

export async function quoteCost(ctx: OrdersContext, body: CostFields): Promise<CostBreakdown> {
  const now = new Date();
  requireDeadline(body.deadline, now);
  return costOf(ctx.db, body, now);
}

export async function quoteDiscount(
  ctx: OrdersContext,
  userId: number,
  body: CostFields & { promo_code?: string | undefined },
): Promise<DiscountBreakdown> {
  const now = new Date();
  const cost = await quoteCost(ctx, body);
  const firstOrder = !(await repo.hasPlacedOrders(ctx.db, userId));
  const code = body.promo_code ? normalizePromo(body.promo_code) : '';
  const promoRow = code ? await repo.findPromo(ctx.db, code) : undefined;
  const discount = applyDiscount(cost.total, {
    promo: promoRow ? toPromoRecord(promoRow) : null,
    firstOrder,
    now,
  });
  return code && !promoRow ? { ...discount, promo_status: 'not_found' } : discount;
}
