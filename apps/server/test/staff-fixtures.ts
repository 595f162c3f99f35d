import { STAFF_REFRESH_COOKIE_NAME, StaffTokenSchema, type StaffRole, staffApi } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { nowIso } from '../src/db/index';
import { hashPassword } from '../src/lib/passwords';
import { bearer, uniqueEmail } from './helpers';

export const STAFF_PASSWORD = 'Staff-Secret-2026';

export interface TestStaff {
  id: number;
  email: string;
  role: StaffRole;
  name: string;
  auth: { authorization: string };
  refresh: string;
}

/** Writes a staff member into the database (there is no sign-up) and signs them in through the API. */
export async function createStaff(
  app: FastifyInstance,
  role: StaffRole,
  over: { name?: string; is_active?: 0 | 1 } = {},
): Promise<TestStaff> {
  const email = uniqueEmail(role);
  const name = over.name ?? (role === 'manager' ? 'Ольга' : 'Иван К.');
  const row = await app.database.db
    .insertInto('staff_users')
    .values({
      email,
      password_hash: await hashPassword(STAFF_PASSWORD),
      role,
      name,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const res = await app.inject({
    method: 'POST',
    url: staffApi.login,
    payload: { email, password: STAFF_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = StaffTokenSchema.parse(res.json());
  const refresh = res.cookies.find((c) => c.name === STAFF_REFRESH_COOKIE_NAME)?.value ?? '';
  if (over.is_active === 0) {
    await app.database.db.updateTable('staff_users').set({ is_active: 0 }).where('id', '=', row.id).execute();
  }
  return { id: row.id, email, role, name, auth: bearer(body.access), refresh };
}

/** Tests pay in the database, as the payment will (status 3, paid = price). */
export async function payInDb(app: FastifyInstance, orderId: number): Promise<void> {
  await app.database.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['price'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('orders')
      .set({ status_id: 3, paid: order.price })
      .where('id', '=', orderId)
      .execute();
    await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        kind: 'paid',
        actor_role: 'system',
        staff_id: null,
        data: JSON.stringify({ amount: order.price }),
        created_at: nowIso(),
      })
      .execute();
  });
}
