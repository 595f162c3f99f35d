import type { NotificationEvent, PushMessage } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { enqueueTelegram } from '../telegram';
import { careAnsweredPush, filesDeliveredPush, paymentPush, statusPush } from './messages';
import * as repo from './repo';
import { channelsFor } from './settings';

/**
 * What every producer of a customer's notification calls (ADR 044), inside its own transaction so
 * that the push is queued only if the change commits. The push goes to each of the customer's
 * subscriptions when their settings let this kind of event through; the e-mail of the same event
 * is the producer's, asked of {@link emailAllowed}. The queue delivers within a second (its poll),
 * or at once when the producer kicks it after the commit.
 */

export interface CustomerNotice {
  userId: number;
  event: NotificationEvent;
  push: PushMessage;
  /** At most one push a minute for this key (an order's chat). */
  throttleKey?: string;
}

const THROTTLE_MS = 60_000;

/**
 * Queues the push and the Telegram message (ADR 046) the customer's settings let through; resolves
 * to the number of deliveries queued (0: none, or not wanted): a push per subscription, one
 * message to a linked Telegram chat.
 */
export async function notify(trx: Kysely<DB>, notice: CustomerNotice): Promise<number> {
  const channels = await channelsFor(trx, notice.userId, notice.event);
  if (!channels.push && !channels.telegram) return 0;
  if (notice.throttleKey) {
    const now = nowIso();
    const since = nowIso(-THROTTLE_MS);
    if (!(await repo.takeThrottle(trx, notice.userId, notice.throttleKey, now, since))) return 0;
  }
  const pushes = channels.push ? await repo.enqueue(trx, notice.userId, JSON.stringify(notice.push)) : 0;
  const telegram = channels.telegram && (await enqueueTelegram(trx, notice.userId, notice.push)) ? 1 : 0;
  return pushes + telegram;
}

/** Whether the customer takes e-mail about this kind of event (the spec's `email_delivery` too). */
export async function emailAllowed(
  trx: Kysely<DB>,
  userId: number,
  event: NotificationEvent,
): Promise<boolean> {
  return (await channelsFor(trx, userId, event)).email;
}

/**
 * An order moved, by staff or by the service: its customer hears of it. A delivery of final files
 * is a `files` event; a move that a payment made is told as the payment (payments' own notice).
 */
export async function notifyOrderMoved(
  trx: Kysely<DB>,
  orderId: number,
  statusId: number,
  kind: string,
): Promise<void> {
  if (kind === 'paid') return;
  const userId = await repo.orderCustomer(trx, orderId);
  if (userId === undefined) return;
  await notify(
    trx,
    kind === 'file_delivered'
      ? { userId, event: 'files', push: filesDeliveredPush(orderId) }
      : { userId, event: 'status', push: statusPush(orderId, statusId) },
  );
}

/** Staff answered a care request (a question or a complaint): told as a message of the order. */
export async function notifyCareAnswered(trx: Kysely<DB>, orderId: number, closed: boolean): Promise<void> {
  const userId = await repo.orderCustomer(trx, orderId);
  if (userId === undefined) return;
  await notify(trx, { userId, event: 'message', push: careAnsweredPush(orderId, closed) });
}

/** A payment settled or was declined. `orderId`: the one order it paid, if one. */
export async function notifyPayment(
  trx: Kysely<DB>,
  payment: { userId: number; settled: boolean; title: string; amount: number; orderId: number | null },
): Promise<void> {
  await notify(trx, {
    userId: payment.userId,
    event: 'payments',
    push: paymentPush(payment.settled, payment.title, payment.amount, payment.orderId),
  });
}
