import { OrderStatusId } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB, PaymentsTable } from '../../db/types';
import { lockOrder, moveStatus, recordEvent, requireAction, systemActor } from '../orders';
import { notifyPayment } from '../notifications';
import { ordersBecamePaid, ownerOf } from './purposes';
import type { OrderChanges } from '../chat';
import type { PaymentProvider } from './providers/types';
import {
  claimPendingPayment,
  deleteOrderInvoices,
  deletePendingPaymentsIn,
  findOrderPerformer,
  findPaymentByProviderId,
  findPaymentToAnnounce,
  findProviderPayment,
  setOrderPaid,
  updatePayment,
} from './repo-payments';
import { accounts, balanceOf, type LedgerEntry, lockCustomer, postTxn } from '../ledger';

/**
 * Settling a payment: the one place a pending `payments` row becomes succeeded or
 * canceled, and where the money it brought moves in the ledger. Every path ends here — the balance
 * paying at once (routes-pay), the test bank's page and the YooKassa webhook (through
 * `applyProviderPayment`, which re-fetches the provider's payment and never trusts a notification's
 * body). A payment settles once: a repeated notification finds it settled and changes nothing.
 *
 * Ledger shapes (signed kopecks, every txn sums to zero; modules/ledger): a customer's accounts and what
 * the service owes others (`tips:{staff}`) and has earned (`revenue`) grow with +; where the money
 * physically sits is the other side — `provider_clearing` goes − when a provider collects for us.
 * So `revenue` goes + when an order's price is earned and − when it is given back (a refund).
 *
 *   order / packet / several invoices, through a provider (kind `payment`):
 *     provider_clearing −A, revenue +A
 *   the same from the balance (kind `balance_payment`):
 *     customer_money:{user} −A, revenue +A
 *   bonuses spent beside it (kind `bonus_spent`, only on success):
 *     customer_bonus:{user} −B, bonus_pool +B
 *   tip (kind `tip`): provider_clearing −A (or customer_money:{user} −A), tips:{performer} +A
 *   top-up (kind `replenish`): provider_clearing −A, customer_money:{user} +A
 *   gift certificate (kind `certificate_sale`): provider_clearing −A, certificates +A;
 *   redeemed later (certificates/service.ts, kind `certificate_redeem`): certificates −A, customer_money +A
 *   bonus for an order that became fully paid (kind `bonus_accrual`, BONUS_ACCRUAL_PERCENT of its
 *   price less the bonuses spent with this payment): bonus_pool −b, customer_bonus:{user} +b
 *   a referred customer's first order fully paid (kind `referral_bonus`, once:
 *   referrals/reward.ts): bonus_pool −R, customer_bonus:{referrer} +R; bonus_pool −R, customer_bonus:{user} +R
 *
 * Effects on orders: `paid` grows by the share (money + bonuses); an order waiting for payment
 * (status 2) moves to 3 «Оплачен, подбираем автора» through the lifecycle (actor system, timeline
 * event `paid` with the amount) when it is paid in full or its first half is. A payment settling
 * after its order left status 2 (cancelled meanwhile) still records the money on the order, to be
 * refunded. Invoices (pending rows without a provider, invoices.ts) of an order that got paid are
 * removed: they never carried money.
 */

/** Share of a fully paid order's money that comes back as bonuses. */
export const BONUS_ACCRUAL_PERCENT = 3;

/** What `payments.data` carries for settling. */
export interface PaymentData {
  /** The orders this payment pays and each one's share (money + bonuses), in kopecks. */
  orders?: Array<{ id: number; amount: number }>;
  /** `half`: the first half of one order. */
  part?: 'full' | 'half';
  /** pay-many: the invoices (payments.id) this payment pays together. */
  pay_ids?: number[];
}

type PaymentRow = Omit<PaymentsTable, 'id' | 'bonus' | 'refunded' | 'data'> & {
  id: number;
  bonus: number;
  refunded: number;
  data: string;
};

export function paymentData(row: Pick<PaymentRow, 'data'>): PaymentData {
  try {
    const data = JSON.parse(row.data) as unknown;
    return data && typeof data === 'object' ? (data as PaymentData) : {};
  } catch {
    return {};
  }
}

export interface SettleOutcome {
  status: 'succeeded' | 'canceled';
  /** Kopecks that arrived (must equal the payment's amount on success). */
  amount: number;
}

/**
 * Settles the payment in its own transaction; 'unchanged' when it was already settled (or absent).
 * `events`: told after the commit which orders the payment paid (ADR 026).
 */
export async function settlePayment(
  db: Kysely<DB>,
  paymentId: number,
  outcome: SettleOutcome,
  events?: OrderChanges,
): Promise<'settled' | 'unchanged'> {
  const result = await db.transaction().execute((trx) => settleInTrx(trx, paymentId, outcome));
  if (result === 'settled' && events) await announcePayment(db, events, paymentId);
  return result;
}

