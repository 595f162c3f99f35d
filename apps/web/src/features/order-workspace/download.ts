import { api } from '@cabinet/contract';
import { authorizedRequest, type TransportAnswer } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { saveBlob } from '../../shared/api/blob';

export { saveBlob };

export interface FetchOptions {
  signal?: AbortSignal;
  /** Bytes received so far, as the body streams in. */
  onProgress?: (bytes: number) => void;
  method?: 'GET' | 'POST';
  body?: unknown;
}

/**
 * A binary answer (a file, a preview, the zip) with the customer's token: a plain link would carry
 * no bearer header. Through the API client's own path (refresh and retry on 401, 429, errors);
 * the body is read as it streams so that the zip can show how much has arrived.
 */
export async function fetchBlob(path: string, options: FetchOptions = {}): Promise<Blob> {
  const { signal, onProgress } = options;
  let blob: Blob | null = null;
  await authorizedRequest(
    path,
    async (token): Promise<TransportAnswer> => {
      const headers: Record<string, string> = {};
      if (token) headers.Authorization = `Bearer ${token}`;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(path, {
          method: options.method ?? 'GET',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          credentials: 'include',
          signal,
        });
        if (!response.ok) return response;
        blob = await readBody(response, onProgress);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw signal?.aborted ? ApiError.cancelled(signal.reason) : ApiError.noResponse();
      }
      return { status: response.status, headers: response.headers, text: () => Promise.resolve('') };
    },
    { signal },
  );
  if (!blob) throw ApiError.noResponse();
  return blob;
}

async function readBody(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type });
}

export async function downloadFile(file: { download_url: string; name: string }): Promise<void> {
  saveBlob(await fetchBlob(file.download_url), file.name);
}

/** `POST {id}/files/download-zip/`: every file of the order as one zip, streamed. */
export function fetchZip(
  orderId: number | string,
  options: Omit<FetchOptions, 'method' | 'body'>,
): Promise<Blob> {
  return fetchBlob(api.orders.downloadZip(orderId), { ...options, method: 'POST', body: {} });
}
