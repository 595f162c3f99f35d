import { api, ProfilePopupSchema } from '@cabinet/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';

export const profilePopupQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'popup'],
    queryFn: async ({ signal }): Promise<boolean> =>
      ProfilePopupSchema.parse(await apiFetch(api.profile.profilePopup, { signal })).is_need_show,
    staleTime: Infinity,
  });

/** The diploma popup was dismissed: never again, on any device (spec §4). */
export async function dismissProfilePopup(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(profilePopupQueryOptions().queryKey, false);
  await apiFetch(api.profile.popup, { method: 'PATCH' });
}
