import type { Actor, ServerFrame } from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import type { Mailer } from '../../plugins/mailer';
import type { Presence } from './presence';

/**
 * The seams of the chat module: who a request or a socket belongs to, who an event goes
 * to, and the bus that carries events between instances. `service.ts` stores and decides;
 * `bus.ts` carries; `socket.ts` delivers to the sockets of this instance.
 */

/** Who reads or writes: a customer, or a staff member with their role. */
export type Principal =
  { kind: 'customer'; userId: number } | { kind: 'staff'; staffId: number; role: 'manager' | 'performer' };

/** Whose sockets receive a frame. */
export type Recipient =
  /** Every socket of this customer. */
  | { customer: number }
  /** Every socket of this staff member (the order's author). */
  | { staff: number }
  /** Every manager's socket (a manager sees every order). */
  | { managers: true };

/** One frame for one recipient. Customer and staff receive different faces of the same message. */
export interface Delivery {
  to: Recipient;
  frame: ServerFrame;
  /** Only sockets that sent `subscribe` for this order (typing). */
  subscribedTo?: number;
  /** Not to this socket (the typer's own); a socket id of `socket.ts`. */
  exceptSocket?: string;
}

/**
 * Carries deliveries to every instance, this one included. In-process without REDIS_URL, Redis
 * pub/sub with it: at most once — a subscriber that missed something catches up over REST from
 * the last id it saw.
 */
export interface ChatBus {
  /**
   * `log`: where a failure on the way is told, the publishing request's logger so that the line
   * carries its id (ADR 034); the bus's own without one.
   */
  publish(deliveries: Delivery[], log?: FastifyBaseLogger): Promise<void>;
  /** Called on every instance, this one included, for every published batch; returns an unsubscribe. */
  subscribe(handler: (deliveries: Delivery[]) => void): () => void;
  close(): Promise<void>;
}

/** Who may see an order's chat, resolved by the service for the socket's subscribe and typing. */
export interface OrderAudience {
  orderId: number;
  customerId: number;
  /** The assigned author, or null. */
  performerId: number | null;
  /** The newest message id of the order (0: none). */
  lastId: number;
}

/** The recipients of everything about an order: its customer, its author, every manager. */
export function recipientsOf(audience: Pick<OrderAudience, 'customerId' | 'performerId'>): {
  customer: Recipient;
  staff: Recipient[];
} {
  return {
    customer: { customer: audience.customerId },
    staff: [
      ...(audience.performerId === null ? [] : [{ staff: audience.performerId } as const]),
      { managers: true } as const,
    ],
  };
}

/** What the service gives the socket layer. */
export interface ChatAccess {
  /** The order's audience when the principal may see its chat, else null (answer: not_found). */
  access(principal: Principal, orderId: number): Promise<OrderAudience | null>;
  /** How the principal is shown to others (typing): «Автор Иван К.», «Менеджер Ольга», the customer. */
  actorOf(principal: Principal): Promise<Actor>;
}

/** What the chat service and its digest are built with. */
export interface ChatDeps {
  db: Kysely<DB>;
  config: Config;
  mailer: Mailer;
  bus: ChatBus;
  /** Who has a socket open, and the push queue to kick: without them (unit tests) nothing is pushed. */
  presence?: Presence;
  push?: { kick(): void };
}