/**
 * Tells the sockets of every order a succeeded payment paid (its share, a tip) that the order's
 * payments, status and timeline moved. Call after the payment's transaction has committed.
 */
export async function announcePayment(
  db: Kysely<DB>,
  events: OrderChanges,
  paymentId: number,
): Promise<void> {
  const row = await findPaymentToAnnounce(db, paymentId);
  if (row?.status !== 'succeeded') return;
  const ids =
    row.purpose === 'tip'
      ? [row.object_id ?? 0]
      : (paymentData(row).orders ?? []).map((o) => o.id).filter((id) => Number.isInteger(id));
  for (const id of new Set(ids)) await events.changed(id, ['payments', 'status', 'timeline']);
}

/**
 * The same inside the caller's transaction (the balance pays and settles in one). The UPDATE that
 * claims the row names `status = 'pending'`: on PostgreSQL a concurrent settler waits on the row
 * and then finds it settled; on SQLite the write lock serialises them.
 */
export async function settleInTrx(
  trx: Kysely<DB>,
  paymentId: number,
  outcome: SettleOutcome,
): Promise<'settled' | 'unchanged'> {
  const at = nowIso();
  const claimed = await claimPendingPayment(
    trx,
    paymentId,
    outcome.status === 'succeeded'
      ? { status: 'succeeded', paid_at: at, updated_at: at }
      : { status: 'canceled', updated_at: at },
  );
  if (!claimed) return 'unchanged';
  const payment: PaymentRow = {
    ...claimed,
    bonus: Number(claimed.bonus),
    refunded: Number(claimed.refunded),
    data: claimed.data,
  };
  await tellCustomer(trx, payment, outcome.status === 'succeeded');
  // On cancel nothing moves: bonuses are spent only on success.
  if (outcome.status === 'canceled') return 'settled';
  if (outcome.amount !== payment.amount) {
    throw new Error(`payment ${payment.id}: ${outcome.amount} arrived, ${payment.amount} expected`);
  }
  await moveMoney(trx, payment, at);
  return 'settled';
}

/**
 * The customer hears that a payment went through a provider or was declined there (ADR 044). Paid
 * from the balance, or refused before it reached a provider, they are on the page that paid and
 * see it at once.
 */
async function tellCustomer(trx: Kysely<DB>, p: PaymentRow, settled: boolean): Promise<void> {
  if (p.provider === 'balance' || p.provider_payment_id === null) return;
  const shares = paymentData(p).orders ?? [];
  const orderId =
    p.purpose === 'tip' ? (p.object_id ?? null) : shares.length === 1 ? (shares[0]?.id ?? null) : null;
  await notifyPayment(trx, { userId: p.user_id, settled, title: p.title, amount: p.amount, orderId });
}

