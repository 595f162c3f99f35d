// Test-only: a fake of the staff API for component tests, answering by method and path.
import { vi } from 'vitest';

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = Reply | ((init: RequestInit | undefined, url: string) => Reply);

/** Stubs `fetch`: each `METHOD /path` answers its handler; anything else fails the test loudly. */
export function serveStaffApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; url: string; body: unknown; auth: string | undefined }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      auth: headers.Authorization,
    });
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url}`);
    const reply = typeof handler === 'function' ? handler(init, url) : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}
