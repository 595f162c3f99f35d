import { referralMessages } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { selectBonusAccountsWithOldCredits, selectBonusMoves } from './repo';
import { accounts, lockCustomer, postTxn } from '../ledger';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One movement of a customer's bonus account, in the order it happened (signed kopecks). */
export interface BonusMove {
  txnId: number;
  at: string;
  amount: number;
}

/** A credit of bonuses and what is left of it after the spending that came later. */
export interface BonusLot {
  txnId: number;
  credited_at: string;
  expires_at: string;
  amount: number;
  left: number;
}

/** When a credit made at `at` expires. */
export function expiryOf(at: string, ttlDays: number): string {
  return new Date(Date.parse(at) + ttlDays * DAY_MS).toISOString();
}

/**
 * The lots of a bonus account, FIFO (docs/decisions/021): every credit is a lot that expires
 * `ttlDays` after it; every debit — spending, an expiry, a refund taking bonuses back — takes from
 * the oldest lots first. As every lot lives equally long, the oldest is also the first to expire,
 * so spending never leaves an older lot to burn while a younger one is used, and an expiry (posted
 * for exactly what is left of the expired lots) takes those lots and nothing else. A debit beyond
 * what the lots hold (never, as the account cannot go below zero) takes nothing more.
 */
export function bonusLots(moves: readonly BonusMove[], ttlDays: number): BonusLot[] {
  const lots: BonusLot[] = [];
  let oldest = 0;
  for (const move of moves) {
    if (move.amount > 0) {
      lots.push({
        txnId: move.txnId,
        credited_at: move.at,
        expires_at: expiryOf(move.at, ttlDays),
        amount: move.amount,
        left: move.amount,
      });
      continue;
    }
    let debit = -move.amount;
    while (debit > 0 && oldest < lots.length) {
      const lot = lots[oldest]!;
      const taken = Math.min(lot.left, debit);
      lot.left -= taken;
      debit -= taken;
      if (lot.left === 0) oldest += 1;
    }
  }
  return lots;
}

/** What is left of the lots expired by `now`: what the sweep takes away. */
export function expiredAmount(lots: readonly BonusLot[], now: Date): number {
  const at = now.toISOString();
  return lots.filter((l) => l.left > 0 && l.expires_at <= at).reduce((sum, l) => sum + l.left, 0);
}

/** The next lots to expire after `now`, soonest first. */
export function expiringLots(lots: readonly BonusLot[], now: Date, limit: number) {
  const at = now.toISOString();
  return lots
    .filter((l) => l.left > 0 && l.expires_at > at)
    .sort((a, b) => (a.expires_at < b.expires_at ? -1 : a.expires_at > b.expires_at ? 1 : a.txnId - b.txnId))
    .slice(0, limit)
    .map((l) => ({ amount: l.left, expires_at: l.expires_at }));
}

/** The customer's bonus movements, oldest first. */
export async function bonusMoves(db: Kysely<DB>, userId: number): Promise<BonusMove[]> {
  const rows = await selectBonusMoves(db, accounts.customerBonus(userId));
  return rows
    .map((r) => ({ txnId: r.id, at: r.created_at, amount: Number(r.amount) }))
    .filter((m) => m.amount !== 0);
}

/**
 * Takes away what is left of the customer's expired lots (kind `bonus_expired`: customer_bonus −,
 * bonus_pool +), in a transaction holding the customer's lock — the one settling takes before it
 * spends bonuses — and reading the lots under it, so two instances sweeping at once, or a sweep and
 * a payment, never take the same bonuses twice: the second finds the first's txn. Returns kopecks.
 */
export async function expireBonusesOf(
  db: Kysely<DB>,
  userId: number,
  ttlDays: number,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    const expired = expiredAmount(bonusLots(await bonusMoves(trx, userId), ttlDays), now);
    if (expired <= 0) return 0;
    await postTxn(
      trx,
      { kind: 'bonus_expired', user_id: userId, title: referralMessages.expiredTitle, at: now.toISOString() },
      [
        { account: accounts.customerBonus(userId), amount: -expired },
        { account: accounts.bonusPool, amount: expired },
      ],
    );
    return expired;
  });
}

/** Customers handled per query for candidates. */
const BATCH = 100;

/**
 * The sweep: every customer holding bonuses and a credit older than the TTL gets `expireBonusesOf`.
 * Safe on several instances (see there). Returns kopecks expired in all.
 */
export async function sweepExpiredBonuses(
  db: Kysely<DB>,
  ttlDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - ttlDays * DAY_MS).toISOString();
  const prefix = 'customer_bonus:';
  let total = 0;
  let after = '';
  for (;;) {
    const rows = await selectBonusAccountsWithOldCredits(db, prefix, after, cutoff, BATCH);
    if (rows.length === 0) return total;
    for (const { account } of rows) {
      const userId = Number(account.slice(prefix.length));
      if (Number.isSafeInteger(userId)) total += await expireBonusesOf(db, userId, ttlDays, now);
    }
    after = rows[rows.length - 1]!.account;
  }
}

/** How often the sweep runs: hourly. */
export const BONUS_SWEEP_MS = 60 * 60 * 1000;
