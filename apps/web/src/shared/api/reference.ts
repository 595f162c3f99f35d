import { referenceApi, UniversityListSchema } from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { referenceKeys } from './keys';

/**
 * The university search as you type (the order form and the profile): the query consumes the
 * signal, so react-query aborts the request of a query text the customer has typed past.
 */
export const universitiesQuery = (q: string) =>
  queryOptions({
    queryKey: referenceKeys.universities(q),
    queryFn: async ({ signal }) =>
      UniversityListSchema.parse(
        await apiFetch(`${referenceApi.universities}?${new URLSearchParams({ q })}`, { signal }),
      ),
    staleTime: 5 * 60_000,
  });
