import {
  promoMessages,
  orderMessages,
  type CalculateCostRequestSchema,
  type CalculateDiscountRequestSchema,
  type CostBreakdown,
  type DiscountBreakdown,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/types';
import { badRequest } from '../../plugins/errors';
import { notFound, requireDeadline, type OrdersContext } from './context';
import { normalizePromo, toPromoRecord } from './mappers';
import { discountRulesOf } from './discounts';
import {
  applyDiscount,
  asDiscountBreakdown,
  calculateCost,
  deadlineEndOfDay,
  priceWithDiscounts,
  promoStatus,
  type PricedOrder,
  type PromoRecord,
} from './pricing';
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

/** What a placed order's price depends on, as its row stores them. */
export interface PlacedDiscounts {
  id: number;
}

/**
 * The discounts of a placed order on a new cost: those it keeps (ADR 027) — the rules it was
 * placed with, by the one price function. Editing saves this and the edit form's preview shows it,
 * so the two never differ.
 */
export async function placedOrderDiscount(
  db: Kysely<DB>,
  order: PlacedDiscounts,
  cost: number,
): Promise<{ breakdown: DiscountBreakdown; priced: PricedOrder }> {
  const priced = priceWithDiscounts(cost, await discountRulesOf(db, order.id));
  return { breakdown: asDiscountBreakdown(priced), priced };
}

/** The placed order a price is asked for (an edit's preview), the caller's own. */
async function quotedOrder(ctx: OrdersContext, userId: number, id: number) {
  const row = await repo.findOrder(ctx.db, userId, id, false);
  if (!row) throw notFound();
  return row;
}

/** An edited order may keep its deadline; a new or changed one must be tomorrow or later. */
async function quoteCostFor(
  ctx: OrdersContext,
  userId: number,
  body: CostFields,
  now: Date,
): Promise<{ cost: CostBreakdown; order: PlacedDiscounts | null }> {
  const order = body.order_id === undefined ? null : await quotedOrder(ctx, userId, body.order_id);
  if (!order || body.deadline !== order.deadline) requireDeadline(body.deadline, now);
  return { cost: await costOf(ctx.db, body, now), order };
}

export async function quoteCost(
  ctx: OrdersContext,
  userId: number,
  body: CostFields,
): Promise<CostBreakdown> {
  return (await quoteCostFor(ctx, userId, body, new Date())).cost;
}

export async function quoteDiscount(
  ctx: OrdersContext,
  userId: number,
  body: z.output<typeof CalculateDiscountRequestSchema>,
): Promise<DiscountBreakdown> {
  const now = new Date();
  const { cost, order } = await quoteCostFor(ctx, userId, body, now);
  if (order) return (await placedOrderDiscount(ctx.db, order, cost.total)).breakdown;
  let packetPercent = 0;
  if (body.packet_id !== undefined) {
    const packet = await repo.findPacket(ctx.db, body.packet_id);
    if (!packet) throw badRequest('packet_id', orderMessages.unknownPacket);
    packetPercent = packet.discount_percent;
  }
  const firstOrder = !(await repo.hasPlacedOrders(ctx.db, userId));
  const code = body.promo_code ? normalizePromo(body.promo_code) : '';
  const promoRow = code ? await repo.findPromo(ctx.db, code) : undefined;
  const discount = applyDiscount(cost.total, {
    promo: promoRow ? toPromoRecord(promoRow) : null,
    firstOrder,
    packetPercent,
    now,
  });
  return code && !promoRow ? { ...discount, promo_status: 'not_found' } : discount;
}
