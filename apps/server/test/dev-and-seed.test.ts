import { ORDER_TABS, OrderListSchema, ProfileSchema, TokensResponseSchema, api } from '@cabinet/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/db/seed';
import { DEMO_ORDERS } from '../src/db/seed-orders';
import devRoutes from '../src/modules/dev/routes';
import {
  bearer,
  buildTestApp,
  registerCustomer,
  TEST_COMPANY,
  TEST_PRODUCTION_PAYMENTS,
  uniqueEmail,
  type TestApp,
} from './helpers';

describe('dev outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('shows the newest mail to an address as JSON, and 404 when there is none', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/api/client/auth/login/', payload: { email: c.email } });
    const res = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox/latest?to=${encodeURIComponent(c.email.toUpperCase())}`,
    });
    expect(res.statusCode).toBe(200);
    const mail = res.json() as {
      to: string;
      subject: string;
      text: string;
      html: string;
      created_at: string;
    };
    expect(mail.to).toBe(c.email);
    expect(mail.subject).toMatch(/^Код для входа/);
    expect(Date.parse(mail.created_at)).not.toBeNaN();

    const none = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox/latest?to=${encodeURIComponent(uniqueEmail())}`,
    });
    expect(none.statusCode).toBe(404);
  });

  it('lists messages newest first with their text escaped', async () => {
    await registerCustomer(t.app, { email: uniqueEmail('first') });
    const last = await registerCustomer(t.app, { email: uniqueEmail('second') });
    // Registration mail is delivered after the answer: let it reach the outbox before the row below.
    await t.app.mailer.flush();
    await t.app.database.db
      .insertInto('outbox')
      .values({
        to_address: last.email,
        subject: '<script>alert(1)</script>',
        text: 'a & b',
        html: '',
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&#60;script&#62;');
    expect(res.body.indexOf('&#60;script')).toBeLessThan(res.body.indexOf('second-'));
    expect(res.body.indexOf('second-')).toBeLessThan(res.body.indexOf('first-'));
  });
});

describe('production', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) };

  it.each<Record<string, string>>([{}, { SEED_DEMO: '1' }, { SEED_DEMO: 'auto' }])(
    'has no dev outbox, whatever else is set (%j)',
    async (env) => {
      const t = await buildTestApp({ ...production, ...env });
      try {
        const email = uniqueEmail();
        await registerCustomer(t.app, { email });
        expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
        const latest = await t.app.inject({
          method: 'GET',
          url: `/dev/outbox/latest?to=${encodeURIComponent(email)}`,
        });
        expect(latest.statusCode).toBe(404);
      } finally {
        await t.close();
      }
    },
  );

  it.each<Record<string, string>>([{}, { SEED_DEMO: '1' }, { SEED_DEMO: 'auto' }])(
    'seeds nothing into an empty database, whatever SEED_DEMO says (%j)',
    async (env) => {
      const t = await buildTestApp({ ...production, ...env });
      try {
        expect(await t.app.database.db.selectFrom('users').select('email').execute()).toEqual([]);
        expect(await t.app.database.db.selectFrom('orders').select('id').execute()).toEqual([]);
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/client/auth/login/',
          payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
        });
        expect(login.statusCode).toBe(400);
      } finally {
        await t.close();
      }
    },
  );

  it('refuses to register the dev routes at all', async () => {
    const app = Fastify({ logger: false }).decorate(
      'config',
      loadConfig({
        ...production,
        ...TEST_COMPANY,
        ...TEST_PRODUCTION_PAYMENTS,
        PUBLIC_URL: 'https://cabinet.example',
      }),
    );
    await expect(app.register(devRoutes).ready()).rejects.toThrow(/not for production/);
    await app.close();
  });
});

describe('demo seed', () => {
  it('creates the demo customer on start with SEED_DEMO=1, once', async () => {
    const t = await buildTestApp({ SEED_DEMO: '1' });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/client/auth/login/',
        payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const { tokens } = TokensResponseSchema.parse(login.json());
      const profile = ProfileSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/client/profile/', headers: bearer(tokens.access) })
        ).json(),
      );
      expect(profile).toMatchObject({ fio: 'Анна Демидова', email: DEMO_EMAIL });
      expect(profile.phone).toMatch(/^\+7/);
      expect(profile.university).not.toBe('');

      // A living list: orders in every tab, a trashed one shown as status 16.
      const tabs = await Promise.all(
        ORDER_TABS.map(async (tab) =>
          OrderListSchema.parse(
            (
              await t.app.inject({
                method: 'GET',
                url: `${api.orders.root}?tab=${tab}`,
                headers: bearer(tokens.access),
              })
            ).json(),
          ),
        ),
      );
      const [active, archive, done] = tabs;
      expect(active?.counters).toEqual({ active: 4, archive: 2, done: 1 });
      expect(active?.count).toBe(4);
      expect(new Set(active?.results.map((o) => o.status.id)).size).toBeGreaterThanOrEqual(3);
      expect(archive?.results.map((o) => o.status.title).sort()).toEqual(['Архивный заказ', 'Отменён']);
      expect(archive?.results.find((o) => o.trash.is_trash)?.status.id).toBe(16);
      expect(done?.results.map((o) => o.status.title)).toEqual(['Выполнен']);
      const all = tabs.flatMap((tab) => tab?.results ?? []);
      expect(all).toHaveLength(DEMO_ORDERS.length);
      for (const order of all) {
        expect(order.price).toBeGreaterThan(0);
        expect(order.title).not.toBe('');
      }
      // Newest first.
      const ids = active?.results.map((o) => o.id) ?? [];
      expect(ids).toEqual([...ids].sort((a, b) => b - a));

      // The trashed demo order restores to where it came from.
      const trashed = archive?.results.find((o) => o.trash.is_trash);
      const restored = await t.app.inject({
        method: 'PATCH',
        url: api.orders.restore(trashed?.id ?? 0),
        headers: bearer(tokens.access),
      });
      expect(restored.statusCode).toBe(200);
      expect((restored.json() as { status: { id: number } }).status.id).toBe(2);

      expect(await seedDemo(t.app.database, 'force')).toBe(false);
      const demos = await t.app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .execute();
      expect(demos).toHaveLength(1);
      const orders = await t.app.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', demos[0]?.id ?? 0)
        .execute();
      expect(orders).toHaveLength(DEMO_ORDERS.length);
    } finally {
      await t.close();
    }
  });

  it('leaves a database with other users alone in auto mode, and skips tests unless asked', async () => {
    const t = await buildTestApp();
    try {
      expect(await t.app.database.db.selectFrom('users').select('id').execute()).toEqual([]);
      await registerCustomer(t.app);
      expect(await seedDemo(t.app.database, 'auto')).toBe(false);
      const demo = await t.app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirst();
      expect(demo).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('seeds an empty database in auto mode', async () => {
    const t = await buildTestApp();
    try {
      expect(await seedDemo(t.app.database, 'auto')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
