import {
  OrderStatusId,
  orderMessages,
  type OrderCreateRequestSchema,
  type OrderCreated,
} from '@cabinet/contract';
import type { z } from 'zod';
import { badRequest } from '../../plugins/errors';
import { NO_ATTRIBUTION, type Attribution } from '../attribution';
import { checkRefs, draftNotFound, requireDeadline, type OrdersContext } from './context';
import { attachPending } from './files';
import { normalizePromo } from './mappers';
import { getOrder } from './order';
import { queueOrderPlacedMail } from './placed-mail';
import { costOf, takePromo } from './prices';
import { keepDiscounts } from './discounts';
import { discountRules, priceWithDiscounts } from './pricing';
import * as repo from './repo';
import { lockCustomer } from '../ledger';

// What the contract's schema produces (defaults filled in), as the route passes it on.
type CreateInput = z.output<typeof OrderCreateRequestSchema>;

/**
 * Places an order — a single one, a packet's orders, or one from a draft — priced on the server,
 * with the customer's pending uploads attached, all in one transaction.
 */
export async function placeOrder(
  ctx: OrdersContext,
  userId: number,
  body: CreateInput,
  attribution: Attribution = NO_ATTRIBUTION,
): Promise<OrderCreated> {
  const now = new Date();
  const at = now.toISOString();
  requireDeadline(body.deadline, now);
  const ids = await ctx.db.transaction().execute(async (trx) => {
    // Two orders placed at once must not both be the first one.
    await lockCustomer(trx, userId);
    await checkRefs(trx, body);
    const firstOrder = !(await repo.hasPlacedOrders(trx, userId));
    const promo = body.promo_code ? await takePromo(trx, body.promo_code, now) : null;
    const draft = body.fake_id === undefined ? null : await repo.findOrder(trx, userId, body.fake_id, true);
    if (body.fake_id !== undefined && !draft) throw draftNotFound();

    let items: Array<{ work_type_id: number; pages: number }>;
    let packet: { title: string; percent: number } | null = null;
    let placement: number | null = null;
    if (body.packet_id !== undefined) {
      const found = await repo.findPacket(trx, body.packet_id);
      if (!found) throw badRequest('packet_id', orderMessages.unknownPacket);
      items = found.items;
      packet = { title: found.title, percent: found.discount_percent };
      placement = await repo.insertPacketPlacement(trx, userId, found.id, at);
    } else {
      // The schema requires both without a packet.
      items = [{ work_type_id: body.work_type_id ?? 0, pages: body.pages ?? 0 }];
    }

    const promoCode = promo ? normalizePromo(body.promo_code ?? '') : null;
    // The discounts the customer has now are the order's own (ADR 027): kept with each order.
    const rules = discountRules({
      firstOrder,
      packet,
      promo: promo && promoCode ? { ...promo, code: promoCode } : null,
    });
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const cost = await costOf(trx, { ...body, ...item }, now);
      const discount = priceWithDiscounts(cost.total, rules);
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
        promo_code: promoCode,
        cost: cost.total,
        discount: discount.discount,
        price: discount.price,
        is_first_order: firstOrder ? 1 : 0,
        packet_id: placement,
        created_at: at,
        updated_at: at,
        ...attribution,
      } as const;
      let orderId: number;
      if (i === 0 && draft) {
        await repo.updateOrder(trx, draft.id, values);
        orderId = draft.id;
      } else {
        orderId = await repo.insertOrder(trx, { user_id: userId, ...values });
      }
      await keepDiscounts(trx, orderId, rules, discount);
      created.push(orderId);
    }
    const first = created[0];
    if (first === undefined) throw new Error('a packet without items');
    await attachPending(ctx, trx, userId, first, body.files, 'customer');
    await queueOrderPlacedMail(ctx, trx, userId, created);
    return created;
  });
  const order = await getOrder(ctx, userId, ids[0] ?? 0);
  return { ...order, packet_order_ids: body.packet_id === undefined ? [] : ids };
}
