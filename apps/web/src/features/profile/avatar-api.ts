import { api, AvatarSchema, avatarUrl, type Avatar, type AvatarSize } from '@cabinet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { uploadFiles, type UploadOptions } from '../../shared/api/upload';
import { toLoadStatus } from '../../shared/load-status';

/** The avatar is a part of the profile (spec §4): its own query, invalidated after every change. */
export const avatarQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'avatar'],
    queryFn: async ({ signal }): Promise<Avatar> =>
      AvatarSchema.parse(await apiFetch(api.profile.avatar, { signal })),
  });

export function useAvatar() {
  const query = useQuery(avatarQueryOptions());
  return { ...query, loadStatus: toLoadStatus(query.status, query.fetchStatus) };
}

/** The URL of the customer's avatar at one size, or null while there is none (initials then). */
export function useAvatarUrl(size: AvatarSize): string | null {
  return avatarUrl(useAvatar().data, size);
}

/** Uploads the cropped square (the server decodes, re-crops and stores it), with progress. */
export async function uploadAvatar(image: File, options: UploadOptions = {}): Promise<Avatar> {
  return AvatarSchema.parse(await uploadFiles(api.profile.avatar, [image], options));
}

export async function deleteAvatar(): Promise<Avatar> {
  return AvatarSchema.parse(await apiFetch(api.profile.avatar, { method: 'DELETE' }));
}
