import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    counters: CounterStore;
  }
}

/**
 * Fixed-window counters (failed sign-ins per e-mail and per IP). A window opens with the
 * first hit and lasts `windowMs`; the count and the time left are what a 429 needs.
 */
export interface CounterStore {
  /** Adds one and returns the count in the current window. */
  hit(key: string): Promise<number>;
  /** The count in the current window and the milliseconds until it closes (0 when none). */
  count(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && w.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  async hit(key: string): Promise<number> {
    const w = this.current(key) ?? { count: 0, endsAt: this.now() + this.windowMs };
    w.count += 1;
    this.windows.set(key, w);
    // Keeps a flood of distinct keys (spoofed e-mails) from growing the map without bound.
    if (this.windows.size > 100_000) this.sweep();
    return w.count;
  }

  async count(key: string) {
    const w = this.current(key);
    return w ? { count: w.count, resetInMs: w.endsAt - this.now() } : { count: 0, resetInMs: 0 };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep() {
    const now = this.now();
    for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
  }
}

/** Shared by every server instance, so the limits hold behind a load balancer. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs: number,
    private readonly prefix = 'cabinet:counter:',
  ) {}

  async hit(key: string): Promise<number> {
    const k = this.prefix + key;
    // SET NX opens the window with its expiry only on the first hit; INCR never touches the TTL.
    const results = await this.redis.multi().set(k, 0, 'PX', this.windowMs, 'NX').incr(k).exec();
    const incr = results?.[1];
    if (!incr || incr[0]) throw incr?.[0] ?? new Error('redis transaction aborted');
    return Number(incr[1]);
  }

  async count(key: string) {
    const k = this.prefix + key;
    const [value, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    if (value === null || ttl <= 0) return { count: 0, resetInMs: 0 };
    return { count: Number(value), resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRedis(url: string, onError: (err: Error) => void): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Without a listener an unreachable Redis would crash the process with an unhandled 'error'.
  redis.on('error', onError);
  return redis;
}

export default fp(
  async function countersPlugin(app: FastifyInstance) {
    const windowMs = app.config.LOGIN_WINDOW_MINUTES * 60_000;
    const store: CounterStore = app.config.REDIS_URL
      ? new RedisCounterStore(
          createRedis(app.config.REDIS_URL, (err) => app.log.error({ err }, 'redis error')),
          windowMs,
        )
      : new MemoryCounterStore(windowMs);
    app.decorate('counters', store);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'counters' },
);
