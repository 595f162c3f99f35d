import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../navigation';
import { apiFetch } from './client';
import { refusedFrom, rememberRefusal, retryMoment, secondsUntilRetry } from './retry-after';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('Retry-After', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['840', NOW + 840_000],
    [' 60 ', NOW + 60_000],
    ['Mon, 23 Nov 2026 12:14:00 GMT', NOW + 14 * 60_000],
    ['', null],
    [null, null],
    ['soon', null],
  ])('reads %j', (header, moment) => {
    expect(retryMoment(header, NOW)).toBe(moment);
  });

  it('keeps the moment and the screen for the tab, so /429 works also after a reload', () => {
    rememberRefusal('840', '/login', NOW);
    expect(secondsUntilRetry(NOW + 60_000)).toBe(780);
    expect(JSON.parse(sessionStorage.getItem('too_many_requests') ?? '{}')).toEqual({
      retryAt: NOW + 840_000,
      from: '/login',
    });
    rememberRefusal(null, null, NOW);
    expect(secondsUntilRetry(NOW)).toBeNull();
    expect(refusedFrom()).toBeNull();
  });

  it('is taken from the 429 answer before the client goes to /429', async () => {
    const navigate = vi.fn<(to: string) => void>();
    setNavigator({ navigate, location: () => ({ pathname: '/login', search: '?redirect=%2Forder-new' }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'Слишком много попыток. Попробуйте позже' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '840' },
          }),
      ),
    );
    await expect(apiFetch('/api/client/auth/login/', { method: 'POST', auth: false })).rejects.toMatchObject({
      status: 429,
    });
    expect(navigate).toHaveBeenCalledWith('/429');
    const left = secondsUntilRetry();
    expect(left).toBeGreaterThan(835);
    expect(left).toBeLessThanOrEqual(840);
    expect(refusedFrom()).toBe('/login?redirect=%2Forder-new');
  });
});
