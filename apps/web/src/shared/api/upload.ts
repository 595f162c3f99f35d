import { authorizedRequest, type TokenSource, type TransportAnswer } from './client';
import { ApiError } from './errors';

export interface UploadOptions {
  /** Called with the share of the body sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Whose token the upload carries (the customer's unless told). */
  tokens?: TokenSource;
}

/** One POST over XHR, which (unlike fetch) reports how much of the body has been sent. */
function sendForm(
  path: string,
  form: FormData,
  token: string | null,
  options: UploadOptions,
): Promise<TransportAnswer> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(ApiError.cancelled(signal.reason));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      settle();
      const text = xhr.responseText;
      resolve({
        status: xhr.status,
        headers: { get: (name) => xhr.getResponseHeader(name) },
        text: () => Promise.resolve(text),
      });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(ApiError.noResponse());
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(ApiError.cancelled(signal?.reason));
    });
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

/**
 * Uploads files as multipart/form-data with upload progress. Everything but the sending is
 * apiFetch's own code (token, refresh and retry, 429, errors); a retry reports progress from 0.
 */
export async function uploadFiles<T>(path: string, files: File[], options: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  let attempts = 0;
  const body = await authorizedRequest(
    path,
    (token) => {
      if (attempts++ > 0) options.onProgress?.(0);
      return sendForm(path, form, token, options);
    },
    { signal: options.signal, tokens: options.tokens },
  );
  return body as T;
}
