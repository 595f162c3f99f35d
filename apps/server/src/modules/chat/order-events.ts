import { ORDER_EVENT_KINDS, type OrderEventKind, type ServerFrame } from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { orderPeople } from './repo';
import { recipientsOf, type ChatBus, type Delivery, type Recipient } from './types';

/**
 * Order events on the chat's socket (ADR 026): after a change to an order is committed, one
 * `order` frame — the order's id and what kinds of thing changed — goes to the order's customer,
 * its author and every manager, through the chat's bus (Redis between instances). The frame is a
 * notice, not the data: each client reads again its own face of what changed.
 */
export interface OrderChanges {
  /**
   * Tells everyone concerned that the order changed. Call it after the transaction that changed the
   * order has committed (a client that reads at once must see the change). `formerAuthor`: an
   * author the order was just taken from, told too so that their screens let it go. Never throws:
   * a lost notice is late, not lost — clients read everything again after a reconnect. `log`: where
   * a notice that was not sent is told; see {@link changesLoggedTo}.
   */
  changed(orderId: number, kinds: readonly OrderEventKind[], opts?: OrderChangeOptions): Promise<void>;
}

export interface OrderChangeOptions {
  formerAuthor?: number | null;
  log?: FastifyBaseLogger;
}

/**
 * The same notices, with a failure told to `log`: a request's logger, so that the line carries the
 * request's id (ADR 034). A request that changes orders hands this to the code it calls.
 */
export function changesLoggedTo(events: OrderChanges, log: FastifyBaseLogger): OrderChanges {
  return { changed: (orderId, kinds, opts) => events.changed(orderId, kinds, { ...opts, log }) };
}

/** The kinds once each, in the contract's order (a stable frame for the same change). */
export function orderFrame(orderId: number, kinds: readonly OrderEventKind[]): ServerFrame {
  return {
    type: 'order',
    payload: { order_id: orderId, kinds: ORDER_EVENT_KINDS.filter((k) => kinds.includes(k)) },
  };
}

export class OrderEvents implements OrderChanges {
  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      bus: Pick<ChatBus, 'publish'>;
      log: FastifyBaseLogger;
    },
  ) {}

  async changed(
    orderId: number,
    kinds: readonly OrderEventKind[],
    opts: OrderChangeOptions = {},
  ): Promise<void> {
    if (kinds.length === 0) return;
    const log = opts.log ?? this.deps.log;
    try {
      // Read after the commit: the author is the one the order has now.
      const order = await orderPeople(this.deps.db, orderId);
      if (!order) return;
      const { customer, staff } = recipientsOf({
        customerId: order.user_id,
        performerId: order.performer_id,
      });
      const to: Recipient[] = [customer, ...staff];
      const former = opts.formerAuthor;
      if (former != null && former !== order.performer_id) to.push({ staff: former });
      const frame = orderFrame(orderId, kinds);
      await this.deps.bus.publish(
        to.map((r): Delivery => ({ to: r, frame })),
        log,
      );
    } catch (err) {
      log.error({ err, orderId }, 'order events: a notice was not sent');
    }
  }
}
