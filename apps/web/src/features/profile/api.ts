import { api, FinancesSchema, ProfileSchema, type Finances, type Profile } from '@cabinet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { toLoadStatus } from '../../shared/load-status';

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: async ({ signal }): Promise<Profile> =>
      ProfileSchema.parse(await apiFetch(api.profile.root, { signal })),
  });

export function useProfile() {
  const query = useQuery(profileQueryOptions());
  return { ...query, loadStatus: toLoadStatus(query.status, query.fetchStatus) };
}

/** The server answers the balance to a PATCH (spec §7); it changes nothing, so it is read like a GET. */
export const financesQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'finances'],
    queryFn: async ({ signal }): Promise<Finances> =>
      FinancesSchema.parse(await apiFetch(api.profile.status, { method: 'PATCH', signal })),
  });

export function useFinances() {
  const query = useQuery(financesQueryOptions());
  return { ...query, loadStatus: toLoadStatus(query.status, query.fetchStatus) };
}

export async function requestEmailChange(email: string): Promise<void> {
  await apiFetch(api.auth.changeEmail, { method: 'POST', body: { email } });
}
