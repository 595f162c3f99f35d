import { authorizedRequest, type TokenSource, type TransportAnswer } from './client';
import { ApiError } from './errors';

export interface BlobRequest {
  /** GET, or POST when there is a `body` (sent as JSON). */
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /** Bytes received so far, as the body streams in (the zip shows how much has arrived). */
  onProgress?: (bytes: number) => void;
  /** Whose token goes with it: the customer's unless told (the staff's for the staff side). */
  tokens?: TokenSource;
}

/**
 * A file the API answers (a PDF, a DOCX, a preview, the zip), fetched with the viewer's token — a
 * plain link would carry no bearer header — under the one API client's rules (refresh and retry on
 * 401, 429, server errors with their detail). The one way the web app asks for bytes.
 */
export async function requestBlob(path: string, options: BlobRequest = {}): Promise<Blob> {
  const { body, signal, onProgress, tokens } = options;
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
          method: options.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          credentials: 'include',
          signal,
        });
        // An error's body is JSON for the client to read; a success's is the file.
        if (!response.ok) return response;
        blob = await readBody(response, onProgress);
      } catch {
        throw signal?.aborted ? ApiError.cancelled(signal.reason) : ApiError.noResponse();
      }
      return { status: response.status, headers: response.headers, text: () => Promise.resolve('') };
    },
    { signal, tokens },
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

/** A file of the API saved under its own name (`tokens`: whose, as in requestBlob). */
export async function downloadBlob(path: string, name: string, tokens?: TokenSource): Promise<void> {
  saveBlob(await requestBlob(path, { tokens }), name);
}
