import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { queryClient } from '../../shared/query-client';
import { SpaceSchema, type Space } from './model';

/** `GET /client/api/landings/space/{id}/` (spec §7); moves to the contract's `api` with the spaces issue. */
const spacePath = (id: string) => `/client/api/landings/space/${encodeURIComponent(id)}/`;

const spaceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['spaces', 'detail', id],
    queryFn: async ({ signal }): Promise<Space> =>
      SpaceSchema.parse(await apiFetch(spacePath(id), { signal })),
  });

/** For the space route guard (spec §2): fetched before the screen opens. */
export function loadSpaceForRoute(id: string): Promise<Space> {
  return queryClient.fetchQuery({ ...spaceQueryOptions(id), staleTime: 0 });
}
