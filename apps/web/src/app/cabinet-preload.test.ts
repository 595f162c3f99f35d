import { api } from '@cabinet/contract';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthStatus, storeTokens } from '../shared/auth/session';
import { apiFetch } from '../shared/api/client';

// public/cabinet-init.js sends the address's first GETs before the app's code has arrived and
// hands their answers to the app's own requests (ADR 029): here with the real API client.
const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, '../../public/cabinet-init.js'), 'utf8');

const ORDERS = '/api/client/orders/?tab=active&page=1&page_size=20';
const network = vi.fn<typeof fetch>();
let preloaded: Record<string, () => Promise<Response>> = {};

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Opens `path` as the shell does: the stored token, then the head script. */
function openShell(path: string) {
  window.history.replaceState(null, '', path);
  new Function(source)();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  storeTokens({ access: 'tok-1', expires_in: 300 });
  setAuthStatus('success');
  preloaded = { [ORDERS]: async () => answer({ from: 'preload' }) };
  network.mockReset();
  // Each address answers once from its preload (the shell's own request), then from the network.
  network.mockImplementation(async (input) => {
    const path = String(input);
    const early = preloaded[path];
    delete preloaded[path];
    return early ? early() : answer({ from: 'network' });
  });
  vi.stubGlobal('fetch', network);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the shell’s preloaded answers', () => {
  it('answers the app’s first GET of the address with the request the shell sent, once', async () => {
    openShell('/home/active');
    expect(network.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/client/profile/',
      ORDERS,
      api.content.banners,
    ]);
    expect(await apiFetch(ORDERS)).toEqual({ from: 'preload' });
    expect(network).toHaveBeenCalledTimes(3);
    // The next time it is asked for, it is the network's.
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    expect(network).toHaveBeenCalledTimes(4);
  });

  it('is not used for another token, a write, an extra header or after 30 s', async () => {
    openShell('/home/active');
    storeTokens({ access: 'tok-2', expires_in: 300 });
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    storeTokens({ access: 'tok-1', expires_in: 300 });
    expect(await apiFetch(ORDERS, { method: 'PATCH' })).toEqual({ from: 'network' });
    expect(await apiFetch(ORDERS, { headers: { 'Idempotency-Key': 'k' } })).toEqual({ from: 'network' });
    vi.advanceTimersByTime(30_000);
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    expect(network).toHaveBeenCalledTimes(3 + 4);
  });

  it('asks the network when the shell’s request failed', async () => {
    preloaded[ORDERS] = () => Promise.reject(new TypeError('Failed to fetch'));
    openShell('/home/active');
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
  });

  it('goes through the refresh when the preloaded answer is a 401, as any answer would', async () => {
    preloaded[ORDERS] = async () => answer({ detail: 'expired' }, 401);
    preloaded[api.auth.refresh] = async () => answer({ access: 'tok-2', expires_in: 300 });
    openShell('/home/active');
    expect(await apiFetch(ORDERS)).toEqual({ from: 'network' });
    const retried = network.mock.calls.filter(([input]) => String(input) === ORDERS).at(-1);
    expect((retried?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-2');
  });
});
