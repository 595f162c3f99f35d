import { describe, expect, it } from 'vitest';
import { Backoff, BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffCeiling, backoffDelay } from './backoff';

describe('backoff', () => {
  it('doubles its window from 500 ms and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(backoffCeiling)).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('draws each delay from the whole window (full jitter), never outside it', () => {
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.5)).toBe(2000);
    expect(backoffDelay(3, () => 0.999999)).toBe(3999);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const delay = backoffDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(backoffCeiling(attempt));
    }
  });

  it('spreads delays evenly over the window with Math.random', () => {
    const window = backoffCeiling(4);
    const buckets = [0, 0, 0, 0];
    const draws = 20_000;
    for (let i = 0; i < draws; i += 1) buckets[Math.floor((backoffDelay(4) / window) * 4)]! += 1;
    // Each quarter holds a quarter of the draws, within a few per cent.
    for (const count of buckets) expect(Math.abs(count / draws - 0.25)).toBeLessThan(0.03);
  });

  it('counts attempts until reset', () => {
    const backoff = new Backoff(() => 0.5);
    expect([backoff.next(), backoff.next(), backoff.next()]).toEqual([250, 500, 1000]);
    for (let i = 0; i < 50; i += 1) backoff.next();
    expect(backoff.next()).toBe(BACKOFF_CAP_MS / 2);
    backoff.reset();
    expect(backoff.next()).toBe(BACKOFF_BASE_MS / 2);
  });
});
