import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MemoryCounterStore,
  RedisCounterStore,
  createRedis,
  type CounterStore,
} from '../src/plugins/counters';

const WINDOW_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same cases for every implementation of the interface. */
function counterCases(make: () => CounterStore) {
  const key = () => `test:${randomUUID()}`;

  it('counts hits within the window', async () => {
    const s = make();
    const k = key();
    expect(await s.count(k)).toEqual({ count: 0, resetInMs: 0 });
    expect(await s.hit(k)).toBe(1);
    expect(await s.hit(k)).toBe(2);
    const { count, resetInMs } = await s.count(k);
    expect(count).toBe(2);
    expect(resetInMs).toBeGreaterThan(0);
    expect(resetInMs).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('keeps keys apart', async () => {
    const s = make();
    const [a, b] = [key(), key()];
    await s.hit(a);
    await s.hit(a);
    await s.hit(b);
    expect((await s.count(a)).count).toBe(2);
    expect((await s.count(b)).count).toBe(1);
  });

  it('does not extend the window with later hits, and starts afresh after it', async () => {
    const s = make();
    const k = key();
    await s.hit(k);
    await sleep(WINDOW_MS / 2);
    await s.hit(k);
    const { resetInMs } = await s.count(k);
    expect(resetInMs).toBeLessThan(WINDOW_MS / 2 + 20);
    await sleep(WINDOW_MS / 2 + 40);
    expect(await s.count(k)).toEqual({ count: 0, resetInMs: 0 });
    expect(await s.hit(k)).toBe(1);
  });

  it('resets a key', async () => {
    const s = make();
    const k = key();
    await s.hit(k);
    await s.reset(k);
    expect((await s.count(k)).count).toBe(0);
  });

  it('counts concurrent hits exactly', async () => {
    const s = make();
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => s.hit(k)));
    expect(results.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
}

describe('MemoryCounterStore', () => {
  counterCases(() => new MemoryCounterStore(WINDOW_MS));
});

describe.runIf(process.env.TEST_REDIS_URL)('RedisCounterStore', () => {
  const errors: Error[] = [];
  const redis = createRedis(process.env.TEST_REDIS_URL ?? '', (e) => errors.push(e));
  const store = new RedisCounterStore(redis, WINDOW_MS, `cabinet-test:${randomUUID()}:`);
  afterAll(async () => {
    await store.close();
    expect(errors).toEqual([]);
  });
  counterCases(() => store);
});
