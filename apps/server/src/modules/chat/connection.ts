import { CLIENT_FRAME_TYPES } from '@cabinet/contract';
import type { Principal } from './types';

/**
 * One socket of the hub (hub.ts) and what it reads of a client's raw frame before the schema: the
 * socket's state kept small, since the bench holds a thousand of them.
 */

/** What the hub needs of a socket (`ws`'s WebSocket; a fake in unit tests). */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** `readyState` of an open socket. */
export const OPEN = 1;

/** One socket of this instance. Kept small: the bench holds a thousand of them. */
export class Connection {
  /** Pong seen since the last ping. */
  alive = true;
  /** When close() was asked (a slow consumer): terminated at the next heartbeat if still there. */
  closingAt = 0;
  /** Orders whose typing this socket receives; created on the first subscribe. */
  subscriptions: Set<number> | null = null;
  /** The last typing frame relayed per order; created on the first one. */
  typingAt: Map<number, number> | null = null;
  /** The frame-rate bucket: frames the socket may still send, as of `refilledAt`. */
  tokens: number;
  refilledAt: number;
  /** When the socket was last told `rate_limited`. */
  notifiedLimitAt = 0;

  constructor(
    /** Unique over every instance: it travels on the bus in `exceptSocket`. */
    readonly id: string,
    readonly ws: HubSocket,
    readonly principal: Principal,
    /** When the access token expires (ms): the socket is closed 4401 then. */
    readonly expiresAt: number,
    burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.refilledAt = now;
  }
}

/** The `id` a client gave its frame, when it is one the answer may echo. */
export function frameIdOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'string' && id.length >= 1 && id.length <= 64 ? id : undefined;
}

/** False when the frame names a type this server does not have: `unknown_type`, not `invalid_frame`. */
export function isKnownType(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return true;
  const type = (raw as { type?: unknown }).type;
  return typeof type !== 'string' || (CLIENT_FRAME_TYPES as readonly string[]).includes(type);
}
