import { api, ProfileSchema, type Profile, type TitlePageRequest } from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { requestBlob } from '../../shared/api/blob';
import { apiFetch } from '../../shared/api/client';

/** The profile under the profile feature's own cache key, so the dialog reuses what /profile loaded. */
export const titlePageProfileQuery = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: async ({ signal }): Promise<Profile> =>
      ProfileSchema.parse(await apiFetch(api.profile.root, { signal })),
  });

/** `POST title_page/`: the file, fetched with the customer's token through the one API client's rules. */
export function createTitlePage(body: TitlePageRequest, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(api.content.titlePage, { body, signal });
}
