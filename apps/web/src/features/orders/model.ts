import { z } from 'zod';

/** Spec §4/§9: a cached order is reloaded after 60000 ms. */
export const ORDER_STALE_MS = 60_000;

/**
 * The fields of spec §3 the route guard relies on. The full order schema belongs in the contract
 * with the orders issue; until then the rest of the answer passes through unchecked.
 */
export const OrderSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  status: z.object({ id: z.number(), title: z.string() }).optional(),
  trash: z.object({ is_trash: z.boolean() }).optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** An order as cached on the client, stamped with when it was loaded (spec §3 "client-side timestamp"). */
export type CachedOrder = Order & { timestamp: number };

export function stampOrder(order: Order, now: number): CachedOrder {
  return { ...order, timestamp: now };
}

export function isOrderStale(order: CachedOrder | undefined, now: number): boolean {
  return !order || now - order.timestamp >= ORDER_STALE_MS;
}

export function isOrderTrashed(order: Order): boolean {
  return order.trash?.is_trash === true;
}
