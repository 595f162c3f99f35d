import {
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
import { lockOrder } from '../orders';
import { ordersAwaitingPayment } from './invoices';
import type { PaymentProvider, ProviderPayment } from './providers/types';
import type { OrderChanges } from '../chat';
import { announcePayment, settleInTrx } from './settle';
import { financesOf, lockCustomer } from '../ledger';
import { packetWaitingIn, plan, planOrder, type Plan } from './plans';
import { findPayerContact, insertPayment, selectUserPaymentsIn, updatePayment } from './repo-payments';
import { bonusCap, firstHalf, installmentRefusal, payMessages } from './rules';

export { bonusCap, firstHalf, installmentRefusal, payMessages };

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
  /** Where a provider's failure is told (the request's logger, so that the line carries its id). */
  log?: (err: unknown) => void;
  /** Told which orders a balance payment paid, after its commit (ADR 026). */
  events?: OrderChanges;
}

const METHOD_TITLES: Record<PaymentMethodId, string> = {
  bank_card: 'Банковская карта',
  sbp: 'СБП',
  yoo_money: 'ЮMoney',
  balance: 'С баланса',
  yookassa_installments: 'Оплата частями',
};

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
    await updatePayment(trx, p.reuse, values);
    return p.reuse;
  }
  return insertPayment(trx, {
    ...values,
    user_id: userId,
    purpose: p.purpose,
    object_id: p.objectId,
    status: 'pending',
    created_at: at,
  });
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
  const user = await findPayerContact(deps.db, userId);
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
  await updatePayment(deps.db, id, {
    provider_payment_id: remote.id,
    confirmation_url: remote.confirmationUrl,
    updated_at: nowIso(),
  });
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
    const invoices = await selectUserPaymentsIn(trx, ids, userId);
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
