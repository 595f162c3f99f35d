import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, PayoutsTable } from '../../db/types';

/**
 * Money leaving the balance: `payouts` rows (repayments and refund claims, payouts.ts) and what a
 * storno counts in `payments.refunded` (refunds.ts).
 */

// Payouts and claims

/** Writes a payout row; returns its id. */
export async function insertPayout(db: Kysely<DB>, row: Insertable<PayoutsTable>): Promise<number> {
  const { id } = await db.insertInto('payouts').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePayout(db: Kysely<DB>, id: number, set: Updateable<PayoutsTable>): Promise<void> {
  await db.updateTable('payouts').set(set).where('id', '=', id).execute();
}

/** The ids among `payIds` of the customer's own payments. */
export function selectOwnPaymentIds(db: Kysely<DB>, userId: number, payIds: number[]) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', payIds)
    .execute();
}

const claimColumns = [
  'payouts.id',
  'payouts.user_id',
  'users.email',
  'payouts.amount',
  'payouts.status',
  'payouts.data',
  'payouts.created_at',
  'payouts.updated_at',
] as const;

function claimsWithCustomers(db: Kysely<DB>) {
  return db
    .selectFrom('payouts')
    .innerJoin('users', 'users.id', 'payouts.user_id')
    .where('payouts.kind', '=', 'claim');
}

/** Refund claims waiting for a manager, oldest first. */
export function selectPendingClaims(db: Kysely<DB>) {
  return claimsWithCustomers(db)
    .select(claimColumns)
    .where('payouts.status', '=', 'pending')
    .orderBy('payouts.id', 'asc')
    .execute();
}

/** The last `limit` refund claims decided, the latest first. */
export function selectDecidedClaims(db: Kysely<DB>, limit: number) {
  return claimsWithCustomers(db)
    .select(claimColumns)
    .where('payouts.status', '!=', 'pending')
    .orderBy('payouts.updated_at', 'desc')
    .orderBy('payouts.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countClaims(db: Kysely<DB>): Promise<number> {
  const count = await claimsWithCustomers(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** A payout (of any kind) with its customer's e-mail, as the claims' list shows it. */
export function findClaim(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('payouts')
    .innerJoin('users', 'users.id', 'payouts.user_id')
    .select(claimColumns)
    .where('payouts.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The customer of refund claim `id`, read before their lock is taken. */
export function findClaimCustomer(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('payouts')
    .select('user_id')
    .where('id', '=', id)
    .where('kind', '=', 'claim')
    .executeTakeFirst();
}

export function findPayout(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('payouts')
    .select(['id', 'user_id', 'amount', 'status', 'data'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

// Refunds of payments

/**
 * The customer's payments through `provider` it can still refund (succeeded, with the provider's
 * id, not wholly refunded), among `payIds` when given, newest first.
 */
export function selectRefundablePayments(
  db: Kysely<DB>,
  provider: string,
  userId: number,
  payIds: number[] | null,
) {
  let query = db
    .selectFrom('payments')
    .select(['id as pay_id', 'title', 'amount', 'refunded', 'provider_payment_id'])
    .where('user_id', '=', userId)
    .where('status', '=', 'succeeded')
    // Only the provider that took it can give it back; balance payments never left the service.
    .where('provider', '=', provider)
    .where('provider_payment_id', 'is not', null)
    .whereRef('refunded', '<', 'amount');
  if (payIds) query = query.where('id', 'in', payIds);
  return query.orderBy('id', 'desc').execute();
}

/** Counts `amount` more refunded of a payment unless that passes its amount; true when it did. */
export async function addRefunded(
  trx: Kysely<DB>,
  payId: number,
  amount: number,
  at: string,
): Promise<boolean> {
  const updated = await trx
    .updateTable('payments')
    .set((eb) => ({ refunded: eb('refunded', '+', amount), updated_at: at }))
    .where('id', '=', payId)
    .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Counts `amount` less refunded of a payment (a refund that did not happen). */
export async function subtractRefunded(
  trx: Kysely<DB>,
  payId: number,
  amount: number,
  at: string,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set((eb) => ({ refunded: eb('refunded', '-', amount), updated_at: at }))
    .where('id', '=', payId)
    .execute();
}
