import {
  PAYOUT_MAX_KOPECKS,
  PAYOUT_MIN_KOPECKS,
  paymentMessages,
  type RefundClaimRequestSchema,
  type RepaymentRequestSchema,
  type RepaymentResultSchema,
  type StaffRefundClaim,
  type StaffRefundClaimList,
} from '@cabinet/contract';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import type { PaymentProvider } from './providers/types';
import { releaseRefunds, reserveRefunds, sendRefunds } from './refunds';
import {
  countClaims,
  findClaim,
  findClaimCustomer,
  findPayout,
  insertPayout,
  selectDecidedClaims,
  selectOwnPaymentIds,
  selectPendingClaims,
  updatePayout,
} from './repo-payouts';
import type { VerificationService } from './verification';
import { accounts, balanceOf, lockCustomer, postTxn } from '../ledger';

/**
 * Money leaving the balance on the customer's request: a repayment to a card, at once,
 * and a refund claim, held until a manager decides. Both only after SMS verification for
 * `repayment` (spec §4), both inside one transaction under the customer's lock, so that parallel
 * requests can never take the balance below zero.
 */

/** Money of refund claims waiting for a manager: off the customer's balance, not yet paid out. */
export const CLAIMS_HOLD = 'claims_hold';

/** Spec §3 "refund-recipient-countries": where a card may be issued. */
export const REFUND_COUNTRIES = [
  { code: 'RU', title: 'Россия' },
  { code: 'KZ', title: 'Казахстан' },
  { code: 'BY', title: 'Беларусь' },
  { code: 'AM', title: 'Армения' },
  { code: 'KG', title: 'Киргизия' },
  { code: 'UZ', title: 'Узбекистан' },
] as const;

export const REFUND_EXTRA = {
  min_amount: PAYOUT_MIN_KOPECKS,
  max_amount: PAYOUT_MAX_KOPECKS,
  fee_percent: 0,
  days: 'до 3 рабочих дней',
};

type Log = { error: (obj: object, msg: string) => void };

export interface PayoutDeps {
  db: Kysely<DB>;
  provider: PaymentProvider;
  verification: VerificationService;
}

type RepaymentRequest = z.infer<typeof RepaymentRequestSchema>;
type RefundClaimRequest = z.infer<typeof RefundClaimRequestSchema>;
type RepaymentResult = z.infer<typeof RepaymentResultSchema>;

function checkAmount(amount: number): void {
  if (amount < PAYOUT_MIN_KOPECKS || amount > PAYOUT_MAX_KOPECKS) {
    throw badRequest('amount', paymentMessages.payoutAmountRange);
  }
}

/** «**** 1234»: the only part of a card number the service keeps. */
export const maskCard = (cardNumber: string) => `**** ${cardNumber.slice(-4)}`;

/** POST repayment/: the balance to a card through the provider, at once. */
export async function repay(
  deps: PayoutDeps,
  userId: number,
  body: RepaymentRequest,
): Promise<RepaymentResult> {
  checkAmount(body.amount);
  if (!REFUND_COUNTRIES.some((c) => c.code === body.country.toUpperCase())) {
    throw badRequest('country', paymentMessages.countryUnknown);
  }
  const card = maskCard(body.card_number);
  return deps.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    await deps.verification.requireVerified(trx, userId, 'repayment');
    const title = `Вывод на карту ${card}`;
    // The ledger first: a short balance refuses (409) before anything else is written.
    await postTxn(trx, { kind: 'repayment', user_id: userId, title }, [
      { account: accounts.customerMoney(userId), amount: -body.amount },
      { account: accounts.payouts, amount: body.amount },
    ]);
    const at = nowIso();
    // A fresh key, not the row's id: a rolled-back id may be issued again, and the provider
    // would answer it with the earlier payout.
    const idempotenceKey = `payout:${randomUUID()}`;
    const id = await insertPayout(trx, {
      user_id: userId,
      kind: 'repayment',
      amount: body.amount,
      status: 'pending',
      data: JSON.stringify({
        card,
        recipient_name: body.recipient_name,
        country: body.country.toUpperCase(),
        idempotence_key: idempotenceKey,
      }),
      provider_payout_id: null,
      created_at: at,
      updated_at: at,
    });
    // Inside the transaction: a provider that refuses or fails rolls the debit back. The lock is
    // held for the call (the test provider answers at once; a real one within its timeout).
    const result = await deps.provider.payout({
      payoutId: id,
      amount: body.amount,
      cardNumber: body.card_number,
      description: title,
      idempotenceKey,
    });
    if (result.status === 'canceled') {
      await postTxn(
        trx,
        { kind: 'repayment', user_id: userId, title: `${title}: отклонён, деньги вернулись` },
        [
          { account: accounts.payouts, amount: -body.amount },
          { account: accounts.customerMoney(userId), amount: body.amount },
        ],
      );
    }
    await updatePayout(trx, id, {
      status: result.status,
      provider_payout_id: result.id,
      updated_at: nowIso(),
    });
    return { id, status: result.status, money: await balanceOf(trx, accounts.customerMoney(userId)) };
  });
}

