import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryLimitStore, RedisLimitStore, createRedis, type LimitStore } from '../src/plugins/rate-limit';

const WINDOW_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same cases for every implementation of the interface. */
function storeCases(make: () => LimitStore) {
  const key = () => `test:${randomUUID()}`;

  it('counts hits within the window and tells the time left', async () => {
    const s = make();
    const k = key();
    expect((await s.incr(k, WINDOW_MS)).count).toBe(1);
    const { count, ttlMs } = await s.incr(k, WINDOW_MS);
    expect(count).toBe(2);
    expect(ttlMs).toBeGreaterThan(0);
    expect(ttlMs).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('keeps keys apart', async () => {
    const s = make();
    const [a, b] = [key(), key()];
    await s.incr(a, WINDOW_MS);
    await s.incr(a, WINDOW_MS);
    expect((await s.incr(b, WINDOW_MS)).count).toBe(1);
    expect((await s.incr(a, WINDOW_MS)).count).toBe(3);
  });

  it('does not extend the window with later hits, and starts afresh after it', async () => {
    const s = make();
    const k = key();
    await s.incr(k, WINDOW_MS);
    await sleep(WINDOW_MS / 2);
    const { ttlMs } = await s.incr(k, WINDOW_MS);
    expect(ttlMs).toBeLessThan(WINDOW_MS / 2 + 20);
    await sleep(WINDOW_MS / 2 + 40);
    expect((await s.incr(k, WINDOW_MS)).count).toBe(1);
  });

  it('gives a hit back without going below zero, and resets a key', async () => {
    const s = make();
    const k = key();
    await s.incr(k, WINDOW_MS);
    await s.incr(k, WINDOW_MS);
    await s.release(k);
    expect((await s.incr(k, WINDOW_MS)).count).toBe(2);
    await s.reset(k);
    await s.release(k);
    expect((await s.incr(k, WINDOW_MS)).count).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const s = make();
    const k = key();
    const hits = await Promise.all(Array.from({ length: 20 }, () => s.incr(k, WINDOW_MS)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
}

describe('MemoryLimitStore', () => {
  storeCases(() => new MemoryLimitStore());
});

describe.runIf(process.env.TEST_REDIS_URL)('RedisLimitStore', () => {
  const errors: Error[] = [];
  const redis = createRedis(process.env.TEST_REDIS_URL ?? '', (e) => errors.push(e));
  const store = new RedisLimitStore(redis, `cabinet-test:${randomUUID()}:`);
  afterAll(async () => {
    await store.close();
    expect(errors).toEqual([]);
  });
  storeCases(() => store);
});
