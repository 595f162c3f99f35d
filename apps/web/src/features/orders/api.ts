import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { queryClient } from '../../shared/query-client';
import { isOrderStale, OrderSchema, stampOrder, type CachedOrder } from './model';

/** `GET /api/client/orders/{id}/` (spec §7); moves to the contract's `api` with the orders issue. */
const orderPath = (id: string) => `/api/client/orders/${encodeURIComponent(id)}/`;

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: async ({ signal }): Promise<CachedOrder> =>
      stampOrder(OrderSchema.parse(await apiFetch(orderPath(id), { signal })), Date.now()),
  });

/** For the order route guard: the cached order unless it is missing or stale, else a fresh load. */
export async function loadOrderForRoute(id: string): Promise<CachedOrder> {
  const options = orderQueryOptions(id);
  const cached = queryClient.getQueryData(options.queryKey);
  if (cached && !isOrderStale(cached, Date.now())) return cached;
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}