/** POST refund-claim/: the amount is held off the balance until a manager approves or rejects it. */
export async function createClaim(
  deps: PayoutDeps,
  userId: number,
  body: RefundClaimRequest,
): Promise<RepaymentResult> {
  checkAmount(body.amount);
  const payIds = [...new Set(body.pay_ids ?? [])];
  return deps.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    await deps.verification.requireVerified(trx, userId, 'repayment');
    if (payIds.length > 0) {
      const own = await selectOwnPaymentIds(trx, userId, payIds);
      // Another customer's payment is as unknown as one that does not exist.
      if (own.length !== payIds.length) throw notFound();
    }
    const at = nowIso();
    const id = await insertPayout(trx, {
      user_id: userId,
      kind: 'claim',
      amount: body.amount,
      status: 'pending',
      data: JSON.stringify({ reason: body.reason, pay_ids: payIds }),
      provider_payout_id: null,
      created_at: at,
      updated_at: at,
    });
    await postTxn(
      trx,
      { kind: 'refund', user_id: userId, title: `Заявка на возврат №${id}: сумма ждёт решения` },
      [
        { account: accounts.customerMoney(userId), amount: -body.amount },
        { account: CLAIMS_HOLD, amount: body.amount },
      ],
    );
    return { id, status: 'pending', money: await balanceOf(trx, accounts.customerMoney(userId)) };
  });
}

interface ClaimData {
  reason: string;
  pay_ids: number[];
}

function claimData(data: string): ClaimData {
  const parsed = JSON.parse(data) as Partial<ClaimData>;
  return { reason: parsed.reason ?? '', pay_ids: parsed.pay_ids ?? [] };
}

type ClaimRow = Omit<StaffRefundClaim, 'reason' | 'pay_ids'> & { data: string };

function toClaim(row: ClaimRow): StaffRefundClaim {
  const { data, ...rest } = row;
  return { ...rest, ...claimData(data) };
}

/** GET /api/staff/refund-claims/: pending claims first (oldest waiting first), then the decided. */
export async function listClaims(db: Kysely<DB>): Promise<StaffRefundClaimList> {
  const [pending, decided, count] = await Promise.all([
    selectPendingClaims(db),
    selectDecidedClaims(db, 100),
    countClaims(db),
  ]);
  return { results: [...pending, ...decided].map(toClaim), count };
}

/** A pending claim, under its customer's lock; 404 unknown, 409 already decided. */
async function lockPendingClaim(trx: Kysely<DB>, id: number) {
  const first = await findClaimCustomer(trx, id);
  if (!first) throw notFound('Заявка не найдена');
  await lockCustomer(trx, first.user_id);
  const claim = await findPayout(trx, id);
  if (claim.status !== 'pending') throw new HttpError(409, paymentMessages.claimDecided);
  return claim;
}

async function claimById(db: Kysely<DB>, id: number): Promise<StaffRefundClaim> {
  return toClaim(await findClaim(db, id));
}

/**
 * A manager approves: the held money goes back through the provider to the payments it came from
 * — those the claim names, or else the customer's newest — as a storno does (refunds.ts: reserved
 * in the transaction, sent after it, given back to the hold if the provider refuses); the hold
 * empties into `payouts`. A claim no payments can cover is refused (409): it can only be rejected.
 */
export async function approveClaim(
  deps: Pick<PayoutDeps, 'db' | 'provider'> & { log: Log },
  id: number,
): Promise<StaffRefundClaim> {
  const { claim, data, planned } = await deps.db.transaction().execute(async (trx) => {
    const claim = await lockPendingClaim(trx, id);
    const data = claimData(claim.data);
    const payIds = data.pay_ids.length > 0 ? data.pay_ids : null;
    const planned = await reserveRefunds(trx, deps.provider, claim.user_id, claim.amount, payIds);
    if (!planned) throw new HttpError(409, paymentMessages.claimNotCovered);
    await postTxn(trx, { kind: 'refund', user_id: claim.user_id, title: `Возврат по заявке №${id}` }, [
      { account: CLAIMS_HOLD, amount: -claim.amount },
      { account: accounts.payouts, amount: claim.amount },
    ]);
    // Decided now, so that a second approval waits for nothing and gets 409.
    await updatePayout(trx, id, { status: 'succeeded', updated_at: nowIso() });
    return { claim, data, planned };
  });
  const { done, failed } = await sendRefunds(deps.provider, planned, deps.log);
  await deps.db.transaction().execute(async (trx) => {
    if (failed.length > 0) {
      const back = failed.reduce((s, r) => s + r.amount, 0);
      await lockCustomer(trx, claim.user_id);
      await releaseRefunds(trx, failed);
      await postTxn(
        trx,
        { kind: 'refund', user_id: claim.user_id, title: `Возврат по заявке №${id} не прошёл` },
        [
          { account: accounts.payouts, amount: -back },
          { account: CLAIMS_HOLD, amount: back },
        ],
      );
    }
    await updatePayout(trx, id, {
      // Part refunded, part back on hold: the claim waits for the manager again.
      status: failed.length > 0 ? 'pending' : 'succeeded',
      data: JSON.stringify({
        ...data,
        refunds: done.map((d) => ({ pay_id: d.pay_id, amount: d.amount, refund_id: d.refund_id })),
      }),
      amount: failed.length > 0 ? failed.reduce((s, r) => s + r.amount, 0) : claim.amount,
      updated_at: nowIso(),
    });
  });
  if (failed.length > 0) throw new HttpError(502, paymentMessages.refundFailed);
  return claimById(deps.db, id);
}

/** A manager rejects: the held money goes back to the customer's balance. */
export async function rejectClaim(db: Kysely<DB>, id: number): Promise<StaffRefundClaim> {
  await db.transaction().execute(async (trx) => {
    const claim = await lockPendingClaim(trx, id);
    await postTxn(
      trx,
      {
        kind: 'refund',
        user_id: claim.user_id,
        title: `Заявка на возврат №${id} отклонена: сумма вернулась на баланс`,
      },
      [
        { account: CLAIMS_HOLD, amount: -claim.amount },
        { account: accounts.customerMoney(claim.user_id), amount: claim.amount },
      ],
    );
    await updatePayout(trx, id, { status: 'canceled', updated_at: nowIso() });
  });
  return claimById(db, id);
}
