import { api, authMessages, referralMessages } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migratePhones } from '../src/db/migrations/020-phones-e164';
import { DEMO_EMAIL, seedDemo } from '../src/db/seed';
import {
  PASSWORD,
  bearer,
  buildTestApp,
  randomClientIp,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';

/**
 * One spelling of a phone in storage, E.164 (ADR 023), whichever way it came: registration, the
 * profile, the seed, an invitation; and migration 020 bringing the older spellings to it. Runs on
 * SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

type Auth = { authorization: string };

async function customer(app: FastifyInstance, body: Record<string, unknown> = {}) {
  const c = await registerCustomer(app, body);
  const row = await app.database.db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('email', '=', c.email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: c.email, phone: row.phone, auth: bearer(c.access) };
}

async function setProfilePhone(app: FastifyInstance, auth: Auth, phone: string) {
  const res = await app.inject({ method: 'PATCH', url: api.profile.root, headers: auth, payload: { phone } });
  expect(res.statusCode, res.body).toBe(200);
}

const inviteSms = (app: FastifyInstance, auth: Auth, phone: string) =>
  app.inject({ method: 'POST', url: api.friends.sendSms, headers: auth, payload: { phone } });

describe('phones stored as E.164', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stores a registration’s +7 (916) 123-45-67 as +79161234567', async () => {
    const c = await customer(t.app, { phone: '+7 (916) 123-45-67' });
    expect(c.phone).toBe('+79161234567');
    const profile = await t.app.inject({ method: 'GET', url: api.profile.root, headers: c.auth });
    expect(profile.json()).toMatchObject({ phone: '+79161234567' });
  });

  it('seeds the demo customer’s phone as E.164', async () => {
    expect(await seedDemo(t.app.database, 'force')).toBe(true);
    const demo = await t.app.database.db
      .selectFrom('users')
      .select('phone')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    expect(demo.phone).toBe('+79991234567');
  });

  it('refuses at registration a +7 number that no operator has, on the phone field', async () => {
    const email = uniqueEmail('nonumber');
    const res = await t.app.inject({
      method: 'POST',
      url: api.profile.root,
      payload: { email, password: PASSWORD, agree: true, phone: '+7 (123) 456-78-90' },
      remoteAddress: randomClientIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { phone: [authMessages.phoneInvalid] } });
  });

  it('knows your own number in another spelling: «это ваш номер»', async () => {
    const me = await customer(t.app, { phone: '8 916 201-02-03' });
    // Written as the profile writes it, then invited as the friends screen's mask writes it.
    await setProfilePhone(t.app, me.auth, '8 (916) 301-02-03');
    const res = await inviteSms(t.app, me.auth, '+7 (916) 301-02-03');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errors: { phone: [referralMessages.selfPhone] } });
    // The registration's number, in yet another spelling, once the profile no longer holds it: a friend's.
    expect((await inviteSms(t.app, me.auth, '+79162010203')).statusCode).toBe(200);
  });

  it('knows a customer’s number in another spelling: «уже клиент»', async () => {
    const me = await customer(t.app);
    const other = await customer(t.app);
    await setProfilePhone(t.app, other.auth, '+7 916 401 02 03');
    const res = await inviteSms(t.app, me.auth, '8 (916) 401-02-03');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ detail: referralMessages.existingPhone });
    const registered = await customer(t.app, { phone: '+7 (916) 501-02-03' });
    expect(registered.phone).toBe('+79165010203');
    const again = await inviteSms(t.app, me.auth, '89165010203');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ detail: referralMessages.existingPhone });
  });

  it('migration 020 rewrites the older spellings and leaves what is no number', async () => {
    const db = t.app.database.db;
    const rows = {
      registration: '+7 (916) 123-45-67',
      seed: '+7 999 123-45-67',
      profile: '+79161234567',
      trunk: '8 916 765-43-21',
      foreign: '+375 29 123-45-67',
      garbage: 'позвоните маме',
      noOperator: '+7 (123) 456-78-90',
      none: '',
    };
    const ids: Record<string, number> = {};
    for (const [name, phone] of Object.entries(rows)) {
      const c = await customer(t.app);
      await db.updateTable('users').set({ phone }).where('id', '=', c.id).execute();
      ids[name] = c.id;
    }
    const inviter = ids.registration!;
    const now = new Date().toISOString();
    await db
      .insertInto('invites')
      .values([
        { user_id: inviter, channel: 'sms', recipient: '+7 (926) 000-00-01', sent_at: now },
        { user_id: inviter, channel: 'email', recipient: 'friend@example.com', sent_at: now },
        // The same number twice for one customer: the E.164 twin exists, the old row stays.
        { user_id: ids.seed!, channel: 'sms', recipient: '+7 (926) 000-00-02', sent_at: now },
        { user_id: ids.seed!, channel: 'sms', recipient: '+79260000002', sent_at: now },
      ])
      .execute();
    await db
      .insertInto('callbacks')
      .values({ user_id: inviter, phone: '8 (916) 555-44-33', time: 'asap', created_at: now })
      .execute();
    await db
      .insertInto('verifications')
      .values({ user_id: inviter, purpose: 'repayment', phone: '+7 (916) 555-44-34', status: 'unverified' })
      .execute();

    await migratePhones(db);

    const phones = await db
      .selectFrom('users')
      .select(['id', 'phone'])
      .where('id', 'in', Object.values(ids))
      .execute();
    const byName = Object.fromEntries(
      Object.entries(ids).map(([name, id]) => [name, phones.find((p) => p.id === id)?.phone]),
    );
    expect(byName).toEqual({
      registration: '+79161234567',
      seed: '+79991234567',
      profile: '+79161234567',
      trunk: '+79167654321',
      foreign: '+375291234567',
      garbage: 'позвоните маме',
      noOperator: '+7 (123) 456-78-90',
      none: '',
    });
    const invites = await db
      .selectFrom('invites')
      .select(['user_id', 'channel', 'recipient'])
      .where('user_id', 'in', [inviter, ids.seed!])
      .orderBy('id')
      .execute();
    expect(invites.map((i) => i.recipient)).toEqual([
      '+79260000001',
      'friend@example.com',
      '+7 (926) 000-00-02',
      '+79260000002',
    ]);
    const callback = await db
      .selectFrom('callbacks')
      .select('phone')
      .where('user_id', '=', inviter)
      .executeTakeFirstOrThrow();
    expect(callback.phone).toBe('+79165554433');
    const verification = await db
      .selectFrom('verifications')
      .select('phone')
      .where('user_id', '=', inviter)
      .executeTakeFirstOrThrow();
    expect(verification.phone).toBe('+79165554434');
    // Run twice (a restart mid-way): nothing changes.
    await migratePhones(db);
    const again = await db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', ids.seed!)
      .executeTakeFirstOrThrow();
    expect(again.phone).toBe('+79991234567');
  });
});
