import { api } from '@cabinet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../auth/session';
import { downloadBlob, requestBlob } from './blob';

const fetchMock = vi.fn<typeof fetch>();
const FILE = '/client/api/certificate/7/download/';
const PAGE = '/client/api/main/title_page/';

const authOf = (call: Parameters<typeof fetch> | undefined) =>
  (call?.[1]?.headers as Record<string, string> | undefined)?.Authorization;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(TOKEN_KEY, 'A');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('requestBlob', () => {
  it('GETs a file with the token and gives its bytes', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
    );
    const blob = await requestBlob(FILE);
    expect(await blob.text()).toBe('%PDF-1.7');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe(FILE);
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(init?.body).toBeUndefined();
    expect(authOf(fetchMock.mock.calls[0])).toBe('Bearer A');
  });

  it('POSTs a body as JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('PK'));
    await requestBlob(PAGE, { body: { topic: 'Тема', format: 'docx' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', body: '{"topic":"Тема","format":"docx"}' });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('refreshes the token on a 401 and asks again once', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === api.auth.refresh)
        return new Response(JSON.stringify({ access: 'B', expires_in: 120 }), {
          headers: { 'Content-Type': 'application/json' },
        });
      const auth = (init?.headers as Record<string, string>).Authorization;
      return auth === 'Bearer B'
        ? new Response('%PDF')
        : new Response(JSON.stringify({ detail: 'not authorized' }), { status: 401 });
    });
    expect(await (await requestBlob(FILE)).text()).toBe('%PDF');
    const fileCalls = fetchMock.mock.calls.filter(([input]) => String(input) === FILE);
    expect(fileCalls.map(authOf)).toEqual(['Bearer A', 'Bearer B']);
  });

  it('turns a refusal into the server’s message', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ detail: 'Сертификат ещё не оплачен' }), { status: 409 }),
    );
    await expect(requestBlob(FILE)).rejects.toMatchObject({
      status: 409,
      message: 'Сертификат ещё не оплачен',
    });
  });

  it('goes with the token it is given, and says «no answer» when the network fails', async () => {
    const staff = { getToken: () => 'S', refresh: vi.fn(), noRefreshPaths: new Set<string>() };
    fetchMock.mockResolvedValueOnce(new Response('PK'));
    await requestBlob(FILE, { tokens: staff });
    expect(authOf(fetchMock.mock.calls[0])).toBe('Bearer S');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(requestBlob(FILE)).rejects.toMatchObject({ kind: 'no-response' });
  });
});

describe('downloadBlob', () => {
  it('saves the file under its own name', async () => {
    fetchMock.mockResolvedValueOnce(new Response('%PDF', { headers: { 'content-type': 'application/pdf' } }));
    const clicked: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    await downloadBlob(FILE, 'Работа.pdf');
    expect(clicked).toEqual([{ name: 'Работа.pdf', href: 'blob:file' }]);
  });
});
