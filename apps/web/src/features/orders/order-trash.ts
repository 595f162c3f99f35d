/** What the trash check reads of an order. */
export type TrashFlag = { trash?: { is_trash: boolean } };

/**
 * Kept apart from model.ts: the route guards (in the entry script) need only this, and importing
 * model.ts would bring the contract, and zod with it, into every first screen.
 */
export function isOrderTrashed(order: TrashFlag): boolean {
  return order.trash?.is_trash === true;
}
