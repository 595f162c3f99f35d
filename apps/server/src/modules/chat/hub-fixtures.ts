import {
  CLIENT_FRAME_TYPES,
  ClientFrameSchema,
  ServerFrameSchema,
  type Actor,
  type ServerFrame,
} from '@cabinet/contract';
import fc from 'fast-check';
import type { FastifyBaseLogger } from 'fastify';
import type { HubSocket } from './connection';
import { Hub, type HubOptions } from './hub';
import type { ChatAccess, Delivery, OrderAudience, Principal } from './types';

/** A socket that records what the hub did to it. */
export class FakeSocket implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: ServerFrame[] = [];
  pings = 0;
  closed: { code: number; reason: string } | null = null;
  terminated = false;

  send(data: string): void {
    // Every frame the hub sends must be one the contract allows.
    this.sent.push(ServerFrameSchema.parse(JSON.parse(data)));
  }
  ping(): void {
    this.pings += 1;
  }
  close(code: number, reason: string): void {
    this.closed ??= { code, reason };
    this.readyState = 2;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
  /** Frames of one type. */
  of<T extends ServerFrame['type']>(type: T): Array<Extract<ServerFrame, { type: T }>> {
    return this.sent.filter((f): f is Extract<ServerFrame, { type: T }> => f.type === type);
  }
}

/** Orders 1..: customer 10 owns order 1 (author 20), customer 11 owns order 2 (no author). */
export class FakeAccess implements ChatAccess {
  readonly orders = new Map<number, Omit<OrderAudience, 'orderId'>>([
    [1, { customerId: 10, performerId: 20, lastId: 7 }],
    [2, { customerId: 11, performerId: null, lastId: 0 }],
  ]);
  calls = 0;
  failing = false;

  async access(p: Principal, orderId: number): Promise<OrderAudience | null> {
    this.calls += 1;
    if (this.failing) throw new Error('database down');
    const o = this.orders.get(orderId);
    if (!o) return null;
    const may =
      p.kind === 'customer' ? o.customerId === p.userId : p.role === 'manager' || o.performerId === p.staffId;
    return may ? { orderId, ...o } : null;
  }

  async actorOf(p: Principal): Promise<Actor> {
    return p.kind === 'customer'
      ? { role: 'customer', name: `Клиент ${p.userId}` }
      : { role: p.role, name: `Сотрудник ${p.staffId}` };
  }
}

const silent = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silent;
  },
} as unknown as FastifyBaseLogger; // a no-op logger: the hub only calls its level methods

/** A hub on a fake clock whose bus hands every batch straight back to it (one instance). */
export function makeHub(over: Partial<HubOptions> = {}) {
  const clock = { now: 1_000_000 };
  const access = new FakeAccess();
  const published: Delivery[][] = [];
  const hub: Hub = new Hub({
    access,
    bus: {
      async publish(deliveries) {
        published.push(deliveries);
        hub.deliver(deliveries);
      },
    },
    log: silent,
    heartbeatMs: 30_000,
    maxBufferBytes: 1024,
    now: () => clock.now,
    ...over,
  });
  const connect = (principal: Principal, ttlMs = 300_000) => {
    const ws = new FakeSocket();
    const conn = hub.add(ws, principal, clock.now + ttlMs);
    return { ws, conn };
  };
  return { hub, clock, access, published, connect };
}

export const customer = (userId: number): Principal => ({ kind: 'customer', userId });
export const author = (staffId: number): Principal => ({ kind: 'staff', staffId, role: 'performer' });
export const manager = (staffId: number): Principal => ({ kind: 'staff', staffId, role: 'manager' });

/** Text a client (or an attacker) may send: random text, any JSON, and near-misses of real frames. */
export const frameText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.json(),
  fc
    .record(
      {
        type: fc.oneof(
          fc.constantFrom(...CLIENT_FRAME_TYPES, 'message', 'ready', 'Ping', ''),
          fc.string(),
          fc.integer(),
          fc.constant(null),
        ),
        id: fc.oneof(fc.string({ maxLength: 70 }), fc.integer(), fc.constant(null)),
        payload: fc.oneof(
          fc.record(
            {
              order_id: fc.oneof(
                fc.integer({ min: -2, max: 3 }),
                fc.double(),
                fc.string(),
                fc.constant(null),
                fc.constant(1e300),
              ),
            },
            { requiredKeys: [] },
          ),
          fc.anything(),
        ),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
);

/** What the schema makes of a text: the frame, or the error code and echoed id the hub must answer. */
export function expectedAnswer(
  text: string,
): { valid: true } | { valid: false; code: 'invalid_frame' | 'unknown_type'; id: string | undefined } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { valid: false, code: 'invalid_frame', id: undefined };
  }
  if (ClientFrameSchema.safeParse(raw).success) return { valid: true };
  const obj =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  const unknown =
    obj !== null &&
    typeof obj.type === 'string' &&
    !(CLIENT_FRAME_TYPES as readonly string[]).includes(obj.type);
  const id =
    obj && typeof obj.id === 'string' && obj.id.length >= 1 && obj.id.length <= 64 ? obj.id : undefined;
  return { valid: false, code: unknown ? 'unknown_type' : 'invalid_frame', id };
}
