import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency';

const tick = () => new Promise((r) => setImmediate(r));

describe('ConcurrencyLimit', () => {
  it('runs at most `limit` jobs at once, the others in order of arrival', async () => {
    const limit = new ConcurrencyLimit(2);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const jobs = [0, 1, 2, 3, 4].map((i) =>
      limit.run(async () => {
        started.push(i);
        await new Promise<void>((r) => releases.push(r));
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([limit.active, limit.waiting]).toEqual([2, 3]);
    releases[1]?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect([limit.active, limit.waiting]).toEqual([2, 2]);
    // Each release lets the next in line start: 3, then 4.
    for (const i of [0, 2, 3, 4]) {
      releases[i]?.();
      await tick();
    }
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a job that fails', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await limit.run(async () => 'next')).toBe('next');
    expect(limit.active).toBe(0);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow();
    expect(() => new ConcurrencyLimit(1.5)).toThrow();
  });
});
