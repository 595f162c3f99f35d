import {
  INSTALLMENT_MAX_KOPECKS,
  INSTALLMENT_MIN_KOPECKS,
  OrderStatusId,
  PAYMENT_MAX_KOPECKS,
  PAYMENT_MIN_KOPECKS,
  orderMessages,
  paymentMessages,
  type PacketWaiting,
  type PayManyRequest,
  type PayRequest,
  type PayResult,
  type PaymentMethod,
  type PaymentMethodId,
  type PaymentMethods,
  type PaymentPurpose,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import { lockOrder } from '../orders/lifecycle';
import { ownerOf } from './purposes';
import { OWING_STATUSES, ordersAwaitingPayment, orderTitle } from './invoices';
import type { PaymentProvider, ProviderPayment } from './providers/types';
import type { OrderChanges } from '../chat/order-events';
import { announcePayment, paymentData, settleInTrx, type PaymentData } from './settle';
import { financesOf, lockCustomer } from '../ledger';

/**
 * Paying (spec §3 "Payment", §5, §7): what may pay, and `pay/` / `pay-many/` for an order,
 * a placed packet, a tip or a top-up. From the balance the payment settles at once in the same
 * transaction (the customer's row locked first, so concurrent payments queue and the ledger refuses
 * to go below zero); through a provider a pending row is written, the provider's payment created
 * (idempotence key `pay-{id}`) and its page returned — the order moves only when settled.
 */

export interface PayDeps {
  db: Kysely<DB>;
  provider: PaymentProvider;
  publicUrl: string;
  installmentsEnabled: boolean;
  /** The share of an order's price bonuses may cover, in percent (BONUS_MAX_PERCENT). */
  bonusMaxPercent: number;
  /** Where a provider's failure is told (the app's logger). */
  log?: (err: unknown) => void;
  /** Told which orders a balance payment paid, after its commit (ADR 026). */
  events?: OrderChanges;
}

export const payMessages = {
  objectRequired: 'Укажите, что оплачиваете',
  bonusOrdersOnly: 'Бонусами можно оплатить только заказ',
  replenishFromBalance: 'Пополнить баланс с баланса нельзя',
  installmentsOrdersOnly: 'Оплатой частями можно оплатить только заказ или пакет',
  amountRange: 'Сумма — от 1 ₽ до 500 000 ₽',
  packetNotFound: 'Пакет не найден',
  paymentNotFound: 'Платёж не найден',
  providerFailed: 'Платёжный сервис не ответил — попробуйте ещё раз',
} as const;

const METHOD_TITLES: Record<PaymentMethodId, string> = {
  bank_card: 'Банковская карта',
  sbp: 'СБП',
  yoo_money: 'ЮMoney',
  balance: 'С баланса',
  yookassa_installments: 'Оплата частями',
};

/** Spec §5/§9: why installments cannot pay this (null when they can). */
export function installmentRefusal(
  enabled: boolean,
  amount: number | undefined,
  purpose: PaymentPurpose,
): string | null {
  if (purpose !== 'order' && purpose !== 'packet') return payMessages.installmentsOrdersOnly;
  if (!enabled) return paymentMessages.installmentsOff;
  if (amount === undefined || amount < INSTALLMENT_MIN_KOPECKS) return paymentMessages.installmentsTooSmall;
  if (amount > INSTALLMENT_MAX_KOPECKS) return paymentMessages.installmentsTooBig;
  return null;
}

/** Half of a price, rounded up to the rouble. */
export function firstHalf(price: number): number {
  return Math.ceil(price / 2 / 100) * 100;
}

/** The first half may be paid when nothing is paid yet and the price is at least 2 000 ₽. */
const HALF_MIN_PRICE = 2_000_00;

/** Bonuses that may cover an order of this price. */
export function bonusCap(price: number, percent: number): number {
  return Math.floor((price * percent) / 100);
}

/** `GET methods/`: every method, with why it cannot pay this amount. */
export async function paymentMethods(
  deps: PayDeps,
  userId: number,
  purpose: PaymentPurpose,
  amount: number | undefined,
): Promise<PaymentMethods> {
  const { money } = await financesOf(deps.db, userId);
  const methods: PaymentMethod[] = [
    { id: 'bank_card', title: METHOD_TITLES.bank_card, unavailable_reason: null },
    { id: 'sbp', title: METHOD_TITLES.sbp, unavailable_reason: null },
    { id: 'yoo_money', title: METHOD_TITLES.yoo_money, unavailable_reason: null },
  ];
  // A top-up and a gift certificate come from outside: never from the balance.
  if (purpose !== 'replenish' && purpose !== 'certificate') {
    methods.push({
      id: 'balance',
      title: METHOD_TITLES.balance,
      unavailable_reason: amount !== undefined && amount > money ? paymentMessages.balanceShort : null,
    });
  }
  if (
    (purpose === 'order' || purpose === 'packet') &&
    installmentRefusal(deps.installmentsEnabled, amount, purpose) === null
  ) {
    methods.push({
      id: 'yookassa_installments',
      title: METHOD_TITLES.yookassa_installments,
      unavailable_reason: null,
    });
  }
  return { payment_methods: methods, bonus_max_percent: deps.bonusMaxPercent };
}

/** What a pay request comes to: the row to write (or reuse) and what settling it does. */
interface Plan {
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

async function planOrder(
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
  const workType = order.work_type_id
    ? await trx
        .selectFrom('work_types')
        .select('title')
        .where('id', '=', order.work_type_id)
        .executeTakeFirst()
    : undefined;
  const amount = due - bonus;
  const part = body.part === 'half' ? 'half' : 'full';
  // The order's invoice, or an earlier attempt asking the same of the same provider (paying again
  // after leaving the bank's page): the provider then answers its first payment again (the same
  // idempotence key) instead of taking the money twice.
  const pending = await trx
    .selectFrom('payments')
    .select(['id', 'provider', 'payment_method', 'amount', 'bonus', 'data'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'order')
    .where('object_id', '=', id)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
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
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'user_id', 'status_id', 'performer_id'])
    .where('id', '=', id)
    .where('is_fake', '=', 0)
    .executeTakeFirst();
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
  const pending = await trx
    .selectFrom('payments')
    .select(['id', 'provider', 'payment_method', 'amount'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'certificate')
    .where('object_id', '=', id)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
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

async function plan(
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

function checkInstallments(deps: PayDeps, method: PaymentMethodId, p: Plan): void {
  if (method !== 'yookassa_installments') return;
  const refusal = installmentRefusal(deps.installmentsEnabled, p.amount, p.purpose);
  if (refusal) throw badRequest('payment_method', refusal);
}

/** Writes the plan's pending row (or takes over the invoice); returns its id. */
async function writeRow(
  trx: Kysely<DB>,
  userId: number,
  p: Plan,
  method: PaymentMethodId,
  provider: string,
): Promise<number> {
  const at = nowIso();
  const values = {
    title: p.title,
    amount: p.amount,
    bonus: p.bonus,
    payment_method: method,
    provider,
    data: JSON.stringify(p.data),
    updated_at: at,
  };
  if (p.reuse !== undefined) {
    await trx.updateTable('payments').set(values).where('id', '=', p.reuse).execute();
    return p.reuse;
  }
  const row = await trx
    .insertInto('payments')
    .values({
      ...values,
      user_id: userId,
      purpose: p.purpose,
      object_id: p.objectId,
      status: 'pending',
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Pays from the balance or starts a provider's payment for a plan made inside `trx`-producing
 * `makePlan`. Shared by pay/ and pay-many/.
 */
async function execute(
  deps: PayDeps,
  userId: number,
  method: PaymentMethodId,
  makePlan: (trx: Kysely<DB>) => Promise<Plan>,
): Promise<PayResult> {
  if (method === 'balance') {
    const paid = await deps.db.transaction().execute(async (trx) => {
      // The customer first: concurrent payments from one balance queue here (PostgreSQL's row
      // lock; SQLite runs one write transaction at a time), then the ledger refuses a negative.
      await lockCustomer(trx, userId);
      const p = await makePlan(trx);
      checkInstallments(deps, method, p);
      const id = await writeRow(trx, userId, p, method, 'balance');
      await settleInTrx(trx, id, { status: 'succeeded', amount: p.amount });
      return { pay_id: id, status: 'succeeded' as const };
    });
    if (deps.events) await announcePayment(deps.db, deps.events, paid.pay_id);
    return paid;
  }
  const { id, p } = await deps.db.transaction().execute(async (trx) => {
    const p = await makePlan(trx);
    checkInstallments(deps, method, p);
    // A bonus spent beside a provider payment must be there when it settles: checked again then.
    return { id: await writeRow(trx, userId, p, method, deps.provider.name), p };
  });
  const user = await deps.db
    .selectFrom('users')
    .select(['email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  let remote: ProviderPayment;
  try {
    remote = await deps.provider.createPayment({
      paymentId: id,
      amount: p.amount,
      description: p.title,
      method,
      // `pay_id` lets the result screen name what was paid and how it ended.
      returnUrl: `${deps.publicUrl.replace(/\/+$/, '')}${p.returnPath ?? `/payment?status=success&pay_id=${id}`}`,
      customer: { email: user.email, phone: user.phone || null },
      idempotenceKey: `pay-${id}`,
    });
  } catch (err) {
    await deps.db.transaction().execute((trx) => settleInTrx(trx, id, { status: 'canceled', amount: 0 }));
    deps.log?.(err);
    throw new HttpError(502, payMessages.providerFailed);
  }
  await deps.db
    .updateTable('payments')
    .set({
      provider_payment_id: remote.id,
      confirmation_url: remote.confirmationUrl,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
  return {
    pay_id: id,
    status:
      remote.status === 'succeeded' ? 'succeeded' : remote.status === 'canceled' ? 'canceled' : 'pending',
    ...(remote.confirmationUrl ? { confirmation_url: remote.confirmationUrl } : {}),
  };
}

/** `POST pay/`. */
export function pay(deps: PayDeps, userId: number, body: PayRequest): Promise<PayResult> {
  const provider = body.payment_method === 'balance' ? 'balance' : deps.provider.name;
  return execute(deps, userId, body.payment_method, (trx) =>
    plan(trx, userId, body, provider, deps.bonusMaxPercent),
  );
}

/**
 * `POST pay-many/`: several invoices of the customer paid together. One payment row (purpose
 * 'order', no object, `data.pay_ids` the invoices, `data.orders` each order's share) carries the
 * money; settling it pays every order and removes the invoices it covered. From the balance it
 * settles at once. Another customer's or an unknown invoice → 404; one that is no longer waiting
 * (its order paid or moved on) → 409.
 */
export function payMany(deps: PayDeps, userId: number, body: PayManyRequest): Promise<PayResult> {
  return execute(deps, userId, body.payment_method, async (trx) => {
    const ids = [...new Set(body.pay_ids)];
    const invoices = await trx
      .selectFrom('payments')
      .select(['id', 'object_id', 'purpose', 'status'])
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .execute();
    if (invoices.length !== ids.length) throw notFound(payMessages.paymentNotFound);
    if (invoices.some((i) => i.purpose !== 'order' || i.status !== 'pending' || i.object_id === null)) {
      throw new HttpError(409, paymentMessages.notPayable);
    }
    const orderIds = [...new Set(invoices.map((i) => i.object_id!))].sort((a, b) => a - b);
    for (const id of orderIds) await lockOrder(trx, id);
    const orders = await ordersAwaitingPayment(trx, userId, orderIds);
    if (orders.length !== orderIds.length || orders.some((o) => o.due === 0)) {
      throw new HttpError(409, paymentMessages.notPayable);
    }
    const amount = orders.reduce((s, o) => s + o.due, 0);
    return {
      purpose: 'order',
      objectId: orders.length === 1 ? orders[0]!.id : null,
      title:
        orders.length === 1 ? orders[0]!.title : `Оплата заказов ${orders.map((o) => `№${o.id}`).join(', ')}`,
      amount,
      bonus: 0,
      data: { orders: orders.map((o) => ({ id: o.id, amount: o.due })), pay_ids: ids },
    };
  });
}

async function packetWaitingIn(db: Kysely<DB>, userId: number, placedId: number): Promise<PacketWaiting> {
  const placed = await db
    .selectFrom('order_packets_placed')
    .innerJoin('order_packets', 'order_packets.id', 'order_packets_placed.packet_id')
    .select(['order_packets_placed.id', 'order_packets_placed.user_id', 'order_packets.title'])
    .where('order_packets_placed.id', '=', placedId)
    .executeTakeFirst();
  if (!placed || placed.user_id !== userId) throw notFound(payMessages.packetNotFound);
  const ids = await db
    .selectFrom('orders')
    .select('id')
    .where('packet_id', '=', placedId)
    .where('user_id', '=', userId)
    .where('is_fake', '=', 0)
    .execute();
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

/** `GET orders-packet-waiting/{id}/`: the placed packet's orders waiting for payment and their sum. */
export function packetWaiting(deps: PayDeps, userId: number, placedId: number): Promise<PacketWaiting> {
  return packetWaitingIn(deps.db, userId, placedId);
}

/**
 * Pays up to `max` kopecks of the customer's order from the balance inside the caller's
 * transaction (a gift certificate redeemed onto an order): the order's plan as `pay/`
 * makes it (404 another's, 409 not waiting for payment), written and settled at once, so the order
 * moves to «Оплачен…» exactly as a balance payment moves it. Returns the kopecks paid.
 */
export async function payOrderFromBalanceInTrx(
  trx: Kysely<DB>,
  userId: number,
  orderId: number,
  max: number,
): Promise<number> {
  await lockCustomer(trx, userId);
  const body: PayRequest = { purpose: 'order', object_id: orderId, payment_method: 'balance' };
  // No bonuses here: the cap is not used.
  const p = await planOrder(trx, userId, body, 'balance', 0);
  const amount = Math.min(p.amount, max);
  if (amount <= 0) return 0;
  const planned: Plan =
    amount === p.amount ? p : { ...p, amount, data: { ...p.data, orders: [{ id: orderId, amount }] } };
  const id = await writeRow(trx, userId, planned, 'balance', 'balance');
  await settleInTrx(trx, id, { status: 'succeeded', amount });
  return amount;
}
