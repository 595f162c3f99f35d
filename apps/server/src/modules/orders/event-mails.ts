import type { NotificationEvent } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import {
  careAnsweredMail,
  finalDeliveredMail,
  orderPricedMail,
  reworkAnsweredMail,
  type OrderEventLine,
} from '../../mail';
import { emailAllowed } from '../notifications';
import type { OrdersContext } from './context';
import { titleOf } from './mappers';
import { orderMailRow } from './repo-lifecycle';

/** What happened to an order that the customer hears about by e-mail. */
export type CustomerEvent = 'priced' | 'final_delivered' | 'rework_answered' | 'care_answered';

export interface CustomerEventData {
  /** rework_answered: the rework's number within the order. */
  reworkNumber?: number;
  /** care_answered: the request was closed with the answer. */
  closed?: boolean;
}

/** The kind of event each mail is, in the customer's notification settings (ADR 044). */
const EVENT_KIND: Record<CustomerEvent, NotificationEvent> = {
  priced: 'status',
  final_delivered: 'files',
  rework_answered: 'files',
  care_answered: 'message',
};

/** The workspace tab each mail links to. */
const TAB: Record<CustomerEvent, string> = {
  priced: '',
  final_delivered: '/files',
  rework_answered: '/reworks',
  care_answered: '/care',
};

/**
 * Queues the mail about an order's event inside the caller's transaction (it goes out only if the
 * change commits), to the order's customer unless they turned e-mail off (`email_delivery`, or
 * this kind of event in their notification settings).
 * Reads the order as the transaction sees it, so the mail names the new price or guarantee.
 */
export async function notifyCustomer(
  trx: Kysely<DB>,
  ctx: OrdersContext,
  orderId: number,
  event: CustomerEvent,
  data: CustomerEventData = {},
): Promise<void> {
  const mailer = ctx.deps.mailer;
  if (!mailer) return;
  const row = await orderMailRow(trx, orderId);
  if (!row || !(await emailAllowed(trx, row.user_id, EVENT_KIND[event]))) return;
  const line: OrderEventLine = {
    id: row.id,
    workType: titleOf(row, await ctx.titles(trx)),
    topic: row.topic,
    price: row.price,
    deadline: row.deadline,
  };
  const link = `${ctx.deps.config.PUBLIC_URL.replace(/\/+$/, '')}/order/${row.id}${TAB[event]}`;
  const mail =
    event === 'priced'
      ? orderPricedMail(row.email, line, link)
      : event === 'final_delivered'
        ? finalDeliveredMail(row.email, line, link, row.guarantee_until)
        : event === 'rework_answered'
          ? reworkAnsweredMail(row.email, line, data.reworkNumber ?? 0, link)
          : careAnsweredMail(row.email, line, data.closed ?? false, link);
  await mailer.send(mail, trx);
}
