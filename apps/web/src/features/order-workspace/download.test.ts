import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { requestBlob, fetchZip, saveBlob } from './download';

const fetchMock = vi.fn<typeof fetch>();

/** A response whose body arrives in the given chunks. */
function streamed(chunks: string[], init: ResponseInit = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/zip' }, ...init });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('binary downloads', () => {
  it('POSTs for the zip and reports the bytes as they arrive', async () => {
    fetchMock.mockResolvedValueOnce(streamed(['PK', 'abcd', 'ef']));
    const progress: number[] = [];
    const blob = await fetchZip(7, { onProgress: (bytes) => progress.push(bytes) });
    expect(await blob.text()).toBe('PKabcdef');
    expect(blob.type).toBe('application/zip');
    expect(progress).toEqual([2, 6, 8]);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/client/orders/7/files/download-zip/');
    expect(init).toMatchObject({ method: 'POST', body: '{}', credentials: 'include' });
  });

  it('turns a refusal into the server’s message', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ detail: 'В заказе нет файлов' }), { status: 409 }),
    );
    await expect(fetchZip(7, {})).rejects.toMatchObject({ status: 409, message: 'В заказе нет файлов' });
  });

  it('says the download was cancelled when its signal aborts mid-stream', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new Uint8Array([1, 2, 3]));
          controller.signal.addEventListener('abort', () =>
            stream.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200 });
    });
    const download = requestBlob('/api/client/orders/7/files/1/download/', {
      signal: controller.signal,
      onProgress: () => controller.abort('Отменено'),
    });
    const error = await download.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('cancelled');
  });

  it('saves a blob under its name through a temporary link', () => {
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:zip'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveBlob(new Blob(['x']), 'order-7.zip');
    expect(clicked).toEqual([{ href: 'blob:zip', download: 'order-7.zip' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
