import { getAccessToken } from '../auth/session';
import { navigateTo } from '../navigation';
import { refreshAccessToken } from './client';
import { ApiError } from './errors';

export interface UploadOptions {
  /** Called with the share of the body sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The multipart field name; the server takes every file part whatever its name. */
  field?: string;
}

interface XhrResult {
  status: number;
  body: unknown;
}

const TOO_MANY_REQUESTS_PATH = '/429';

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(
  path: string,
  form: FormData,
  token: string | null,
  options: UploadOptions,
): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(ApiError.cancelled(signal.reason));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      signal?.removeEventListener('abort', onAbort);
      resolve({ status: xhr.status, body: parse(xhr.responseText) });
    });
    xhr.addEventListener('error', () => {
      signal?.removeEventListener('abort', onAbort);
      reject(ApiError.noResponse());
    });
    xhr.addEventListener('abort', () => {
      signal?.removeEventListener('abort', onAbort);
      reject(ApiError.cancelled(signal?.reason));
    });
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

/**
 * Uploads files as multipart/form-data with upload progress, which fetch cannot report. The
 * token handling is apiFetch's: the bearer header when a token exists, and on a 401 one shared
 * refresh and one retry.
 */
export async function uploadFiles<T>(path: string, files: File[], options: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append(options.field ?? 'file', file, file.name);
  const token = getAccessToken();
  let result = await send(path, form, token, options);
  if (result.status === 401) {
    const fresh = await refreshAccessToken(token);
    options.onProgress?.(0);
    result = await send(path, form, fresh, options);
  }
  if (result.status === 429) navigateTo(TOO_MANY_REQUESTS_PATH);
  if (result.status < 200 || result.status >= 300) throw ApiError.fromResponse(result.status, result.body);
  return result.body as T;
}
