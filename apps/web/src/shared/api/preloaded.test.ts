import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthStatus, storeTokens } from '../auth/session';
import { apiFetch } from './client';

// public/cabinet-init.js sent these before the app's code arrived (ADR 029); the client takes them.
const fetchMock = vi.fn<typeof fetch>();
const ORDERS = '/api/client/orders/?tab=active&page=1&page_size=20';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function preload(answers: Record<string, Promise<Response>>, token = 'tok-1', at = Date.now()) {
  (globalThis as { __cabinetPreload?: unknown }).__cabinetPreload = { token, at, answers };
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => answer({ from: 'network' }));
  vi.stubGlobal('fetch', fetchMock);
  storeTokens({ access: 'tok-1', expires_in: 300 });
  setAuthStatus('success');
});

afterEach(() => {
  delete (globalThis as { __cabinetPreload?: unknown }).__cabinetPreload;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('preloaded answers', () => {
  it('answers the first GET of the address from the preload, once', async () => {
    preload({ [ORDERS]: Promise.resolve(answer({ from: 'preload' })) });
    expect(await apiFetch(ORDERS)).toEqual({ from: 'preload' });
    expect(fetchMock).not.toHaveBeenCalled();
    // The next time it is asked for, it is the network's.
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not used for another token, a stale preload, a write or another address', async () => {
    preload({ [ORDERS]: Promise.resolve(answer({ from: 'preload' })) }, 'someone-else');
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    preload({ [ORDERS]: Promise.resolve(answer({ from: 'preload' })) }, 'tok-1', Date.now() - 60_000);
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    preload({ [ORDERS]: Promise.resolve(answer({ from: 'preload' })) });
    expect(await apiFetch(ORDERS, { method: 'PATCH' })).toEqual({ from: 'network' });
    expect(await apiFetch('/api/client/profile/')).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('asks the network when the preload failed', async () => {
    preload({ [ORDERS]: Promise.reject(new TypeError('Failed to fetch')) });
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('goes through the refresh when the preloaded answer is a 401, as any answer would', async () => {
    preload({ [ORDERS]: Promise.resolve(answer({ detail: 'expired' }, 401)) });
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('refresh')
        ? answer({ access: 'tok-2', expires_in: 300 })
        : answer({ from: 'network' }),
    );
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    const retried = fetchMock.mock.calls.find(([input]) => String(input) === ORDERS);
    expect((retried?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-2');
  });
});
