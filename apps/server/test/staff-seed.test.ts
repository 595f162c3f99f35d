import { StaffOrderListSchema, StaffTokenSchema, staffApi } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed';
import { DEMO_STAFF } from '../src/db/seed-staff';
import { bearer, buildTestApp, registerCustomer } from './helpers';

describe('demo staff', () => {
  it('are seeded with the demo customer, sign in, and find a living queue', async () => {
    const t = await buildTestApp({ SEED_DEMO: '1' });
    try {
      const tokens: Record<string, string> = {};
      for (const member of DEMO_STAFF) {
        const res = await t.app.inject({
          method: 'POST',
          url: staffApi.login,
          payload: { email: member.email, password: member.password },
        });
        expect(res.statusCode, member.email).toBe(200);
        const body = StaffTokenSchema.parse(res.json());
        expect(body.staff).toMatchObject({ role: member.role, name: member.name });
        tokens[member.email] = body.access;
      }
      const queue = async (email: string) =>
        StaffOrderListSchema.parse(
          (
            await t.app.inject({ method: 'GET', url: staffApi.orders, headers: bearer(tokens[email]!) })
          ).json(),
        );
      const all = await queue(DEMO_STAFF[0].email);
      expect(all.results.map((o) => o.status.id)).toEqual(expect.arrayContaining([1, 2, 4, 5, 7]));
      expect(all.results.find((o) => o.status.id === 2)?.price).toBeGreaterThan(0);
      const mine = await queue(DEMO_STAFF[1].email);
      expect(mine.results.map((o) => o.status.id).sort()).toEqual([4, 5, 7]);
      expect(mine.results.every((o) => o.paid === o.price && o.performer?.name === 'Иван К.')).toBe(true);
      expect((await queue(DEMO_STAFF[2].email)).results).toEqual([]);

      // Idempotent: another run adds no one.
      expect(await seedDemo(t.app.database, 'force')).toBe(false);
      const staff = await t.app.database.db.selectFrom('staff_users').select('email').execute();
      expect(staff.map((s) => s.email).sort()).toEqual(DEMO_STAFF.map((m) => m.email).sort());
    } finally {
      await t.close();
    }
  });

  it('join a demo database that has none yet, and stay out of one without the demo customer', async () => {
    const t = await buildTestApp();
    try {
      await registerCustomer(t.app);
      expect(await seedDemo(t.app.database, 'auto')).toBe(false);
      expect(await t.app.database.db.selectFrom('staff_users').select('id').execute()).toEqual([]);

      expect(await seedDemo(t.app.database, 'force')).toBe(true);
      await t.app.database.db.updateTable('orders').set({ performer_id: null }).execute();
      await t.app.database.db.deleteFrom('order_events').execute();
      await t.app.database.db.deleteFrom('staff_users').execute();
      expect(await seedDemo(t.app.database, 'auto')).toBe(false);
      const staff = await t.app.database.db.selectFrom('staff_users').select('email').execute();
      expect(staff).toHaveLength(DEMO_STAFF.length);
    } finally {
      await t.close();
    }
  });
});
