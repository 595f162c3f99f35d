import {
  CHAT_CLOSE,
  CHAT_TYPING_THROTTLE_MS,
  ClientFrameSchema,
  chatMessages,
  type ClientFrame,
  type ServerFrame,
} from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { errorMessages } from '../../plugins/errors';
import {
  recipientsOf,
  type ChatAccess,
  type ChatBus,
  type Delivery,
  type Principal,
  type Recipient,
} from './types';
import { Connection, frameIdOf, isKnownType, OPEN, type HubSocket } from './connection';

export interface HubOptions {
  access: ChatAccess;
  bus: Pick<ChatBus, 'publish'>;
  log: FastifyBaseLogger;
  /** Protocol ping interval; a socket that has not answered the previous ping is dropped. */
  heartbeatMs: number;
  /** A socket whose unsent output is over this is closed 4408 instead of buffered further. */
  maxBufferBytes: number;
  now?: () => number;
  /** Incoming frames a socket may send: a bucket of `burst` refilled at `perSecond`. */
  frameRate?: { perSecond: number; burst: number };
  /** Told when a customer's first socket here opens (true) and their last one closes (false). */
  onCustomer?: (userId: number, online: boolean) => void;
}

/**
 * One customer's sockets on one instance at most: a socket per open tab, so only a runaway (a
 * script, a tab reopened in a loop) gets past it. The 21st closes the oldest with 4429, which the
 * web client does not answer by reconnecting (ADR 017).
 */
export const MAX_SOCKETS_PER_CUSTOMER = 20;
/** One socket's subscriptions at most; a client subscribes to the chat it shows. */
export const MAX_SUBSCRIPTIONS = 50;
/** Typing frames of one socket for one order closer than this are dropped (the client sends one per 2.5 s). */
export const TYPING_MIN_INTERVAL_MS = Math.floor(CHAT_TYPING_THROTTLE_MS / 2);
const DEFAULT_FRAME_RATE = { perSecond: 20, burst: 40 };
/** How often a socket over its frame rate is told so (the frames themselves are dropped). */
const RATE_NOTICE_INTERVAL_MS = 1_000;
const EXPIRY_TICK_MS = 1_000;

type ErrorCode = Extract<ServerFrame, { type: 'error' }>['payload']['code'];

const errorTexts: Record<ErrorCode, string> = {
  invalid_frame: chatMessages.frameInvalid,
  unknown_type: chatMessages.unknownType,
  too_big: chatMessages.frameTooBig,
  not_found: chatMessages.orderNotFound,
  rate_limited: chatMessages.tooManyFrames,
  internal: errorMessages.internal,
};

/**
 * The sockets of this instance: who they belong to, what they subscribed to, frames in and out.
 * Every instance's hub receives every batch from the bus and hands each frame to its own sockets
 * of the recipient; the socket route only authenticates and attaches sockets here.
 */
export class Hub {
  private readonly byCustomer = new Map<number, Set<Connection>>();
  private readonly byStaff = new Map<number, Set<Connection>>();
  private readonly managers = new Set<Connection>();
  private readonly all = new Set<Connection>();
  /** Sockets by the second their token expires. */
  private readonly expiries = new Map<number, Set<Connection>>();
  private readonly instance = randomBytes(6).toString('base64url');
  private counter = 0;
  /** Set while closeAll waits for the last socket to go. */
  private onEmpty: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private readonly frameRate: { perSecond: number; burst: number };

  constructor(private readonly opts: HubOptions) {
    this.now = opts.now ?? Date.now;
    this.frameRate = opts.frameRate ?? DEFAULT_FRAME_RATE;
  }

  get size(): number {
    return this.all.size;
  }

