import {
  api,
  OrderGreetingSchema,
  OrderListSchema,
  OrderSchema,
  type Order,
  type OrderGreeting,
  type OrderList,
  type OrderListItem,
  type OrderTab,
} from '@cabinet/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { draftsQueryOptions } from '../../shared/api/drafts';
import { getOrderQueryOptions, orderKeys } from '../../shared/api/get-order';
import { queryClient } from '../../shared/query-client';
import { afterTrash, countersAfterRestore, listSearch, tabOfStatus, withoutOrder } from './model';

/** Spec §4 order guard: the cached order while it is fresh, else a fresh load. */
export function loadOrderForRoute(id: string): Promise<Order> {
  return queryClient.fetchQuery(getOrderQueryOptions(id));
}

/**
 * One page of a tab. The query hands its `signal` to the request, so when the tab or the page
 * changes react-query aborts the request still running for the old key (spec §4).
 */
const ordersListQueryOptions = (tab: OrderTab, page: number) =>
  queryOptions({
    queryKey: orderKeys.list(tab, page),
    queryFn: async ({ signal }): Promise<OrderList> =>
      OrderListSchema.parse(await apiFetch(`${api.orders.root}?${listSearch(tab, page)}`, { signal })),
  });

export function useOrdersList(tab: OrderTab, page: number) {
  return useQuery({
    ...ordersListQueryOptions(tab, page),
    // Paging within a tab keeps the old page on screen; a new tab starts from its skeleton.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === tab ? keepPreviousData(previous) : undefined,
  });
}

export async function trashOrder(id: number): Promise<Order> {
  return OrderSchema.parse(await apiFetch(api.orders.byId(id), { method: 'DELETE' }));
}

export async function restoreOrder(id: number): Promise<Order> {
  return OrderSchema.parse(await apiFetch(api.orders.restore(id), { method: 'PATCH' }));
}

type ListContext = { key: ReturnType<typeof ordersListQueryOptions>['queryKey']; previous?: OrderList };

/**
 * Trash and restore change the list at once (spec §4 counters) and roll back on failure; the
 * answer also refreshes the cached order, so the order guard and the order form see it at once.
 */
export function useOrderMutations(tab: OrderTab, page: number) {
  const client = useQueryClient();
  const key = ordersListQueryOptions(tab, page).queryKey;

  async function optimistic(update: (list: OrderList) => OrderList): Promise<ListContext> {
    await client.cancelQueries({ queryKey: key });
    const previous = client.getQueryData(key);
    if (previous) client.setQueryData(key, update(previous));
    return { key, previous };
  }
  const rollback = (_error: unknown, _variables: unknown, context: ListContext | undefined) => {
    if (context?.previous) client.setQueryData(context.key, context.previous);
  };
  const remember = (order: Order) => {
    client.setQueryData(getOrderQueryOptions(order.id).queryKey, order);
  };
  const refresh = () => client.invalidateQueries({ queryKey: orderKeys.lists() });

  const trash = useMutation({
    mutationFn: (order: OrderListItem) => trashOrder(order.id),
    onMutate: (order) => optimistic((list) => afterTrash(list, tab, order)),
    onError: rollback,
    onSuccess: remember,
    onSettled: refresh,
  });

  const restore = useMutation({
    /** `backTo`: the tab an undone trash returns the order to, when the screen knows it. */
    mutationFn: ({ order }: { order: OrderListItem; backTo?: OrderTab }) => restoreOrder(order.id),
    onMutate: ({ order, backTo }) =>
      optimistic((list) => withoutOrder(list, order.id, countersAfterRestore(list.counters, backTo))),
    onError: rollback,
    onSuccess: (order, { backTo }, context) => {
      remember(order);
      const to = tabOfStatus(order.status.id);
      const current = client.getQueryData(context.key);
      if (!backTo && to && current) {
        client.setQueryData(context.key, {
          ...current,
          counters: { ...current.counters, [to]: current.counters[to] + 1 },
        });
      }
    },
    onSettled: refresh,
  });

  return { trash, restore };
}

/** The customer's drafts, for the «Черновики» strip. */
export function useDrafts() {
  return useQuery(draftsQueryOptions());
}

/** Deletes a draft for good; the strip drops it at once and reads the list again. */
export function useDeleteDraft() {
  const client = useQueryClient();
  const key = draftsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (id: number) => apiFetch(api.orders.fake(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      const list = client.getQueryData(key);
      if (list) {
        client.setQueryData(key, {
          results: list.results.filter((d) => d.id !== id),
          count: Math.max(0, list.count - 1),
        });
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export type GreetingScreen = 'success' | 'welcome';

export const greetingQueryOptions = (screen: GreetingScreen, id: string) =>
  queryOptions({
    queryKey: orderKeys.greeting(screen, id),
    queryFn: async ({ signal }): Promise<OrderGreeting> =>
      OrderGreetingSchema.parse(
        await apiFetch(`${api.orders[screen]}?${new URLSearchParams({ id })}`, { signal }),
      ),
  });
