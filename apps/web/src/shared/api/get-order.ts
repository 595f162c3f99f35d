import { api, OrderSchema, type Order } from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { orderKeys } from './keys';

/**
 * Spec §3/§9: a cached order is stale after 60000 ms. React-query's `dataUpdatedAt` is the
 * order's client-side timestamp, so the age is counted where the entry is kept.
 */
const ORDER_STALE_MS = 60_000;

export { orderKeys } from './keys';

export async function getOrder(id: string | number, signal?: AbortSignal): Promise<Order> {
  return OrderSchema.parse(await apiFetch(api.orders.byId(id), { signal }));
}

/** One order: the route guard loads it, the order form edits it, trash and restore update it. */
export const getOrderQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: ORDER_STALE_MS,
  });
