import { api } from '@cabinet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthStatus, TOKEN_KEY } from '../auth/session';
import { setNavigator } from '../navigation';
import { ApiError } from './errors';
import { uploadFiles } from './upload';

type Answer = { status: number; body?: unknown } | 'hang';

/** An XMLHttpRequest that answers from a script, one answer a request, and records what it sent. */
class FakeXhr {
  static answers: Answer[] = [];
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  private readonly events = new EventTarget();
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  body: unknown;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(): string | null {
    return null;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answers.shift() ?? 'hang';
    if (answer === 'hang') return;
    queueMicrotask(() => {
      const progress = Object.assign(new Event('progress'), { lengthComputable: true, loaded: 5, total: 10 });
      this.upload.dispatchEvent(progress);
      this.status = answer.status;
      this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
      this.events.dispatchEvent(new Event('load'));
    });
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
}

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();
const PATH = api.orders.ajaxFiles;
const file = () => new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });

beforeEach(() => {
  FakeXhr.answers = [];
  FakeXhr.sent = [];
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', fetchMock);
  setNavigator({ navigate, location: () => ({ pathname: '/order-new', search: '' }) });
  setAuthStatus('success');
  localStorage.setItem(TOKEN_KEY, 'A');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFiles', () => {
  it('posts the files as multipart with credentials and the bearer, and reports progress', async () => {
    FakeXhr.answers = [{ status: 200, body: [{ id: 5 }] }];
    const onProgress = vi.fn<(fraction: number) => void>();
    await expect(uploadFiles(PATH, [file()], { onProgress })).resolves.toEqual([{ id: 5 }]);
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({ method: 'POST', url: PATH, withCredentials: true });
    expect(xhr?.headers.Authorization).toBe('Bearer A');
    expect((xhr?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(onProgress).toHaveBeenCalledWith(0.5);
  });

  it('on a 401 refreshes once and sends the files again with the new token, progress from 0', async () => {
    FakeXhr.answers = [
      { status: 401, body: { detail: 'not authorized' } },
      { status: 201, body: [{ id: 6 }] },
    ];
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ access: 'B', expires_in: 300 })));
    const onProgress = vi.fn<(fraction: number) => void>();
    await expect(uploadFiles(PATH, [file()], { onProgress })).resolves.toEqual([{ id: 6 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(api.auth.refresh);
    expect(FakeXhr.sent.map((x) => x.headers.Authorization)).toEqual(['Bearer A', 'Bearer B']);
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0.5, 0, 0.5]);
  });

  it('a second 401 is an error, not another refresh', async () => {
    FakeXhr.answers = [
      { status: 401, body: { detail: 'nope' } },
      { status: 401, body: { detail: 'nope' } },
    ];
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ access: 'B', expires_in: 300 })));
    await expect(uploadFiles(PATH, [file()])).rejects.toMatchObject({ status: 401, detail: 'nope' });
    expect(FakeXhr.sent).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 429 sends the customer to /429 and fails with the server message', async () => {
    FakeXhr.answers = [{ status: 429, body: { detail: 'Слишком много попыток' } }];
    await expect(uploadFiles(PATH, [file()])).rejects.toMatchObject({
      status: 429,
      message: 'Слишком много попыток',
    });
    expect(navigate).toHaveBeenCalledWith('/429');
  });

  it('an abort stops the request in flight and fails as cancelled with its reason', async () => {
    const controller = new AbortController();
    const pending = uploadFiles(PATH, [file()], { signal: controller.signal });
    controller.abort('файл убран');
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'cancelled', message: 'Запрос отменён: файл убран' });
    expect(FakeXhr.sent[0]?.aborted).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends nothing when already aborted', async () => {
    const controller = new AbortController();
    controller.abort('поздно');
    await expect(uploadFiles(PATH, [file()], { signal: controller.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
