import { ProfileSocialLinksSchema, api, profileMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

describe('unlinking a social network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  /** A customer with the given networks linked, a password or not, the e-mail proved or not. */
  async function customer(networks: string[], opts: { password: boolean; confirmed: boolean }) {
    const c = await registerCustomer(t.app);
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', c.email)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('users')
      .set({
        ...(opts.password ? {} : { password_hash: null }),
        email_confirmed_at: opts.confirmed ? nowIso() : null,
      })
      .where('id', '=', user.id)
      .execute();
    for (const network of networks) {
      await db()
        .insertInto('social_accounts')
        .values({ user_id: user.id, network, subject: `${network}-${user.id}`, created_at: nowIso() })
        .execute();
    }
    return { ...c, id: user.id };
  }
  const linked = async (userId: number) =>
    (await db().selectFrom('social_accounts').select('network').where('user_id', '=', userId).execute())
      .map((r) => r.network)
      .sort();
  const unlink = (access: string, network: string) =>
    t.app.inject({ method: 'DELETE', url: api.profile.socialLink(network), headers: bearer(access) });

  it('unlinks when a password remains', async () => {
    const c = await customer(['vk'], { password: true, confirmed: false });
    const res = await unlink(c.access, 'vk');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: profileMessages.socialUnlinked });
    expect(await linked(c.id)).toEqual([]);
  });

  it('unlinks when another network remains', async () => {
    const c = await customer(['vk', 'google'], { password: false, confirmed: false });
    expect((await unlink(c.access, 'google')).statusCode).toBe(200);
    expect(await linked(c.id)).toEqual(['vk']);
  });

  it('unlinks the last network of a passwordless account whose e-mail is confirmed (code sign-in)', async () => {
    const c = await customer(['yandex'], { password: false, confirmed: true });
    expect((await unlink(c.access, 'yandex')).statusCode).toBe(200);
    expect(await linked(c.id)).toEqual([]);
  });

  it('refuses (409) when nothing would be left to sign in with, and keeps the link', async () => {
    const c = await customer(['vk'], { password: false, confirmed: false });
    const res = await unlink(c.access, 'vk');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: profileMessages.socialLastWay });
    expect(await linked(c.id)).toEqual(['vk']);
  });

  it('answers 404 to an unknown or unlinked network, and touches no one else', async () => {
    const other = await customer(['google'], { password: true, confirmed: true });
    const c = await customer(['vk'], { password: true, confirmed: true });
    for (const network of ['google', 'facebook']) {
      const res = await unlink(c.access, network);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: profileMessages.socialUnknown });
    }
    expect(await linked(other.id)).toEqual(['google']);
    expect(await linked(c.id)).toEqual(['vk']);
  });

  it('marks the linked networks in the links list for the customer, and only with a token', async () => {
    const c = await customer(['vk'], { password: true, confirmed: true });
    const links = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: api.auth.socialLinks, headers });
      expect(res.statusCode).toBe(200);
      return ProfileSocialLinksSchema.parse(res.json());
    };
    const mine = await links(bearer(c.access));
    expect(Object.fromEntries(mine.map((l) => [l.network_name, l.is_linked]))).toEqual({
      vk: true,
      google: false,
      yandex: false,
    });
    expect((await unlink(c.access, 'vk')).statusCode).toBe(200);
    expect((await links(bearer(c.access))).every((l) => l.is_linked === false)).toBe(true);
    for (const headers of [{}, bearer('forged.token.value')]) {
      expect((await links(headers)).every((l) => !('is_linked' in l))).toBe(true);
    }
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: api.profile.socialLink('vk') })).statusCode).toBe(
      401,
    );
  });
});
