import { authorizedRequest, type TransportAnswer } from './client';
import { ApiError } from './errors';

/**
 * A file the API answers (a PDF, a DOCX), fetched with the customer's token under the one API
 * client's rules (refresh and retry on 401, 429, server errors with their detail). `body` goes as
 * JSON with a POST.
 */
export async function requestBlob(
  path: string,
  init: { body?: unknown; signal?: AbortSignal } = {},
): Promise<Blob> {
  const { body, signal } = init;
  let blob: Blob | null = null;
  await authorizedRequest(
    path,
    async (token): Promise<TransportAnswer> => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      let response: Response;
      try {
        response = await fetch(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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
  // The click has started the download; the URL is released once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
