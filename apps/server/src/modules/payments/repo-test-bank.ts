import type { Insertable, Kysely } from 'kysely';
import type { DB, TestBankPaymentsTable } from '../../db/types';

/** The test provider's books, `test_bank_payments` (providers/test.ts, routes-test-bank.ts). */

export function findTestBankPaymentByKey(db: Kysely<DB>, idempotenceKey: string) {
  return db
    .selectFrom('test_bank_payments')
    .selectAll()
    .where('idempotence_key', '=', idempotenceKey)
    .executeTakeFirst();
}

export function findTestBankPayment(db: Kysely<DB>, id: string) {
  return db.selectFrom('test_bank_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the bank's page shows of a payment. */
export function findTestBankPage(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('test_bank_payments')
    .select(['id', 'amount', 'description', 'return_url', 'status', 'payment_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertTestBankPayment(
  db: Kysely<DB>,
  row: Insertable<TestBankPaymentsTable>,
): Promise<void> {
  await db.insertInto('test_bank_payments').values(row).execute();
}

/** A pending payment becomes succeeded or canceled (once). */
export async function completeTestBankPayment(
  db: Kysely<DB>,
  id: string,
  outcome: 'succeeded' | 'canceled',
): Promise<void> {
  await db
    .updateTable('test_bank_payments')
    .set({ status: outcome })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Counts `amount` more refunded of a succeeded payment unless that passes its amount; true when it did. */
export async function refundTestBankPayment(db: Kysely<DB>, id: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('test_bank_payments')
    .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
    .where('id', '=', id)
    .where('status', '=', 'succeeded')
    .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
