import type { ServerFrame } from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { MemoryBus, createBus } from './bus';
import type { Delivery } from './types';

const frame: ServerFrame = { type: 'unread', payload: { order_id: 1, unread: 1, total: 1 } };
const batch: Delivery[] = [{ to: { customer: 1 }, frame }];

function recordingLog() {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger }; // the bus only calls these methods
}

describe('the in-process bus', () => {
  it('is the bus without a Redis URL', () => {
    expect(createBus(undefined, recordingLog().logger)).toBeInstanceOf(MemoryBus);
    expect(createBus('', recordingLog().logger)).toBeInstanceOf(MemoryBus);
  });

  it('hands each batch to every subscriber once, at once', async () => {
    const bus = createBus(undefined, recordingLog().logger);
    const a: Delivery[][] = [];
    const b: Delivery[][] = [];
    bus.subscribe((d) => a.push(d));
    bus.subscribe((d) => b.push(d));
    await bus.publish(batch);
    expect(a).toEqual([batch]);
    expect(b).toEqual([batch]);
  });

  it('stops handing batches to one that unsubscribed, and to all after close', async () => {
    const bus = createBus(undefined, recordingLog().logger);
    const got: Delivery[][] = [];
    const off = bus.subscribe((d) => got.push(d));
    const kept: Delivery[][] = [];
    bus.subscribe((d) => kept.push(d));
    off();
    await bus.publish(batch);
    expect(got).toEqual([]);
    expect(kept).toHaveLength(1);
    await bus.close();
    await bus.publish(batch);
    expect(kept).toHaveLength(1);
  });

  it('keeps going when a subscriber throws, and logs it', async () => {
    const { log, logger } = recordingLog();
    const bus = createBus(undefined, logger);
    const got: Delivery[][] = [];
    bus.subscribe(() => {
      throw new Error('broken subscriber');
    });
    bus.subscribe((d) => got.push(d));
    await expect(bus.publish(batch)).resolves.toBeUndefined();
    expect(got).toEqual([batch]);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it("logs a subscriber's failure to the publishing request's logger when given one (ADR 034)", async () => {
    const own = recordingLog();
    const request = recordingLog();
    const bus = createBus(undefined, own.logger);
    bus.subscribe(() => {
      throw new Error('broken subscriber');
    });
    await bus.publish(batch, request.logger);
    expect(request.log.error).toHaveBeenCalledTimes(1);
    expect(own.log.error).not.toHaveBeenCalled();
  });

  it('publishes nothing for an empty batch', async () => {
    const bus = createBus(undefined, recordingLog().logger);
    const handler = vi.fn();
    bus.subscribe(handler);
    await bus.publish([]);
    expect(handler).not.toHaveBeenCalled();
  });
});
