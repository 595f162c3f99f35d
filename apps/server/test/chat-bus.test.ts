import type { ServerFrame } from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisBus, createBus } from '../src/modules/chat/bus';
import type { ChatBus, Delivery } from '../src/modules/chat/types';

const redisUrl = process.env.TEST_REDIS_URL;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const batchOf = (n: number): Delivery[] => [
  {
    to: { customer: n },
    frame: { type: 'unread', payload: { order_id: n, unread: n, total: n } } as ServerFrame,
  },
  {
    to: { managers: true },
    frame: { type: 'read', payload: { order_id: n, side: 'customer', up_to_id: n } },
  },
];

function recordingLog() {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger }; // the bus only calls these methods
}

const opened: ChatBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

async function until(check: () => boolean, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await pause(20);
  }
}

describe.runIf(redisUrl)('the Redis bus', () => {
  const open = async (channel: string, logger = recordingLog().logger) => {
    const bus = createBus(redisUrl, logger, { channel });
    expect(bus).toBeInstanceOf(RedisBus);
    opened.push(bus);
    await (bus as RedisBus).ready();
    return bus;
  };

  it('hands every batch to every instance, the publisher’s included, exactly once and in order', async () => {
    const channel = `cabinet:chat:test:${randomUUID()}`;
    const one = await open(channel);
    const two = await open(channel);
    const elsewhere = await open(`${channel}:other`);
    const seen = { oneA: [] as Delivery[][], oneB: [] as Delivery[][], two: [] as Delivery[][], other: 0 };
    one.subscribe((d) => seen.oneA.push(d));
    one.subscribe((d) => seen.oneB.push(d));
    two.subscribe((d) => seen.two.push(d));
    elsewhere.subscribe(() => (seen.other += 1));

    for (const n of [1, 2, 3]) await one.publish(batchOf(n));
    for (const n of [4, 5]) await two.publish(batchOf(n));
    await until(() => seen.oneA.length >= 5 && seen.oneB.length >= 5 && seen.two.length >= 5);
    await pause(200); // nothing doubled comes late
    const orderIdsOf = (batches: Delivery[][]) =>
      batches.map((b) => (b[0]!.frame as Extract<ServerFrame, { type: 'unread' }>).payload.order_id);
    for (const got of [seen.oneA, seen.oneB, seen.two]) {
      expect(got).toHaveLength(5);
      expect(orderIdsOf(got).filter((n) => n <= 3)).toEqual([1, 2, 3]);
      expect(orderIdsOf(got).filter((n) => n > 3)).toEqual([4, 5]);
    }
    expect(seen.oneA[0]).toEqual(batchOf(1));
    expect(seen.other).toBe(0);
  });

  it('does not drop a batch published while its first connection is still being made', async () => {
    const channel = `cabinet:chat:test:${randomUUID()}`;
    const listener = await open(channel);
    const got: Delivery[][] = [];
    listener.subscribe((d) => got.push(d));
    const { log, logger } = recordingLog();
    const fresh = createBus(redisUrl, logger, { channel });
    opened.push(fresh);
    await fresh.publish(batchOf(3));
    await until(() => got.length === 1);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('ignores what is not a batch on the channel, says so, and keeps delivering', async () => {
    const channel = `cabinet:chat:test:${randomUUID()}`;
    const { log, logger } = recordingLog();
    const bus = await open(channel, logger);
    const got: Delivery[][] = [];
    bus.subscribe((d) => got.push(d));
    const raw = new Redis(redisUrl as string);
    try {
      await raw.publish(channel, 'not json');
      await raw.publish(channel, '{"to":1}');
    } finally {
      raw.disconnect();
    }
    await bus.publish(batchOf(7));
    await until(() => got.length === 1);
    expect(got).toEqual([batchOf(7)]);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});

describe('the Redis bus without Redis', () => {
  it('drops a publish it cannot make, logs it, never throws, and closes at once', async () => {
    const { log, logger } = recordingLog();
    // Nothing listens on port 1: every connection attempt is refused.
    const bus = createBus('redis://127.0.0.1:1', logger, { channel: `cabinet:chat:test:${randomUUID()}` });
    const handler = vi.fn();
    bus.subscribe(handler);
    const started = Date.now();
    await expect(bus.publish(batchOf(1))).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ frames: 2 }), expect.any(String));
    expect(handler).not.toHaveBeenCalled();
    const closing = Date.now();
    await bus.close();
    expect(Date.now() - closing).toBeLessThan(1_500);
  });
});
