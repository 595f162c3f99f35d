import { api, ProfileSchema, type Profile, type TitlePageRequest } from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, authorizedRequest, type TransportAnswer } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';

/** The profile under the profile feature's own cache key, so the dialog reuses what /profile loaded. */
export const titlePageProfileQuery = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: async ({ signal }): Promise<Profile> =>
      ProfileSchema.parse(await apiFetch(api.profile.root, { signal })),
  });

/** `POST title_page/`: the file, fetched with the customer's token through the one API client's rules. */
export async function createTitlePage(body: TitlePageRequest, signal?: AbortSignal): Promise<Blob> {
  let blob: Blob | null = null;
  await authorizedRequest(
    api.content.titlePage,
    async (token): Promise<TransportAnswer> => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      let response: Response;
      try {
        response = await fetch(api.content.titlePage, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          credentials: 'include',
          signal,
        });
      } catch {
        throw signal?.aborted ? ApiError.cancelled(signal.reason) : ApiError.noResponse();
      }
      if (!response.ok) return response;
      blob = await response.blob();
      return { status: response.status, headers: response.headers, text: () => Promise.resolve('') };
    },
    { signal },
  );
  if (!blob) throw ApiError.noResponse();
  return blob;
}

/** Hands a blob to the browser as a download under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
