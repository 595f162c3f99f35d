import type { InviteChannel } from '@cabinet/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

/**
 * The referrals module's queries: codes, referrals, invites and the bonus account's movements
 * (the ledger's tables are read here, written only through modules/ledger).
 */

// Codes and referrals

export function findReferralCodeOf(db: Kysely<DB>, userId: number) {
  return db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
}

export async function insertReferralCode(
  db: Kysely<DB>,
  userId: number,
  code: string,
  createdAt: string,
): Promise<void> {
  await db.insertInto('referral_codes').values({ user_id: userId, code, created_at: createdAt }).execute();
}

export function findReferralCodeOwner(db: Kysely<DB>, code: string) {
  return db.selectFrom('referral_codes').select('user_id').where('code', '=', code).executeTakeFirst();
}

/** Records who brought the customer; nothing when they were recorded already. */
export async function insertReferral(
  db: Kysely<DB>,
  row: { referrer_id: number; referred_id: number; reward: number; registered_at: string },
): Promise<void> {
  await db
    .insertInto('referrals')
    .values(row)
    .onConflict((oc) => oc.column('referred_id').doNothing())
    .execute();
}

/**
 * Claims the customer's referral for the reward: one UPDATE naming `rewarded_at is null`, so of
 * concurrent claims exactly one returns the row (reward.ts).
 */
export function claimReferralReward(trx: Kysely<DB>, referredId: number, at: string, paymentId: number) {
  return trx
    .updateTable('referrals')
    .set({ rewarded_at: at, reward_payment_id: paymentId })
    .where('referred_id', '=', referredId)
    .where('rewarded_at', 'is', null)
    .returning(['id', 'referrer_id', 'reward'])
    .executeTakeFirst();
}

export async function setReferralTxns(
  trx: Kysely<DB>,
  id: number,
  referrerTxnId: number,
  referredTxnId: number,
): Promise<void> {
  await trx
    .updateTable('referrals')
    .set({ referrer_txn_id: referrerTxnId, referred_txn_id: referredTxnId })
    .where('id', '=', id)
    .execute();
}

/** The friends the customer brought, newest first, with their names and addresses. */
export function selectReferredFriends(db: Kysely<DB>, referrerId: number) {
  return db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referred_id')
    .select([
      'r.id',
      'r.registered_at',
      'r.rewarded_at',
      'r.reward',
      'r.referrer_txn_id',
      'u.fio',
      'u.email',
      'u.phone',
    ])
    .where('r.referrer_id', '=', referrerId)
    .orderBy('r.id', 'desc')
    .execute();
}

// Users

export function findUserFio(db: Kysely<DB>, userId: number) {
  return db.selectFrom('users').select('fio').where('id', '=', userId).executeTakeFirst();
}

export function findInviter(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['fio', 'email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A customer whose address (`email`) or number (`phone`, E.164) is this one. */
export function findUserIdBy(db: Kysely<DB>, column: 'email' | 'phone', value: string) {
  return db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst();
}

// Invites

export function findInvite(db: Kysely<DB>, userId: number, channel: InviteChannel, recipient: string) {
  return db
    .selectFrom('invites')
    .select('id')
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('recipient', '=', recipient)
    .executeTakeFirst();
}

export function countInvitesSince(db: Kysely<DB>, userId: number, since: string) {
  return db
    .selectFrom('invites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
}

/** The oldest invitation the customer sent after `since`. */
export function findOldestInviteSince(db: Kysely<DB>, userId: number, since: string) {
  return db
    .selectFrom('invites')
    .select('sent_at')
    .where('user_id', '=', userId)
    .where('sent_at', '>', since)
    .orderBy('sent_at')
    .executeTakeFirst();
}

export async function insertInvite(
  db: Kysely<DB>,
  row: { user_id: number; channel: InviteChannel; recipient: string; sent_at: string },
): Promise<void> {
  await db.insertInto('invites').values(row).execute();
}

/** The customer's invitations, newest first. */
export function selectInvites(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('invites')
    .select(['channel', 'recipient', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

// The bonus account

/** The net movement of the bonus account per txn, oldest first. */
export function selectBonusMoves(db: Kysely<DB>, account: string) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_txns as t', 't.id', 'e.txn_id')
    .where('e.account', '=', account)
    .select(['t.id', 't.created_at', (eb) => eb.fn.sum<number | string>('e.amount').as('amount')])
    .groupBy(['t.id', 't.created_at'])
    .orderBy('t.id')
    .execute();
}

/** The same with each txn's kind and title: the bonus screen's history. */
export function selectBonusHistory(db: Kysely<DB>, account: string) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_txns as t', 't.id', 'e.txn_id')
    .where('e.account', '=', account)
    .select([
      't.id',
      't.kind',
      't.title',
      't.created_at',
      (eb) => eb.fn.sum<number | string>('e.amount').as('amount'),
    ])
    .groupBy(['t.id', 't.kind', 't.title', 't.created_at'])
    .orderBy('t.id')
    .execute();
}

/**
 * A batch of accounts named `<prefix>…` after `after` holding a positive balance and a credit made
 * at or before `cutoff`, in order of the account: the expiry sweep's candidates.
 */
export function selectBonusAccountsWithOldCredits(
  db: Kysely<DB>,
  prefix: string,
  after: string,
  cutoff: string,
  limit: number,
) {
  return db
    .selectFrom('ledger_balances as b')
    .select('b.account')
    .where('b.account', 'like', `${prefix}%`)
    .where('b.balance', '>', 0)
    .where('b.account', '>', after)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('ledger_entries as e')
          .innerJoin('ledger_txns as t', 't.id', 'e.txn_id')
          .select(sql`1`.as('one'))
          .whereRef('e.account', '=', 'b.account')
          .where('e.amount', '>', 0)
          .where('t.created_at', '<=', cutoff),
      ),
    )
    .orderBy('b.account')
    .limit(limit)
    .execute();
}
