import { referralMessages } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { shortName } from './names';
import { claimReferralReward, findUserFio, setReferralTxns } from './repo';
import { accounts, postTxn } from '../ledger';

export interface RewardContext {
  /** The customer whose order became fully paid. */
  userId: number;
  paymentId: number;
  at: string;
}

/**
 * Called by settle.ts inside the settling transaction whenever an order of `userId` becomes fully
 * paid. When the customer came through a friend's link and this is their first such order, both
 * get the referral bonus (kind `referral_bonus`: bonus_pool −, customer_bonus:{user} +). Exactly
 * once: the UPDATE claiming the referral names `rewarded_at is null`, so a repeated or concurrent
 * notification of the same payment (which finds the payment settled anyway) and a second order paid
 * at the same time by another payment both find it claimed — on PostgreSQL the second UPDATE waits
 * for the first's row lock and then re-checks the condition; on SQLite the write lock serialises.
 * Returns true when it paid the reward now.
 */
export async function creditReferralReward(trx: Kysely<DB>, ctx: RewardContext): Promise<boolean> {
  const claimed = await claimReferralReward(trx, ctx.userId, ctx.at, ctx.paymentId);
  if (!claimed) return false;
  const reward = Number(claimed.reward);
  if (reward <= 0) return true;
  const friend = await findUserFio(trx, ctx.userId);
  const referrerTxn = await postTxn(
    trx,
    {
      kind: 'referral_bonus',
      user_id: claimed.referrer_id,
      payment_id: ctx.paymentId,
      title: referralMessages.referrerTitle(shortName(friend?.fio ?? '')),
      at: ctx.at,
    },
    [
      { account: accounts.bonusPool, amount: -reward },
      { account: accounts.customerBonus(claimed.referrer_id), amount: reward },
    ],
  );
  const referredTxn = await postTxn(
    trx,
    {
      kind: 'referral_bonus',
      user_id: ctx.userId,
      payment_id: ctx.paymentId,
      title: referralMessages.referredTitle,
      at: ctx.at,
    },
    [
      { account: accounts.bonusPool, amount: -reward },
      { account: accounts.customerBonus(ctx.userId), amount: reward },
    ],
  );
  await setReferralTxns(trx, claimed.id, referrerTxn, referredTxn);
  return true;
}
