import {
  api,
  OkSchema,
  ProfileSchema,
  SocialLinkSchema,
  z,
  type ChangeEmailRequest,
  type Profile,
} from '@cabinet/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { financesQueryOptions, profileQueryOptions } from '../../shared/api/profile';
import { toLoadStatus } from '../../shared/load-status';
import type { CallbackRequest, ProfileUpdate } from './model';
import { notificationSettingsKey } from './notification-settings-api';

export { financesQueryOptions, profileQueryOptions };

export function useProfile() {
  const query = useQuery(profileQueryOptions());
  return { ...query, loadStatus: toLoadStatus(query.status, query.fetchStatus) };
}

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

/** PATCH answers the whole profile; the cache takes it so the header and the form agree. */
export async function updateProfile(queryClient: QueryClient, body: ProfileUpdate): Promise<Profile> {
  const profile = ProfileSchema.parse(await apiFetch(api.profile.root, { method: 'PATCH', body }));
  queryClient.setQueryData(profileQueryOptions().queryKey, profile);
  return profile;
}

/** POST subscribes to the newsletter, DELETE unsubscribes; either answers the profile. */
export async function setSubscribed(queryClient: QueryClient, subscribed: boolean): Promise<void> {
  await apiFetch(api.profile.subscribe, { method: subscribed ? 'POST' : 'DELETE' });
  await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey, exact: true });
  // The newsletter is also promotions by e-mail in the notification settings.
  await queryClient.invalidateQueries({ queryKey: notificationSettingsKey });
}

/** The customer's social links: each network's OAuth start link, and whether it is linked already. */
const ProfileSocialLinksSchema = z.array(SocialLinkSchema.extend({ is_linked: z.boolean().optional() }));
export type ProfileSocialLink = z.infer<typeof ProfileSocialLinksSchema>[number];

export const socialLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'socials'],
    queryFn: async ({ signal }): Promise<ProfileSocialLink[]> =>
      ProfileSocialLinksSchema.parse(await apiFetch(api.auth.socialLinks, { signal })),
  });

export async function unlinkSocial(queryClient: QueryClient, network: string): Promise<void> {
  await apiFetch(api.profile.socialLink(network), { method: 'DELETE' });
  await queryClient.invalidateQueries({ queryKey: socialLinksQueryOptions().queryKey });
}

export async function requestCallback(body: CallbackRequest): Promise<void> {
  await apiFetch(api.profile.callbacks, { method: 'POST', body });
}
