import { api, FinancesSchema, ProfileSchema, type Finances, type Profile } from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { profileKeys } from './keys';

/** The customer's profile: start-up loads it, the profile screen edits it, the title page reads it. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.profile,
    queryFn: async ({ signal }): Promise<Profile> =>
      ProfileSchema.parse(await apiFetch(api.profile.root, { signal })),
  });

/** The server answers the balance to a PATCH (spec §7); it changes nothing, so it is read like a GET. */
export const financesQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.finances,
    queryFn: async ({ signal }): Promise<Finances> =>
      FinancesSchema.parse(await apiFetch(api.profile.status, { method: 'PATCH', signal })),
  });
