import { api, DraftListSchema, type DraftList } from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { orderKeys } from './get-order';

/**
 * The customer's unfinished orders (`GET fake/`): an empty list when there is none, so neither the
 * orders list nor the new-order form asks for a draft that is not there. Under `orders`, so placing
 * an order (which invalidates them all) reads the drafts again.
 */
export const draftsQueryOptions = () =>
  queryOptions({
    queryKey: [...orderKeys.all, 'drafts'] as const,
    queryFn: async ({ signal }): Promise<DraftList> =>
      DraftListSchema.parse(await apiFetch(api.orders.drafts, { signal })),
  });
