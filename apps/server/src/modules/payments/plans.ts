import {
  OrderStatusId,
  PAYMENT_MAX_KOPECKS,
  PAYMENT_MIN_KOPECKS,
  orderMessages,
  paymentMessages,
  type PacketWaiting,
  type PayRequest,
  type PaymentPurpose,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import { lockOrder } from '../orders';
import { OWING_STATUSES, ordersAwaitingPayment, orderTitle } from './invoices';
import { financesOf } from '../ledger';
import { ownerOf } from './purposes';
import {
  findPlacedPacket,
  findRealOrderForTip,
  findWorkTypeTitle,
  selectPacketOrderIds,
  selectPendingPaymentsOfCertificate,
  selectPendingPaymentsOfOrder,
} from './repo-payments';
import { bonusCap, firstHalf, HALF_MIN_PRICE, payMessages } from './rules';
import { paymentData, type PaymentData } from './settle';

// What a payment will be, decided under the customer's lock: its purpose, object, title, amount,
// bonuses and data, or the HTTP error that refuses it (service.ts writes and executes the plan).

export interface Plan {
  purpose: PaymentPurpose;
  objectId: number | null;
  title: string;
  /** Money asked of the provider or the balance. */
  amount: number;
  bonus: number;
  data: PaymentData;
  /** An invoice (or earlier attempt) of the order to reuse. */
  reuse?: number;
  /** Where the provider's page sends the customer back (default `/payment?status=success&pay_id=…`). */
  returnPath?: string;
}

function requireObject(body: { object_id?: number | undefined }): number {
  if (body.object_id === undefined) throw badRequest('object_id', payMessages.objectRequired);
  return body.object_id;
}

function requireAmount(amount: number | undefined): number {
  if (amount === undefined) throw badRequest('amount', paymentMessages.amountRequired);
  if (amount < PAYMENT_MIN_KOPECKS || amount > PAYMENT_MAX_KOPECKS) {
    throw badRequest('amount', payMessages.amountRange);
  }
  return amount;
}

export async function planOrder(
  trx: Kysely<DB>,
  userId: number,
  body: PayRequest,
  provider: string,
  bonusMaxPercent: number,
): Promise<Plan> {
  const id = requireObject(body);
  const order = await lockOrder(trx, id);
  if (!order || order.user_id !== userId) throw notFound(orderMessages.orderNotFound);
  const price = Number(order.price);
  const paid = Number(order.paid);
  const waiting = order.status_id === OrderStatusId.awaitingPayment;
  // The second half of an order paid by halves may be paid whatever stage the work is at.
  const secondHalf = paid > 0 && OWING_STATUSES.includes(order.status_id);
  if ((!waiting && !secondHalf) || price - paid <= 0) {
    throw new HttpError(409, paymentMessages.notPayable);
  }
  let due = price - paid;
  if (body.part === 'half') {
    if (paid !== 0 || price < HALF_MIN_PRICE) throw badRequest('part', paymentMessages.halfNotAllowed);
    due = firstHalf(price);
  }
  const bonus = body.bonus ?? 0;
  if (bonus > 0) {
    if (bonus > bonusCap(price, bonusMaxPercent) || bonus >= due) {
      throw badRequest('bonus', paymentMessages.bonusTooMuch(bonusMaxPercent));
    }
    const held = await financesOf(trx, userId);
    if (bonus > held.bonus) throw badRequest('bonus', paymentMessages.bonusShort);
  }
  const workType = order.work_type_id ? await findWorkTypeTitle(trx, order.work_type_id) : undefined;
  const amount = due - bonus;
  const part = body.part === 'half' ? 'half' : 'full';
  // The order's invoice, or an earlier attempt asking the same of the same provider (paying again
  // after leaving the bank's page): the provider then answers its first payment again (the same
  // idempotence key) instead of taking the money twice.
  const pending = await selectPendingPaymentsOfOrder(trx, userId, id);
  const invoice =
    pending.find(
      (r) =>
        r.provider === provider &&
        r.payment_method === body.payment_method &&
        r.amount === amount &&
        Number(r.bonus) === bonus &&
        paymentData(r).part === part,
    ) ?? pending.find((r) => r.provider === null);
  return {
    purpose: 'order',
    objectId: id,
    title: orderTitle({ id, topic: order.topic }, workType?.title ?? null),
    amount,
    bonus,
    data: { orders: [{ id, amount: due }], part },
    ...(invoice ? { reuse: invoice.id } : {}),
  };
}

async function planPacket(trx: Kysely<DB>, userId: number, body: PayRequest): Promise<Plan> {
  const placedId = requireObject(body);
  const waiting = await packetWaitingIn(trx, userId, placedId);
  // Lock the packet's orders (PostgreSQL) so their prices and statuses hold until settled here.
  for (const o of waiting.orders) await lockOrder(trx, o.id);
  const due = waiting.orders.filter((o) => o.price > o.paid);
  if (due.length === 0) throw new HttpError(409, paymentMessages.notPayable);
  return {
    purpose: 'packet',
    objectId: placedId,
    title: waiting.title,
    amount: waiting.amount,
    bonus: 0,
    data: { orders: due.map((o) => ({ id: o.id, amount: o.price - o.paid })) },
  };
}

async function planTip(trx: Kysely<DB>, userId: number, body: PayRequest): Promise<Plan> {
  const id = requireObject(body);
  const order = await findRealOrderForTip(trx, id);
  if (!order || order.user_id !== userId) throw notFound(orderMessages.orderNotFound);
  if (order.status_id !== OrderStatusId.completed || order.performer_id === null) {
    throw badRequest('object_id', paymentMessages.tipNotAllowed);
  }
  return {
    purpose: 'tip',
    objectId: id,
    title: `Чаевые автору заказа №${id}`,
    amount: requireAmount(body.amount),
    bonus: 0,
    data: {},
  };
}

/**
 * A gift certificate: what may pay it and how much is the certificates module's to say (its
 * PurposeOwner: only its buyer, only while it awaits payment, its whole value, not from the
 * balance); never installments or bonuses. Paying again after leaving the bank's page reuses the
 * pending payment asking the same of the same provider, like planOrder.
 */
async function planCertificate(
  trx: Kysely<DB>,
  userId: number,
  body: PayRequest,
  provider: string,
): Promise<Plan> {
  const id = requireObject(body);
  const asked = await ownerOf('certificate').plan(trx, userId, id, body);
  const pending = await selectPendingPaymentsOfCertificate(trx, userId, id);
  const again = pending.find(
    (r) => r.provider === provider && r.payment_method === body.payment_method && r.amount === asked.amount,
  );
  return {
    purpose: 'certificate',
    objectId: id,
    title: asked.title,
    amount: asked.amount,
    bonus: 0,
    data: {},
    returnPath: asked.returnPath,
    ...(again ? { reuse: again.id } : {}),
  };
}

export async function plan(
  trx: Kysely<DB>,
  userId: number,
  body: PayRequest,
  provider: string,
  bonusMaxPercent: number,
): Promise<Plan> {
  if ((body.bonus ?? 0) > 0 && body.purpose !== 'order') {
    throw badRequest('bonus', payMessages.bonusOrdersOnly);
  }
  if (body.part === 'half' && body.purpose !== 'order') {
    throw badRequest('part', paymentMessages.halfNotAllowed);
  }
  switch (body.purpose) {
    case 'order':
      return planOrder(trx, userId, body, provider, bonusMaxPercent);
    case 'packet':
      return planPacket(trx, userId, body);
    case 'tip':
      return planTip(trx, userId, body);
    case 'certificate':
      return planCertificate(trx, userId, body, provider);
    case 'replenish':
      if (body.payment_method === 'balance') {
        throw badRequest('payment_method', payMessages.replenishFromBalance);
      }
      return {
        purpose: 'replenish',
        objectId: null,
        title: 'Пополнение баланса',
        amount: requireAmount(body.amount),
        bonus: 0,
        data: {},
      };
  }
}

/** A placed packet and what of it still waits for payment (its orders' dues). */
export async function packetWaitingIn(
  db: Kysely<DB>,
  userId: number,
  placedId: number,
): Promise<PacketWaiting> {
  const placed = await findPlacedPacket(db, placedId);
  if (!placed || placed.user_id !== userId) throw notFound(payMessages.packetNotFound);
  const ids = await selectPacketOrderIds(db, placedId, userId);
  const orders = await ordersAwaitingPayment(
    db,
    userId,
    ids.map((r) => r.id),
  );
  return {
    id: placed.id,
    title: `Пакет «${placed.title}»`,
    orders: orders.map((o) => ({ id: o.id, title: o.title, price: o.price, paid: o.paid })),
    amount: orders.reduce((s, o) => s + o.due, 0),
  };
}
