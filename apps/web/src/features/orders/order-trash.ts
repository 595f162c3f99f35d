import type { Order } from './model';

/**
 * Kept apart from the schemas in model.ts: the route guards (in the entry script) need only this,
 * and importing model.ts would bring zod into every first screen.
 */
export function isOrderTrashed(order: Order): boolean {
  return order.trash?.is_trash === true;
}
