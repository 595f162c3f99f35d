import rateLimit, { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { authMessages, canonicalIntlPhone } from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { hmacSha256 } from '../lib/crypto';
import { HttpError, errorMessages } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/** One fixed window of a key: the count after this hit and the milliseconds until it closes. */
interface Hit {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counters behind every limit: the per-route request limits of @fastify/rate-limit
 * and the sign-in failures reserved before a password is checked. A window opens with its first
 * hit and lasts `windowMs`; later hits never extend it.
 */
export interface LimitStore {
  /** Adds one and returns the count in one atomic step, so parallel callers see distinct counts. */
  incr(key: string, windowMs: number): Promise<Hit>;
  /** Takes back one hit (a reservation that turned out not to be a failure); never below zero. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Resolves when the store answers (readiness, GET /readyz); else rejects. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && w.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  async incr(key: string, windowMs: number): Promise<Hit> {
    const w = this.current(key) ?? { count: 0, endsAt: this.now() + windowMs };
    w.count += 1;
    this.windows.set(key, w);
    // Keeps a flood of distinct keys (spoofed e-mails) from growing the map without bound; an LRU
    // would instead let that flood evict the counter of the account under attack.
    if (this.windows.size > 100_000) this.sweep();
    return { count: w.count, ttlMs: w.endsAt - this.now() };
  }

  async release(key: string): Promise<void> {
    const w = this.current(key);
    if (w && w.count > 0) w.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep() {
    const now = this.now();
    for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
  }
}

// INCR and the expiry of a new window in one script, so no instance sees a window without a TTL.
const INCR_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Redis out of reach behind a limit (ADR 041): a 503 the client may repeat, in Russian, not a 500.
 * A limit that cannot be counted refuses — sign-in guesses must not go uncounted for an outage's
 * length — except where the caller decides otherwise (a chat message goes through, chat/routes.ts).
 */
export class LimitStoreUnavailable extends HttpError {
  constructor(cause: unknown) {
    super(503, errorMessages.serviceUnavailable, undefined, { 'retry-after': '5' });
    this.cause = cause;
  }
}

/** Shared by every server instance, so the limits hold behind a load balancer. */
export class RedisLimitStore implements LimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'cabinet:limit:',
  ) {}

  /** Runs a command; any failure of Redis becomes a {@link LimitStoreUnavailable}. */
  private async command<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw new LimitStoreUnavailable(err);
    }
  }

  async incr(key: string, windowMs: number): Promise<Hit> {
    const [count, ttlMs] = (await this.command(() =>
      this.redis.eval(INCR_SCRIPT, 1, this.prefix + key, windowMs),
    )) as [number, number];
    return { count, ttlMs };
  }

  async release(key: string): Promise<void> {
    await this.command(() => this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key));
  }

  async reset(key: string): Promise<void> {
    await this.command(() => this.redis.del(this.prefix + key));
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/**
 * A command waits this long at most: while Redis is away ioredis queues commands until its
 * reconnects give up on them, which held every sign-in and chat message ~4 s (ADR 041).
 */
const COMMAND_TIMEOUT_MS = 1_000;

export function createRedis(url: string, onError: (err: Error) => void): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Reconnects at most a second apart (ioredis's default grows to 2 s), as the chat bus's do:
    // the limits, and /readyz, are back within a second of Redis.
    retryStrategy: (times: number) => Math.min(times * 100, 1_000),
  });
  // Without a listener an unreachable Redis would crash the process with an unhandled 'error'.
  redis.on('error', onError);
  return redis;
}

