import { withId, type AnyDb } from './helpers';

/**
 * Referral codes, invites and referral rewards (docs/decisions/021-referrals-and-bonus-expiry.md).
 * Bonus expiry needs no table: the lots are the credits of the customer's `customer_bonus` account in
 * the ledger, spent oldest first (referrals/expiry.ts).
 */
export async function up(db: AnyDb): Promise<void> {
  // One personal code per customer, made on first use (GET add-friend/).
  await db.schema
    .createTable('referral_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Who brought whom. A customer is referred at most once (unique referred_id); the reward is paid
  // once: the UPDATE that sets rewarded_at names `rewarded_at is null` (referrals/reward.ts).
  await withId(db, db.schema.createTable('referrals'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('referred_id', 'integer', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    // kopecks promised to each side when the friend registered (REFERRAL_BONUS_RUB then)
    .addColumn('reward', 'integer', (c) => c.notNull())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addColumn('rewarded_at', 'text')
    .addColumn('reward_payment_id', 'integer')
    .addColumn('referrer_txn_id', 'integer')
    .addColumn('referred_txn_id', 'integer')
    .execute();
  await db.schema.createIndex('referrals_referrer').on('referrals').columns(['referrer_id', 'id']).execute();

  // Invitations sent: once per recipient per customer, INVITES_PER_DAY a day.
  await withId(db, db.schema.createTable('invites'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // email | sms
    .addColumn('channel', 'text', (c) => c.notNull())
    // the lower-case e-mail, or the phone as users.phone stores it: +7 (916) 123-45-67
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invites_recipient')
    .on('invites')
    .columns(['user_id', 'channel', 'recipient'])
    .unique()
    .execute();
  await db.schema.createIndex('invites_user_sent').on('invites').columns(['user_id', 'sent_at']).execute();
}
