import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Whether a customer has a chat socket open anywhere: a staff message to one who has none is
 * pushed (ADR 044). The hub tells its presence when a customer's first socket on this instance
 * opens and when the last one closes.
 */
export interface Presence {
  changed(userId: number, online: boolean): void;
  /** True when a socket is open here or (with Redis) on another instance. Never throws. */
  isOnline(userId: number): Promise<boolean>;
  close(): Promise<void>;
}

/** One instance (no REDIS_URL, so no other instance shares the sockets' bus): its own sockets. */
export class LocalPresence implements Presence {
  protected readonly online = new Set<number>();

  changed(userId: number, online: boolean): void {
    if (online) this.online.add(userId);
    else this.online.delete(userId);
  }

  async isOnline(userId: number): Promise<boolean> {
    return this.online.has(userId);
  }

  async close(): Promise<void> {
    this.online.clear();
  }
}

/** A field of an instance in a customer's hash outlives the instance by at most this. */
const TTL_MS = 60_000;
const REFRESH_MS = TTL_MS / 3;
/** A push decision waits this long for Redis at most, then pushes (redundant rather than lost). */
const COMMAND_TIMEOUT_MS = 500;
const KEY_PREFIX = 'cabinet:presence:';

/**
 * Several instances: a hash per customer online, a field per instance holding the time its claim
 * runs out, refreshed every REFRESH_MS while the instance holds a socket of theirs, and removed when
 * the last one closes. An instance that dies leaves fields that expire within TTL_MS (each field's
 * time is checked; the key's own expiry clears the hash). With Redis away the answer is «offline»:
 * a customer who was looking may get a push they did not need, nobody misses one.
 */
export class RedisPresence extends LocalPresence {
  private readonly redis: Redis;
  private readonly instance = randomBytes(6).toString('base64url');
  private readonly timer: NodeJS.Timeout;
  private up = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: (times: number) => Math.min(times * 100, 1_000),
    });
    this.redis.on('ready', () => {
      this.up = true;
      // Back after an outage: claim again every customer held here.
      this.refresh();
    });
    this.redis.on('error', (err: Error) => {
      if (this.up) this.log.warn({ err }, 'chat presence: Redis connection lost; retrying');
      this.up = false;
    });
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  override changed(userId: number, online: boolean): void {
    super.changed(userId, online);
    const key = KEY_PREFIX + userId;
    const write = online
      ? this.redis
          .multi()
          .hset(key, this.instance, String(Date.now() + TTL_MS))
          .pexpire(key, TTL_MS)
          .exec()
      : this.redis.hdel(key, this.instance);
    write.catch((err: unknown) => this.log.debug({ err }, 'chat presence: not written'));
  }

  override async isOnline(userId: number): Promise<boolean> {
    if (await super.isOnline(userId)) return true;
    try {
      const until = await this.redis.hvals(KEY_PREFIX + userId);
      const now = Date.now();
      return until.some((t) => Number(t) > now);
    } catch (err) {
      this.log.debug({ err }, 'chat presence: not read; counted offline');
      return false;
    }
  }

  private refresh(): void {
    if (this.online.size === 0) return;
    const until = String(Date.now() + TTL_MS);
    const batch = this.redis.pipeline();
    for (const userId of this.online) {
      batch.hset(KEY_PREFIX + userId, this.instance, until).pexpire(KEY_PREFIX + userId, TTL_MS);
    }
    batch.exec().catch((err: unknown) => this.log.debug({ err }, 'chat presence: not refreshed'));
  }

  override async close(): Promise<void> {
    clearInterval(this.timer);
    const held = [...this.online];
    await super.close();
    try {
      if (held.length > 0 && this.up) {
        const batch = this.redis.pipeline();
        for (const userId of held) batch.hdel(KEY_PREFIX + userId, this.instance);
        await batch.exec();
      }
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

export function createPresence(redisUrl: string | undefined, log: FastifyBaseLogger): Presence {
  return redisUrl ? new RedisPresence(redisUrl, log) : new LocalPresence();
}
