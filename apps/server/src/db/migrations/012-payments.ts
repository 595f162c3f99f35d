import { withId, type AnyDb } from './helpers';

/**
 * Payments and money (docs/decisions/018-ledger.md). A double-entry ledger: every
 * movement is a `ledger_txns` row with balanced `ledger_entries` (their amounts sum to zero),
 * written in one database transaction. Accounts are names (`customer_money:{user}`,
 * `customer_bonus:{user}`, `revenue`, `provider_clearing`, `payouts`, `tips:{staff}`, `bonus_pool`…);
 * a customer's balance is the sum of their account's entries, cached in `ledger_balances`
 * in the same transaction. Every amount is integer kopecks.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('ledger_txns'))
    // payment | balance_payment | replenish | tip | bonus_accrual | bonus_spent | refund | repayment | …
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_txns_user').on('ledger_txns').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('ledger_entries'))
    .addColumn('txn_id', 'integer', (c) => c.notNull().references('ledger_txns.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => c.notNull())
    // signed kopecks: debit +, credit − ; the entries of a txn sum to zero
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_txn').on('ledger_entries').column('txn_id').execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').column('account').execute();

  // The cached sum of an account's entries, updated with every entry (ledger:check compares).
  await db.schema
    .createTable('ledger_balances')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('payments'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // order | packet | tip | replenish
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    // kopecks the provider (or the balance) is asked for, and bonuses spent beside it
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_method', 'text')
    // pending | succeeded | canceled
    .addColumn('status', 'text', (c) => c.notNull())
    // test | yookassa | balance
    .addColumn('provider', 'text')
    .addColumn('provider_payment_id', 'text')
    .addColumn('confirmation_url', 'text')
    // JSON: what settling must do (the orders of a packet, half or full, …)
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user').on('payments').columns(['user_id', 'status', 'id']).execute();
  await db.schema
    .createIndex('payments_provider_id')
    .on('payments')
    .columns(['provider', 'provider_payment_id'])
    .unique()
    .execute();

  // Idempotency-Key of money-moving POSTs: the first answer, returned again; another body → 409.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  // SMS verification per purpose (repayment, bonus).
  await db.schema
    .createTable('verifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    // unverified | requested | verified
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('code_sent_at', 'text')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'text')
    .addPrimaryKeyConstraint('verifications_pk', ['user_id', 'purpose'])
    .execute();

  // Refund claims and payouts (repayment to a card) a manager handles.
  await withId(db, db.schema.createTable('payouts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // repayment | claim
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    // pending | succeeded | canceled
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON: card (masked), recipient, country, reason, pay_ids
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('provider_payout_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payouts_user').on('payouts').columns(['user_id', 'id']).execute();

  // SMS kept for development (no SMS provider): the dev outbox reads them beside e-mails.
  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_phone').on('sms_outbox').columns(['phone', 'id']).execute();

  // The test provider's own books (PAYMENTS_PROVIDER=test): what its bank page shows and settles.
  await db.schema
    .createTable('test_bank_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('idempotence_key', 'text', (c) => c.notNull().unique())
    // pending | succeeded | canceled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
