import { sql, type Kysely, type Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/types';

type UserAttribution = Pick<Updateable<UsersTable>, 'referrer' | 'landing' | 'campaign' | 'affiliate_uid'>;

export async function setUserAttribution(db: Kysely<DB>, userId: number, a: UserAttribution): Promise<void> {
  await db.updateTable('users').set(a).where('id', '=', userId).execute();
}

export function findUserAttribution(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['referrer', 'landing', 'campaign', 'affiliate_uid'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** 1 when an affiliate uid was recorded, else 0: the partner half of the report's grouping. */
const affiliated = sql<number>`case when affiliate_uid is null then 0 else 1 end`;

/**
 * The real orders placed in [start, end) by campaign tag and partner: how many, how many paid,
 * and what was settled on them (`orders.paid`).
 */
export function selectOrdersByCampaign(db: Kysely<DB>, start: string, end: string) {
  return db
    .selectFrom('orders')
    .select([
      'campaign',
      affiliated.as('affiliated'),
      (eb) => eb.fn.countAll<number | string>().as('placed'),
      sql<number | string>`sum(case when paid > 0 then 1 else 0 end)`.as('paid_count'),
      sql<number | string>`coalesce(sum(paid), 0)`.as('paid_sum'),
    ])
    .where('is_fake', '=', 0)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(['campaign', sql`case when affiliate_uid is null then 0 else 1 end`])
    .execute();
}

/** Bonuses spent on those orders: the customer's bonus account's side of `bonus_spent` txns. */
export function selectBonusesSpentByCampaign(db: Kysely<DB>, start: string, end: string) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_txns as t', 't.id', 'e.txn_id')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select([
      'o.campaign as campaign',
      sql<number>`case when o.affiliate_uid is null then 0 else 1 end`.as('affiliated'),
      sql<number | string>`coalesce(sum(-e.amount), 0)`.as('spent'),
    ])
    .where('t.kind', '=', 'bonus_spent')
    .where('e.account', 'like', 'customer_bonus:%')
    .where('o.is_fake', '=', 0)
    .where('o.created_at', '>=', start)
    .where('o.created_at', '<', end)
    .groupBy(['o.campaign', sql`case when o.affiliate_uid is null then 0 else 1 end`])
    .execute();
}

/** The customers who registered in [start, end) by campaign tag and partner. */
export function selectRegistrationsByCampaign(db: Kysely<DB>, start: string, end: string) {
  return db
    .selectFrom('users')
    .select([
      'campaign',
      affiliated.as('affiliated'),
      (eb) => eb.fn.countAll<number | string>().as('registered'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(['campaign', sql`case when affiliate_uid is null then 0 else 1 end`])
    .execute();
}
