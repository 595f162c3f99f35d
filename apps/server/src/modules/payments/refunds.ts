import { paymentMessages, type RefundStornoPlan } from '@cabinet/contract';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { HttpError, badRequest } from '../../plugins/errors';
import type { PaymentProvider } from './providers/types';
import { addRefunded, selectRefundablePayments, subtractRefunded } from './repo-payouts';
import { planStorno } from './storno';
import { accounts, balanceOf, lockCustomer, postTxn } from '../ledger';

/**
 * Storno refunds (spec §3/§9): money on the customer's balance goes back to the cards it
 * came from — the customer's payments through the provider, newest first, each at most what is
 * left of it (storno.ts). Only what the balance holds can go back: an order's price already earned
 * is not the customer's money until the order is cancelled onto the balance.
 *
 * The provider is called after the transaction that moves the money has committed, not inside
 * it: on SQLite the app has one connection, and the test provider writes its own books through
 * it, so a call inside would wait for the transaction forever; and a real provider's latency
 * should not hold the customer's lock. The trade-off: the money and `payments.refunded` are
 * reserved first, and a refund the provider refuses is given back in a second transaction — if
 * the process dies between the two, the books show a refund the provider never made, which the
 * provider's records (and its `refund.succeeded` notifications) reconcile.
 */

export interface PlannedRefund {
  pay_id: number;
  title: string;
  amount: number;
  provider_payment_id: string;
}

/** GET refund-storno/: what a storno of `refundSum` would reverse (400 too much, 409 balance short). */
export async function stornoPlan(
  db: Kysely<DB>,
  provider: PaymentProvider,
  userId: number,
  refundSum: number,
): Promise<RefundStornoPlan> {
  const payments = await selectRefundablePayments(db, provider.name, userId, null);
  const rows = planStorno(payments, refundSum);
  if (!rows) throw badRequest('refund_sum', paymentMessages.refundTooMuch);
  if ((await balanceOf(db, accounts.customerMoney(userId))) < refundSum) {
    throw new HttpError(409, paymentMessages.balanceShort);
  }
  const titleOf = new Map(payments.map((p) => [p.pay_id, p.title]));
  return {
    refund_sum: refundSum,
    results: rows.map((r) => ({ pay_id: r.pay_id, title: titleOf.get(r.pay_id) ?? '', amount: r.amount })),
  };
}

/**
 * Plans `sum` over the customer's payments (those named, or all) and counts it in
 * `payments.refunded` at once, so that no parallel refund can plan the same money. Call inside
 * the transaction that moves the money in the ledger, under the customer's lock; null when the
 * payments cannot cover the sum.
 */
export async function reserveRefunds(
  trx: Kysely<DB>,
  provider: PaymentProvider,
  userId: number,
  sum: number,
  payIds: number[] | null,
): Promise<PlannedRefund[] | null> {
  const payments = await selectRefundablePayments(trx, provider.name, userId, payIds);
  const rows = planStorno(payments, sum);
  if (!rows) return null;
  const byId = new Map(payments.map((p) => [p.pay_id, p]));
  const planned: PlannedRefund[] = [];
  for (const row of rows) {
    const payment = byId.get(row.pay_id);
    if (!payment?.provider_payment_id) throw new Error(`storno: payment ${row.pay_id} left the plan`);
    if (!(await addRefunded(trx, row.pay_id, row.amount, nowIso()))) {
      throw new Error(`storno: payment ${row.pay_id} over-refunded`);
    }
    planned.push({
      pay_id: row.pay_id,
      title: payment.title,
      amount: row.amount,
      provider_payment_id: payment.provider_payment_id,
    });
  }
  return planned;
}

/** Gives back what `reserveRefunds` counted for refunds that did not happen (inside a transaction). */
export async function releaseRefunds(trx: Kysely<DB>, rows: PlannedRefund[]): Promise<void> {
  for (const row of rows) {
    await subtractRefunded(trx, row.pay_id, row.amount, nowIso());
  }
}

/**
 * Asks the provider for each reserved refund, after the commit; returns the provider's ids of
 * those made and the rows it refused or failed on (none are tried after the first failure).
 */
export async function sendRefunds(
  provider: PaymentProvider,
  rows: PlannedRefund[],
  log: { error: (obj: object, msg: string) => void },
): Promise<{ done: Array<PlannedRefund & { refund_id: string }>; failed: PlannedRefund[] }> {
  const done: Array<PlannedRefund & { refund_id: string }> = [];
  for (const [i, row] of rows.entries()) {
    try {
      const refund = await provider.refund({
        providerPaymentId: row.provider_payment_id,
        amount: row.amount,
        idempotenceKey: `refund:${randomUUID()}`,
        description: `Возврат: ${row.title}`,
      });
      if (refund.status === 'canceled') throw new Error(`refund ${refund.id} canceled`);
      done.push({ ...row, refund_id: refund.id });
    } catch (err) {
      log.error({ err, pay_id: row.pay_id }, 'refund: the provider did not refund');
      return { done, failed: rows.slice(i) };
    }
  }
  return { done, failed: [] };
}

const sumOf = (rows: Array<{ amount: number }>) => rows.reduce((s, r) => s + r.amount, 0);

/** POST refund-storno/: the balance back to the cards, by the plan. */
export async function executeStorno(
  db: Kysely<DB>,
  provider: PaymentProvider,
  userId: number,
  refundSum: number,
  log: { error: (obj: object, msg: string) => void },
): Promise<RefundStornoPlan> {
  const planned = await db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    // The plan first (400 more than can be refunded), then the ledger (409 the balance is short).
    const rows = await reserveRefunds(trx, provider, userId, refundSum, null);
    if (!rows) throw badRequest('refund_sum', paymentMessages.refundTooMuch);
    await postTxn(trx, { kind: 'refund', user_id: userId, title: 'Возврат на карту (сторно)' }, [
      { account: accounts.customerMoney(userId), amount: -refundSum },
      { account: accounts.payouts, amount: refundSum },
    ]);
    return rows;
  });
  const { done, failed } = await sendRefunds(provider, planned, log);
  if (failed.length > 0) {
    const back = sumOf(failed);
    await db.transaction().execute(async (trx) => {
      await lockCustomer(trx, userId);
      await releaseRefunds(trx, failed);
      await postTxn(
        trx,
        { kind: 'refund', user_id: userId, title: 'Возврат не прошёл: сумма вернулась на баланс' },
        [
          { account: accounts.payouts, amount: -back },
          { account: accounts.customerMoney(userId), amount: back },
        ],
      );
    });
    throw new HttpError(502, paymentMessages.refundFailed);
  }
  return {
    refund_sum: refundSum,
    results: done.map((d) => ({ pay_id: d.pay_id, title: d.title, amount: d.amount })),
  };
}
