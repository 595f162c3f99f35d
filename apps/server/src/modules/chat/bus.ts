import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { ChatBus, Delivery } from './types';

/** The Redis channel every instance publishes to and listens on. */
export const DEFAULT_BUS_CHANNEL = 'cabinet:chat';

/** A publish waits this long for Redis at most: the request that published is never held up long. */
const PUBLISH_TIMEOUT_MS = 1_000;
/** `close()` waits this long for Redis to acknowledge QUIT before dropping the connection. */
const QUIT_TIMEOUT_MS = 1_000;

type Handler = (deliveries: Delivery[]) => void;

/** Calls every handler; one that throws is logged and does not stop the others. */
function fanOut(handlers: Set<Handler>, deliveries: Delivery[], log: FastifyBaseLogger) {
  for (const handler of handlers) {
    try {
      handler(deliveries);
    } catch (err) {
      log.error({ err }, 'chat bus: a subscriber failed');
    }
  }
}

/** One process: a publish reaches this process's subscribers at once. */
export class MemoryBus implements ChatBus {
  private readonly handlers = new Set<Handler>();

  constructor(private readonly log: FastifyBaseLogger) {}

  async publish(deliveries: Delivery[], log: FastifyBaseLogger = this.log): Promise<void> {
    if (deliveries.length > 0) fanOut(this.handlers, deliveries, log);
  }

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

/**
 * Several instances: one Redis channel carries JSON batches of deliveries. A publish goes out on
 * its own connection (a subscribed connection can do nothing else) and comes back to every
 * instance through the subscriber, this one included, so each batch is handled once everywhere.
 *
 * At most once: a batch published while Redis is away fails fast (no offline queue), is logged
 * and dropped; the clients catch up over REST from the last id they saw. ioredis reconnects both
 * connections and subscribes again by itself.
 */
export class RedisBus implements ChatBus {
  private readonly handlers = new Set<Handler>();
  private readonly pub: Redis;
  private readonly sub: Redis;
  /** Whether each connection was last seen up: errors are logged once per outage, not per retry. */
  private readonly up = { pub: false, sub: false };
  private closed = false;
  private connectedOnce = false;
  private readonly subscribed: Promise<unknown>;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly channel = DEFAULT_BUS_CHANNEL,
  ) {
    const retryStrategy = (times: number) => Math.min(times * 100, 1_000);
    this.pub = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: PUBLISH_TIMEOUT_MS,
      retryStrategy,
    });
    this.sub = new Redis(url, { maxRetriesPerRequest: null, retryStrategy });
    this.watch('pub', this.pub);
    this.watch('sub', this.sub);
    this.sub.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    this.subscribed = this.sub.subscribe(this.channel).catch((err: unknown) => {
      if (!this.closed) this.log.error({ err }, 'chat bus: could not subscribe');
    });
  }

  /** Resolves once both connections are up and the channel is subscribed (tests, start-up checks). */
  async ready(): Promise<void> {
    await this.subscribed;
    if (this.pub.status !== 'ready') await new Promise((resolve) => this.pub.once('ready', resolve));
  }

  private firstConnection(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pub.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.pub.once('ready', done);
    });
  }

  private watch(name: 'pub' | 'sub', redis: Redis) {
    redis.on('ready', () => {
      if (name === 'pub') this.connectedOnce = true;
      if (!this.up[name]) this.log.info({ connection: name }, 'chat bus: connected to Redis');
      this.up[name] = true;
    });
    redis.on('error', (err: Error) => {
      if (this.up[name] && !this.closed) {
        this.log.warn({ err, connection: name }, 'chat bus: Redis connection lost; retrying');
      }
      this.up[name] = false;
    });
    redis.on('close', () => {
      this.up[name] = false;
    });
  }

  private receive(text: string) {
    let deliveries: unknown;
    try {
      deliveries = JSON.parse(text);
    } catch {
      this.log.warn('chat bus: a message on the channel is not JSON; ignored');
      return;
    }
    if (!Array.isArray(deliveries)) {
      this.log.warn('chat bus: a message on the channel is not a batch; ignored');
      return;
    }
    // Only instances of this server publish here, with the same code: the batch is trusted.
    fanOut(this.handlers, deliveries as Delivery[], this.log);
  }

  async publish(deliveries: Delivery[], log: FastifyBaseLogger = this.log): Promise<void> {
    if (deliveries.length === 0 || this.closed) return;
    try {
      // Only while the first connection is being made (a message sent in the first moments after
      // start): wait for it a little rather than drop the batch. Later outages fail at once.
      if (!this.up.pub && this.pub.status === 'connecting' && !this.connectedOnce) {
        await this.firstConnection(PUBLISH_TIMEOUT_MS);
      }
      await this.pub.publish(this.channel, JSON.stringify(deliveries));
    } catch (err) {
      log.warn({ err, frames: deliveries.length }, 'chat bus: publish failed; clients resume over REST');
    }
  }

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.all([this.pub, this.sub].map((redis) => quit(redis)));
  }
}

/** QUIT when Redis answers; otherwise (down, or slow) drop the connection and its retries. */
async function quit(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
    });
    try {
      await Promise.race([redis.quit().then(() => undefined), timeout]);
    } catch {
      // Falls through to disconnect.
    } finally {
      clearTimeout(timer);
    }
  }
  redis.disconnect();
}

/** The chat's bus: in this process without a Redis URL, Redis pub/sub with one. */
export function createBus(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  opts: { channel?: string } = {},
): ChatBus {
  return redisUrl ? new RedisBus(redisUrl, log, opts.channel) : new MemoryBus(log);
}
