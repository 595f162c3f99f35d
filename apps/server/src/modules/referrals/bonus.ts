import {
  BONUS_EXPIRING_SHOWN,
  BONUS_HISTORY_PAGE_SIZE,
  BONUS_KINDS,
  type Bonus,
  type BonusKind,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { BONUS_ACCRUAL_PERCENT } from '../payments';
import { bonusLots, expireBonusesOf, expiringLots } from './expiry';
import { selectBonusHistory } from './repo';
import { accounts, balanceOf } from '../ledger';

const KINDS: ReadonlySet<string> = new Set(BONUS_KINDS);

function bonusKind(kind: string): BonusKind {
  if (KINDS.has(kind)) return kind as BonusKind;
  if (kind.startsWith('refund') || kind === 'storno') return 'refund';
  return 'other';
}

export interface BonusSettings {
  ttlDays: number;
  /** Kopecks to each side for a friend's first paid order. */
  referralBonus: number;
  /** The share of an order's price bonuses may cover, in percent. */
  maxSharePercent: number;
}

/**
 * GET bonus/: the balance, the rules, the history (newest first, by pages) and the next lots to
 * expire. What has expired by now is taken away first, so the balance shown never holds bonuses
 * that can no longer be spent, whenever the sweep last ran.
 */
export async function bonusOf(
  db: Kysely<DB>,
  userId: number,
  page: number,
  settings: BonusSettings,
  now = new Date(),
): Promise<Bonus> {
  await expireBonusesOf(db, userId, settings.ttlDays, now);
  const rows = await selectBonusHistory(db, accounts.customerBonus(userId));
  const moves = rows.map((r) => ({ ...r, amount: Number(r.amount) })).filter((r) => r.amount !== 0);
  const lots = bonusLots(
    moves.map((m) => ({ txnId: m.id, at: m.created_at, amount: m.amount })),
    settings.ttlDays,
  );
  const lotOf = new Map(lots.map((l) => [l.txnId, l]));
  const start = (page - 1) * BONUS_HISTORY_PAGE_SIZE;
  const history = [...moves]
    .reverse()
    .slice(start, start + BONUS_HISTORY_PAGE_SIZE)
    .map((m) => {
      const lot = lotOf.get(m.id);
      return {
        id: m.id,
        kind: bonusKind(m.kind),
        title: m.title,
        amount: m.amount,
        at: m.created_at,
        ...(lot && lot.left > 0 ? { expires_at: lot.expires_at } : {}),
      };
    });
  return {
    balance: await balanceOf(db, accounts.customerBonus(userId)),
    rules: {
      accrual_percent: BONUS_ACCRUAL_PERCENT,
      referral_bonus: settings.referralBonus,
      max_share_percent: settings.maxSharePercent,
      ttl_days: settings.ttlDays,
    },
    history,
    count: moves.length,
    page,
    page_size: BONUS_HISTORY_PAGE_SIZE,
    expiring: expiringLots(lots, now, BONUS_EXPIRING_SHOWN),
  };
}
