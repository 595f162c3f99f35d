import {
  api,
  FinancesSchema,
  OkSchema,
  ProfileSchema,
  type ChangeEmailRequest,
  type Finances,
  type Profile,
} from '@cabinet/contract';
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

export async function requestEmailChange(body: ChangeEmailRequest): Promise<void> {
  await apiFetch(api.auth.changeEmail, { method: 'POST', body });
}

/** Follows the link e-mailed to the old address; resolves to the server's message. */
export async function cancelEmailChange(token: string): Promise<string> {
  const body = OkSchema.parse(
    await apiFetch(api.auth.changeEmailCancel, { method: 'POST', body: { token }, auth: false }),
  );
  return body.detail;
}