/** Hands our store to @fastify/rate-limit; every route limit shares it (keys carry the route's name). */
function pluginStore(store: LimitStore): FastifyRateLimitStoreCtor {
  return class {
    incr(
      key: string,
      done: (err: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      store.incr(key, windowMs).then(
        (hit) => done(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: Error) => done(err),
      );
    }

    child() {
      return this;
    }
  };
}

const tooManyAttempts = (ttlMs: number, message: string = authMessages.tooManyAttempts) =>
  new HttpError(429, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What one address or number may receive from all senders together (ADR 009, «Per recipient»):
 * the per-sender limits let a crowd of fresh accounts aim at one victim.
 */
export const RECIPIENT_LIMITS = {
  /** Friend invitations to one e-mail address or phone number a day. */
  invitesPerDay: 3,
  /** Verification SMS to one number an hour, and a day. */
  smsPerHour: 5,
  smsPerDay: 10,
} as const;

/** A recipient's channel: an e-mail address or a phone number. */
export type RecipientKind = 'email' | 'phone';

/**
 * The one spelling of a recipient a counter is kept under, so that «Ivan@Mail.ru » and
 * «ivan@mail.ru», or «8 916 123-45-67» and «+79161234567», share it: an e-mail trimmed and
 * lower-cased, a phone as E.164 (the contract's canonicalIntlPhone, the stored form of phones).
 */
export function recipientOf(kind: RecipientKind, value: string): string {
  const text = value.trim();
  if (kind === 'email') return text.toLowerCase();
  return canonicalIntlPhone(text) ?? text.replace(/[^\d+]/g, '');
}

/** Failures reserved up front: kept when the attempt fails, given back when it succeeds. */
interface Reservation {
  /** Failures still allowed after this one (the least over its limits); 0: the next is refused. */
  remaining: number;
  /** Gives back the hits of these limits (the attempt was not a failure). */
  release(): Promise<void>;
  /** Clears these limits altogether (the owner has proved themselves). */
  reset(): Promise<void>;
}

/** Who is signing in: the client's address and the accounts its device cookie names, if any. */
export interface SignInClient {
  ip: string;
  device?: { id: string; accounts: number[] };
}

/** A sign-in attempt whose failure is reserved (see `reserveSignIn`). */
export interface SignInAttempt {
  /** Failures still allowed after this one; 0: the next is refused. */
  remaining: number;
  /** The attempt succeeded: gives back or clears what it reserved. */
  succeeded(): Promise<void>;
}

/** What a route limits by besides the client's address, read from its validated body. */
interface RouteLimitOptions<Body> {
  /** The address the request acts on (counted per address, hashed); none: per IP only. */
  target?: (body: Body) => string | undefined;
  /** Limits only the requests this says yes to (the code branch of the sign-in route). */
  when?: (body: Body) => boolean;
  /** Requests per IP in the window: RATE_MAX_PER_IP unless the route sets its own. */
  maxPerIp?: number;
}

export class RateLimits {
  constructor(
    private readonly app: FastifyInstance,
    readonly store: LimitStore,
  ) {}

  private get config() {
    return this.app.config;
  }

  /** Hashed so that the counter store (Redis) holds no e-mail addresses. */
  emailKey(scope: string, email: string): string {
    return `${scope}:email:${hmacSha256(this.config.JWT_SECRET, `limit:${email.toLowerCase()}`)}`;
  }

  /** An IPv6 client counts by its /64, which is what one customer line gets. */
  ipKey(scope: string, ip: string): string {
    return `${scope}:ip:${normalizeIP(ip)}`;
  }

  /** A recipient's counter, keyed by the HMAC of its normalised spelling (no addresses in Redis). */
  recipientKey(scope: string, kind: RecipientKind, value: string): string {
    const normal = recipientOf(kind, value);
    return `${scope}:${kind}:${hmacSha256(this.config.JWT_SECRET, `limit:${kind}:${normal}`)}`;
  }

  /**
   * One friend invitation to this address or number, from whoever sends it: at most
   * RECIPIENT_LIMITS.invitesPerDay in 24 hours, else 429. Release it when nothing was sent.
   */
  invitationTo(kind: RecipientKind, value: string, message: string): Promise<Reservation> {
    const key = this.recipientKey('invite-to', kind, value);
    return this.reserve([{ key, max: RECIPIENT_LIMITS.invitesPerDay, windowMs: DAY_MS }], message);
  }

  /**
   * One verification SMS to this number, whatever the account asking: at most
   * RECIPIENT_LIMITS.smsPerHour an hour and smsPerDay a day, else 429. Release it when no SMS went.
   */
  verificationSmsTo(phone: string, message: string): Promise<Reservation> {
    return this.reserve(
      [
        {
          key: this.recipientKey('sms-to:hour', 'phone', phone),
          max: RECIPIENT_LIMITS.smsPerHour,
          windowMs: HOUR_MS,
        },
        {
          key: this.recipientKey('sms-to:day', 'phone', phone),
          max: RECIPIENT_LIMITS.smsPerDay,
          windowMs: DAY_MS,
        },
      ],
      message,
    );
  }

  /**
   * One account created from this client address: at most REGISTRATIONS_PER_IP_HOUR an hour, else
   * 429. Release it when the registration made no account (an address already taken).
   */
  registrationFrom(ip: string): Promise<Reservation> {
    return this.reserve([
      { key: this.ipKey('accounts', ip), max: this.config.REGISTRATIONS_PER_IP_HOUR, windowMs: HOUR_MS },
    ]);
  }

  /**
   * Reserves one attempt against every limit in one go, before anything is verified, so that N
   * parallel attempts verify at most the limit. Over any limit: 429 with Retry-After (and the
   * message, by default «too many attempts»), and the hits taken are given back, since nothing
   * was tried.
   */
  async reserve(limits: Limit[], message?: string): Promise<Reservation> {
    const taken: Limit[] = [];
    let remaining = Number.POSITIVE_INFINITY;
    for (const limit of limits) {
      const hit = await this.store.incr(limit.key, limit.windowMs);
      taken.push(limit);
      if (hit.count > limit.max) {
        await Promise.all(taken.map((l) => this.store.release(l.key)));
        throw tooManyAttempts(hit.ttlMs, message);
      }
      remaining = Math.min(remaining, limit.max - hit.count);
    }
    return {
      remaining: Number.isFinite(remaining) ? remaining : 0,
      release: async () => {
        await Promise.all(taken.map((l) => this.store.release(l.key)));
      },
      reset: async () => {
        await Promise.all(taken.map((l) => this.store.reset(l.key)));
      },
    };
  }

  /**
   * Reserves the failure of a sign-in (a password or an e-mailed code) before anything is verified
   * (429 with Retry-After when none is left), so that parallel guesses verify at most the limit; a
   * failed attempt keeps its reservation. `scope` keeps the counters of customers and staff apart,
   * and `accountId` is the account the e-mail names, if any (ADR 009).
   */
  async reserveSignIn(
    scope: string,
    email: string,
    accountId: number | undefined,
    client: SignInClient,
  ): Promise<SignInAttempt> {
    const config = this.config;
    const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
    // A browser that signed in to this account before guesses against its own budget only: a
    // stranger's failures neither lock the owner out nor get reset by the owner's sign-in.
    if (accountId !== undefined && client.device?.accounts.includes(accountId)) {
      const key = `${scope}:device:${client.device.id}`;
      const reservation = await this.reserve([{ key, max: config.LOGIN_MAX_FAILS_PER_DEVICE, windowMs }]);
      return { remaining: reservation.remaining, succeeded: () => reservation.reset() };
    }
    const emailKey = this.emailKey(scope, email);
    const reservation = await this.reserve([
      { key: emailKey, max: config.LOGIN_MAX_FAILS_PER_EMAIL, windowMs },
      { key: this.ipKey(scope, client.ip), max: config.LOGIN_MAX_FAILS_PER_IP, windowMs },
    ]);
    // The owner has proved themselves: the e-mail's failures are forgotten, while the address only
    // gets this attempt back, since others behind it may be guessing.
    return {
      remaining: reservation.remaining,
      succeeded: async () => {
        await reservation.release();
        await this.store.reset(emailKey);
      },
    };
  }

  /**
   * A preHandler (after validation, before the handler's work such as argon2) counting the
   * request per client IP and per target address through @fastify/rate-limit.
   */
  route<Body = unknown>(scope: string, opts: RouteLimitOptions<Body> = {}): preHandlerAsyncHookHandler {
    const timeWindow = this.config.RATE_WINDOW_MINUTES * 60_000;
    // The route's schema has validated the body by the time a preHandler runs.
    const targetOf = (request: FastifyRequest) => opts.target?.(request.body as Body);
    const byIp = this.app.createRateLimit({
      max: opts.maxPerIp ?? this.config.RATE_MAX_PER_IP,
      timeWindow,
      keyGenerator: (request) => this.ipKey(`rate:${scope}`, request.ip),
    });
    const byTarget = this.app.createRateLimit({
      max: this.config.RATE_MAX_PER_EMAIL,
      timeWindow,
      keyGenerator: (request) => this.emailKey(`rate:${scope}`, targetOf(request) ?? ''),
    });
    return async (request) => {
      if (opts.when && !opts.when(request.body as Body)) return;
      const checks = targetOf(request) ? [byIp, byTarget] : [byIp];
      for (const check of checks) {
        const r = await check(request);
        if (!r.isAllowed && r.isExceeded) throw tooManyAttempts(r.ttl);
      }
    };
  }
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    const store: LimitStore = app.config.REDIS_URL
      ? new RedisLimitStore(createRedis(app.config.REDIS_URL, (err) => app.log.error({ err }, 'redis error')))
      : new MemoryLimitStore();
    // Only the routes that ask for a limit get one (`app.rateLimits.route`); the rest are unlimited.
    await app.register(rateLimit, { global: false, store: pluginStore(store) });
    app.decorate('rateLimits', new RateLimits(app, store));
    app.addHook('onClose', async () => store.close());
  },
  { name: 'rate-limits' },
);
