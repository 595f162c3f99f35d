import type { PaymentPurpose } from '@cabinet/contract';
import { sql, type Kysely } from 'kysely';
import type { DB, PaymentRowStatus } from '../../db/types';

/**
 * The customer's lists (lists.ts): pages of `payments` and of the ledger's movements on the
 * customer's money and bonus accounts.
 */

/** Which of the customer's payments a list shows: their statuses, and for the history a period and a kind. */
export interface PaymentFilter {
  status: PaymentRowStatus | PaymentRowStatus[];
  /** `created_at` at or after. */
  from?: string | undefined;
  /** `created_at` before. */
  to?: string | undefined;
  purpose?: PaymentPurpose | undefined;
}

/** `payments` narrowed by a list's conditions, before anything is selected. */
function paymentsOf(db: Kysely<DB>, userId: number, f: PaymentFilter) {
  let query = db.selectFrom('payments').where('user_id', '=', userId);
  query = Array.isArray(f.status)
    ? query.where('status', 'in', f.status)
    : query.where('status', '=', f.status);
  if (f.from) query = query.where('created_at', '>=', f.from);
  if (f.to) query = query.where('created_at', '<', f.to);
  if (f.purpose) query = query.where('purpose', '=', f.purpose);
  return query;
}

/** The customer's payment `id`, or undefined (another's or none). */
export function findUserPayment(db: Kysely<DB>, userId: number, id: number) {
  return db
    .selectFrom('payments')
    .where('user_id', '=', userId)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countPayments(db: Kysely<DB>, userId: number, f: PaymentFilter): Promise<number> {
  const total = await paymentsOf(db, userId, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(total.n);
}

/** A page of the list, newest first. */
export function selectPaymentPage(
  db: Kysely<DB>,
  userId: number,
  f: PaymentFilter,
  limit: number,
  offset: number,
) {
  return paymentsOf(db, userId, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Every ledger txn with entries on the two accounts, with what it did to each (signed kopecks); a
 * txn that moved nothing of either is left out.
 */
function movedOn(db: Kysely<DB>, money: string, bonus: string) {
  return db
    .selectFrom('ledger_entries')
    .where('account', 'in', [money, bonus])
    .select([
      'txn_id',
      sql<number | string>`sum(case when account = ${money} then amount else 0 end)`.as('money'),
      sql<number | string>`sum(case when account = ${bonus} then amount else 0 end)`.as('bonus'),
    ])
    .groupBy('txn_id')
    .having((eb) =>
      eb.or([
        eb(sql`sum(case when account = ${money} then amount else 0 end)`, '!=', 0),
        eb(sql`sum(case when account = ${bonus} then amount else 0 end)`, '!=', 0),
      ]),
    );
}

export async function countMovements(db: Kysely<DB>, money: string, bonus: string): Promise<number> {
  const total = await db
    .selectFrom(movedOn(db, money, bonus).as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(total.n);
}

/** A page of the movements, newest first, with their txns' kind, title and time. */
export function selectMovementPage(
  db: Kysely<DB>,
  money: string,
  bonus: string,
  limit: number,
  offset: number,
) {
  return db
    .selectFrom(movedOn(db, money, bonus).as('m'))
    .innerJoin('ledger_txns as t', 't.id', 'm.txn_id')
    .select(['t.id', 't.kind', 't.title', 't.created_at', 'm.money', 'm.bonus'])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
