import { api, OrderSchema, type Order, type OrderTab } from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';

/**
 * Spec §3/§9: a cached order is stale after 60000 ms. React-query's `dataUpdatedAt` is the
 * order's client-side timestamp, so the age is counted where the entry is kept.
 */
const ORDER_STALE_MS = 60_000;

/**
 * Every cache key of orders, so that the screens that show an order (the route guard, the list's
 * trash and restore, the order form) read and write one entry per order and one family to refresh.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (tab: OrderTab, page: number) => [...orderKeys.lists(), tab, page] as const,
  detail: (id: string | number) => [...orderKeys.all, 'detail', String(id)] as const,
  greeting: (screen: 'success' | 'welcome', id: string) => [...orderKeys.all, screen, id] as const,
};

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