  /** Starts the shared timers: one heartbeat and one expiry check for all sockets. */
  start(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.beat(), this.opts.heartbeatMs);
    this.heartbeat.unref();
    this.expiryTimer = setInterval(() => this.expire(), EXPIRY_TICK_MS);
    this.expiryTimer.unref();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.expiryTimer) clearInterval(this.expiryTimer);
    this.heartbeat = null;
    this.expiryTimer = null;
  }

  /**
   * Attaches an authenticated socket and greets it with `ready`; a customer's socket over
   * MAX_SOCKETS_PER_CUSTOMER closes that customer's oldest one.
   */
  add(ws: HubSocket, principal: Principal, expiresAt: number): Connection {
    if (principal.kind === 'customer') this.makeRoomFor(principal.userId);
    this.counter += 1;
    const conn = new Connection(
      `${this.instance}.${this.counter.toString(36)}`,
      ws,
      principal,
      expiresAt,
      this.frameRate.burst,
      this.now(),
    );
    this.all.add(conn);
    if (principal.kind === 'customer') {
      const first = !this.byCustomer.has(principal.userId);
      addTo(this.byCustomer, principal.userId, conn);
      if (first) this.opts.onCustomer?.(principal.userId, true);
    } else {
      addTo(this.byStaff, principal.staffId, conn);
      if (principal.role === 'manager') this.managers.add(conn);
    }
    addTo(this.expiries, Math.floor(expiresAt / 1000), conn);
    this.send(conn, {
      type: 'ready',
      payload: {
        role: principal.kind === 'customer' ? 'customer' : principal.role,
        expires_at: new Date(expiresAt).toISOString(),
      },
    });
    return conn;
  }

  /** Closes the customer's oldest sockets until one more fits (a Set keeps insertion order). */
  private makeRoomFor(userId: number): void {
    const own = this.byCustomer.get(userId);
    while (own && own.size >= MAX_SOCKETS_PER_CUSTOMER) {
      const oldest = own.values().next().value as Connection;
      this.opts.log.info({ socket: oldest.id }, 'chat socket: oldest of too many closed');
      oldest.ws.close(CHAT_CLOSE.tooManySockets, 'too many sockets');
      this.remove(oldest);
    }
  }

  /** Detaches a closed socket. */
  remove(conn: Connection): void {
    if (!this.all.delete(conn)) return;
    const p = conn.principal;
    if (p.kind === 'customer') {
      removeFrom(this.byCustomer, p.userId, conn);
      if (!this.byCustomer.has(p.userId)) this.opts.onCustomer?.(p.userId, false);
    } else {
      removeFrom(this.byStaff, p.staffId, conn);
      this.managers.delete(conn);
    }
    removeFrom(this.expiries, Math.floor(conn.expiresAt / 1000), conn);
    if (this.all.size === 0) this.onEmpty?.();
  }

  pong(conn: Connection): void {
    conn.alive = true;
  }

  /** One incoming frame. Never throws: whatever is wrong is answered with an `error` frame. */
  async handleMessage(conn: Connection, data: string | Buffer, isBinary = false): Promise<void> {
    if (!this.admit(conn)) return;
    let raw: unknown;
    try {
      if (isBinary) throw new Error('binary frame');
      raw = JSON.parse(typeof data === 'string' ? data : data.toString('utf8'));
    } catch {
      this.error(conn, 'invalid_frame');
      return;
    }
    const parsed = ClientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      this.error(conn, isKnownType(raw) ? 'invalid_frame' : 'unknown_type', frameIdOf(raw));
      return;
    }
    try {
      await this.dispatch(conn, parsed.data);
    } catch (err) {
      this.opts.log.error({ err, frame: parsed.data.type }, 'chat socket: a frame failed');
      this.error(conn, 'internal', parsed.data.id);
    }
  }

  private async dispatch(conn: Connection, frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case 'ping':
        this.send(conn, { type: 'pong', id: frame.id, payload: {} });
        return;
      case 'subscribe': {
        const orderId = frame.payload.order_id;
        const audience = await this.opts.access.access(conn.principal, orderId);
        if (!audience) {
          this.error(conn, 'not_found', frame.id);
          return;
        }
        conn.subscriptions ??= new Set();
        conn.subscriptions.delete(orderId);
        if (conn.subscriptions.size >= MAX_SUBSCRIPTIONS) {
          // The oldest goes: a client shows one chat at a time, so it is long out of view.
          const oldest = conn.subscriptions.values().next().value as number;
          conn.subscriptions.delete(oldest);
          conn.typingAt?.delete(oldest);
        }
        conn.subscriptions.add(orderId);
        this.send(conn, {
          type: 'subscribed',
          id: frame.id,
          payload: { order_id: orderId, last_id: audience.lastId },
        });
        return;
      }
      case 'unsubscribe':
        conn.subscriptions?.delete(frame.payload.order_id);
        conn.typingAt?.delete(frame.payload.order_id);
        return;
      case 'typing':
        await this.typing(conn, frame.payload.order_id, frame.id);
        return;
    }
  }

  private async typing(conn: Connection, orderId: number, id: string | undefined): Promise<void> {
    if (!conn.subscriptions?.has(orderId)) {
      this.error(conn, 'not_found', id);
      return;
    }
    const now = this.now();
    const last = conn.typingAt?.get(orderId);
    if (last !== undefined && now - last < TYPING_MIN_INTERVAL_MS) return;
    conn.typingAt ??= new Map();
    conn.typingAt.set(orderId, now);
    // Asked again, not remembered from subscribe: the order's author may have changed since, or
    // the principal lost the order.
    const audience = await this.opts.access.access(conn.principal, orderId);
    if (!audience) {
      conn.subscriptions.delete(orderId);
      this.error(conn, 'not_found', id);
      return;
    }
    const author = await this.opts.access.actorOf(conn.principal);
    const frame: ServerFrame = { type: 'typing', payload: { order_id: orderId, author } };
    const { customer, staff } = recipientsOf(audience);
    const p = conn.principal;
    // Nobody is told their own typing: not the customer's other tabs, not the typing author's.
    const to: Recipient[] =
      p.kind === 'customer'
        ? staff
        : [customer, ...staff.filter((r) => !('staff' in r && r.staff === p.staffId))];
    await this.opts.bus.publish(
      to.map((r): Delivery => ({ to: r, frame, subscribedTo: orderId, exceptSocket: conn.id })),
    );
  }

  /** Hands a batch from the bus to this instance's sockets of each recipient. */
  deliver(deliveries: Delivery[]): void {
    for (const d of deliveries) {
      const targets = this.socketsOf(d.to);
      if (!targets || targets.size === 0) continue;
      let text: string | undefined;
      for (const conn of targets) {
        if (d.exceptSocket === conn.id) continue;
        if (d.subscribedTo !== undefined && !conn.subscriptions?.has(d.subscribedTo)) continue;
        text ??= JSON.stringify(d.frame);
        this.sendText(conn, text);
      }
    }
  }

  private socketsOf(to: Recipient): Set<Connection> | undefined {
    if ('customer' in to) return this.byCustomer.get(to.customer);
    if ('staff' in to) return this.byStaff.get(to.staff);
    return this.managers;
  }

  send(conn: Connection, frame: ServerFrame): void {
    this.sendText(conn, JSON.stringify(frame));
  }

  /**
   * Sends unless the socket is closing or its output has piled up past the limit: a reader that
   * slow is closed 4408 (it reconnects and resumes over REST) rather than held in memory.
   */
  private sendText(conn: Connection, text: string): void {
    const ws = conn.ws;
    if (ws.readyState !== OPEN || conn.closingAt) return;
    if (ws.bufferedAmount > this.opts.maxBufferBytes) {
      this.opts.log.warn({ socket: conn.id }, 'chat socket: slow consumer closed');
      conn.closingAt = this.now();
      ws.close(CHAT_CLOSE.slowConsumer, 'slow consumer');
      return;
    }
    ws.send(text);
  }

  private error(conn: Connection, code: ErrorCode, id?: string): void {
    this.send(conn, {
      type: 'error',
      ...(id === undefined ? {} : { id }),
      payload: { code, message: errorTexts[code] },
    });
  }

  /** A token bucket per socket; over it, frames are dropped and the client told once a second. */
  private admit(conn: Connection): boolean {
    const now = this.now();
    const { perSecond, burst } = this.frameRate;
    conn.tokens = Math.min(burst, conn.tokens + ((now - conn.refilledAt) / 1000) * perSecond);
    conn.refilledAt = now;
    if (conn.tokens >= 1) {
      conn.tokens -= 1;
      return true;
    }
    if (now - conn.notifiedLimitAt >= RATE_NOTICE_INTERVAL_MS) {
      conn.notifiedLimitAt = now;
      this.error(conn, 'rate_limited');
    }
    return false;
  }

  /** The shared heartbeat: drops sockets that missed the last ping, or did not close when asked. */
  beat(): void {
    for (const conn of this.all) {
      if (!conn.alive || conn.closingAt) {
        conn.ws.terminate();
        this.remove(conn);
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        conn.ws.terminate();
        this.remove(conn);
      }
    }
  }

  /** Closes (4401) the sockets whose token has expired by now. */
  expire(): void {
    const second = Math.floor(this.now() / 1000);
    for (const [at, conns] of this.expiries) {
      if (at > second) continue;
      for (const conn of conns) {
        if (conn.expiresAt > this.now()) continue;
        conn.ws.close(CHAT_CLOSE.unauthorized, 'token expired');
        this.remove(conn);
      }
    }
  }

  /**
   * Closes every socket (1001 on shutdown) and waits until the route has seen them all go, or
   * `graceMs` has passed; any left are terminated.
   */
  async closeAll(code: number, reason: string, graceMs: number): Promise<void> {
    const conns = [...this.all];
    for (const conn of conns) conn.ws.close(code, reason);
    if (this.all.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.onEmpty = resolve;
        timer = setTimeout(resolve, graceMs);
      });
      clearTimeout(timer);
      this.onEmpty = null;
    }
    for (const conn of conns) {
      if (this.all.has(conn)) conn.ws.terminate();
      this.remove(conn);
    }
  }
}

function addTo<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(conn);
}

function removeFrom<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}