async function moveMoney(trx: Kysely<DB>, p: PaymentRow, at: string): Promise<void> {
  const fromBalance = p.provider === 'balance';
  const source = fromBalance ? accounts.customerMoney(p.user_id) : accounts.providerClearing;
  const base = { user_id: p.user_id, payment_id: p.id, title: p.title, at };
  const data = paymentData(p);

  if (p.purpose === 'replenish') {
    await postTxn(trx, { ...base, kind: 'replenish' }, [
      { account: accounts.providerClearing, amount: -p.amount },
      { account: accounts.customerMoney(p.user_id), amount: p.amount },
    ]);
    return;
  }

  if (p.purpose === 'certificate') {
    // A gift certificate: the money becomes the service's debt to whoever redeems it.
    // Paid twice (two provider pages both completed), the second payment goes to the buyer's
    // balance instead, so the certificates account holds only what live certificates are worth.
    const activated = await ownerOf('certificate').settled(trx, p.object_id ?? 0, p.id, at);
    await postTxn(trx, { ...base, kind: activated ? 'certificate_sale' : 'replenish' }, [
      { account: accounts.providerClearing, amount: -p.amount },
      { account: activated ? accounts.certificates : accounts.customerMoney(p.user_id), amount: p.amount },
    ]);
    return;
  }

  if (p.purpose === 'tip') {
    const order = await findOrderPerformer(trx, p.object_id ?? 0);
    // Checked when paying; an order losing its author meanwhile keeps the tip for the service.
    const to = order?.performer_id ? accounts.tips(order.performer_id) : accounts.revenue;
    await postTxn(trx, { ...base, kind: 'tip', order_id: order?.id ?? null }, [
      { account: source, amount: -p.amount },
      { account: to, amount: p.amount },
    ]);
    return;
  }

  // order, packet, several invoices at once
  const shares = (data.orders ?? []).map((o) => ({ ...o })).sort((a, b) => a.id - b.id);
  const single = shares.length === 1 ? shares[0]!.id : null;
  if (p.amount > 0) {
    await postTxn(trx, { ...base, kind: fromBalance ? 'balance_payment' : 'payment', order_id: single }, [
      { account: source, amount: -p.amount },
      { account: accounts.revenue, amount: p.amount },
    ]);
  }
  let spent = 0;
  if (p.bonus > 0) {
    // Bonuses are spent only now. Through a provider they were checked when paying, but could have
    // gone meanwhile: the money that arrived is recorded all the same, with the bonuses still held
    // (the order then owes the rest).
    await lockCustomer(trx, p.user_id);
    const held = await balanceOf(trx, accounts.customerBonus(p.user_id));
    spent = Math.min(p.bonus, held);
    if (spent < p.bonus) {
      await updatePayment(trx, p.id, { bonus: spent });
      for (const share of shares) share.amount -= Math.min(share.amount, p.bonus - spent);
    }
    if (spent > 0) {
      await postTxn(trx, { ...base, kind: 'bonus_spent', order_id: single }, [
        { account: accounts.customerBonus(p.user_id), amount: -spent },
        { account: accounts.bonusPool, amount: spent },
      ]);
    }
  }
  let accrual = 0;
  for (const share of shares) {
    const order = await lockOrder(trx, share.id);
    if (!order) continue;
    const paid = Number(order.paid) + share.amount;
    const price = Number(order.price);
    const firstHalf = data.part === 'half' && paid * 2 >= price;
    if (order.status_id === OrderStatusId.awaitingPayment && (paid >= price || firstHalf)) {
      // Paid with an author already assigned: «Автор назначен», never «подбираем автора» (ADR 004).
      const to = requireAction(order.status_id, 'system', 'pay', { alternate: order.performer_id !== null });
      await moveStatus(trx, order, to, systemActor, {
        kind: 'paid',
        data: { amount: share.amount, payment_id: p.id },
        also: { paid },
        at,
      });
    } else {
      await setOrderPaid(trx, order.id, paid, at);
      await recordEvent(trx, order.id, 'paid', systemActor, { amount: share.amount, payment_id: p.id }, at);
    }
    if (paid >= price && Number(order.paid) < price) accrual += price;
    await deleteOrderInvoices(trx, order.id, p.id);
  }
  // The invoices paid together (pay-many): settled through this payment, so they go.
  if (data.pay_ids?.length) {
    await deletePendingPaymentsIn(trx, data.pay_ids, p.user_id, p.id);
  }
  // Orders became fully paid: whoever registered for it hears (a friend's first brings the referral
  // bonus to both, once: the referrals module).
  if (accrual > 0) await ordersBecamePaid(trx, { userId: p.user_id, paymentId: p.id, at });
  // Earned when an order becomes fully paid (by halves too): on its price, less the bonuses spent
  // with this payment — bonuses are earned on money, not on bonuses.
  const earned = Math.floor((Math.max(0, accrual - spent) * BONUS_ACCRUAL_PERCENT) / 100);
  if (earned > 0) {
    const entries: LedgerEntry[] = [
      { account: accounts.bonusPool, amount: -earned },
      { account: accounts.customerBonus(p.user_id), amount: earned },
    ];
    await postTxn(
      trx,
      { ...base, kind: 'bonus_accrual', order_id: single, title: `Бонусы за оплату: ${p.title}` },
      entries,
    );
  }
}

export type ApplyResult = 'settled' | 'unchanged' | 'unknown' | 'mismatch';

/**
 * What every notification path calls: asks the provider for the payment, finds ours by the
 * provider's id (or the payment id the provider keeps in its metadata), checks the amount and
 * settles. 'unknown' — not ours; 'mismatch' — the provider says another amount (nothing moves);
 * 'unchanged' — still pending at the provider, or settled before.
 */
export async function applyProviderPayment(
  db: Kysely<DB>,
  provider: PaymentProvider,
  providerPaymentId: string,
  events?: OrderChanges,
): Promise<ApplyResult> {
  const remote = await provider.getPayment(providerPaymentId);
  let row = await findPaymentByProviderId(db, provider.name, remote.id);
  if (!row && remote.paymentId !== null) {
    const byMeta = await findProviderPayment(db, remote.paymentId, provider.name);
    // Our row remembers another provider payment: this one is not what we asked for.
    if (byMeta && (byMeta.provider_payment_id === null || byMeta.provider_payment_id === remote.id)) {
      row = byMeta;
    }
  }
  if (!row) return 'unknown';
  if (remote.status === 'pending' || remote.status === 'waiting_for_capture') return 'unchanged';
  if (remote.status === 'succeeded' && remote.amount !== row.amount) return 'mismatch';
  return settlePayment(db, row.id, { status: remote.status, amount: remote.amount }, events);
}
