import type { Kysely, Selectable } from 'kysely';
import type { DB, StaffUsersTable } from '../../db/types';

export type StaffRow = Selectable<StaffUsersTable>;

// Staff members ---------------------------------------------------------------

export function findStaffByEmail(db: Kysely<DB>, email: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findStaffById(db: Kysely<DB>, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Active performers with the number of their orders still in work (3–6). */
export function listPerformers(db: Kysely<DB>) {
  return db
    .selectFrom('staff_users as s')
    .leftJoin('orders as o', (join) =>
      join.onRef('o.performer_id', '=', 's.id').on('o.is_fake', '=', 0).on('o.status_id', 'in', [3, 4, 5, 6]),
    )
    .select(['s.id', 's.name'])
    .select((eb) => eb.fn.count<number | string>('o.id').as('active_orders'))
    .where('s.role', '=', 'performer')
    .where('s.is_active', '=', 1)
    .groupBy(['s.id', 's.name'])
    .orderBy('s.name')
    .execute();
}
