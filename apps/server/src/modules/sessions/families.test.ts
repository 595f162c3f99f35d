import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/index';
import { migrateToLatest } from '../../db/migrate';
import { RefreshFamilies, type FamilyOptions } from './families';
import type { RefreshAudience } from './repo';

// Refresh-token families, one suite run for each audience on an in-memory database: a sign-in
// starts a family, a refresh rotates it within the first token's lifetime, two refreshes at once
// both get the one successor, a replay after the grace window revokes the family, and an owner
// refused by `admit` loses theirs.

const GRACE_MS = 60_000;
const DAY = 24 * 60 * 60_000;
const admitAll = async () => true as const;

const AUDIENCES: Array<{ name: string; audience: RefreshAudience; sealPrefix: string }> = [
  { name: 'customers', audience: { table: 'refresh_tokens', owner: 'user_id' }, sealPrefix: 'successor' },
  {
    name: 'staff',
    audience: { table: 'staff_refresh_tokens', owner: 'staff_id' },
    sealPrefix: 'staff-successor',
  },
];

describe.each(AUDIENCES)('refresh families of $name', ({ audience, sealPrefix }) => {
  let database: Database;
  let owner = 0;
  let families: RefreshFamilies;
  const options = (over: Partial<FamilyOptions> = {}): FamilyOptions => ({
    audience,
    sealPrefix,
    ttlMs: 30 * DAY,
    graceMs: GRACE_MS,
    ...over,
  });

  beforeAll(async () => {
    database = openDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database);
    const at = new Date().toISOString();
    const row =
      audience.table === 'refresh_tokens'
        ? await database.db
            .insertInto('users')
            .values({ email: 'families@example.com', password_hash: 'x', created_at: at })
            .returning('id')
            .executeTakeFirstOrThrow()
        : await database.db
            .insertInto('staff_users')
            .values({
              email: 'families@example.com',
              password_hash: 'x',
              role: 'manager',
              name: 'М',
              created_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
    owner = row.id;
    families = new RefreshFamilies(database.db, options());
  });
  afterAll(() => database.close());

  it('rotates a token into a successor that ends when the family does, and the successor rotates on', async () => {
    const first = await families.start(owner);
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    const second = await families.rotate(first.token, admitAll);
    if (!second || second === 'reused') throw new Error(`no successor: ${String(second)}`);
    expect(second.owner).toBe(owner);
    expect(second.token).not.toBe(first.token);
    expect(second.expiresAt).toBe(first.expiresAt.toISOString());
    const third = await families.rotate(second.token, admitAll);
    expect(third).toMatchObject({ owner, expiresAt: second.expiresAt });
  });

  it('gives two refreshes of one token at once the same successor', async () => {
    const { token } = await families.start(owner);
    const [a, b] = await Promise.all([families.rotate(token, admitAll), families.rotate(token, admitAll)]);
    if (!a || a === 'reused' || !b || b === 'reused') throw new Error('a refresh was refused');
    expect(a.token).toBe(b.token);
    // The successor is a live token of the family.
    expect(await families.rotate(a.token, admitAll)).toMatchObject({ owner });
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const noGrace = new RefreshFamilies(database.db, options({ graceMs: -1 }));
    const { token } = await noGrace.start(owner);
    const next = await noGrace.rotate(token, admitAll);
    if (!next || next === 'reused') throw new Error('no successor');
    expect(await noGrace.rotate(token, admitAll)).toBe('reused');
    // The thief's replay took the owner's successor down with it.
    expect(await noGrace.rotate(next.token, admitAll)).toBeNull();
  });

  it('refuses an unknown, an expired or an ended token', async () => {
    expect(await families.rotate('not-a-token', admitAll)).toBeNull();
    const expired = await new RefreshFamilies(database.db, options({ ttlMs: -1 })).start(owner);
    expect(await families.rotate(expired.token, admitAll)).toBeNull();
    const { token } = await families.start(owner);
    await families.end(token);
    expect(await families.rotate(token, admitAll)).toBeNull();
    await expect(families.end(undefined)).resolves.toBeUndefined();
    await expect(families.end('not-a-token')).resolves.toBeUndefined();
  });

  it('revokes the family of an owner `admit` refuses, and hands on what it found otherwise', async () => {
    const { token } = await families.start(owner);
    expect(await families.rotate(token, async (_trx, id) => ({ id, name: 'found' }))).toMatchObject({
      subject: { id: owner, name: 'found' },
    });
    const other = await families.start(owner);
    expect(await families.rotate(other.token, async () => null)).toBeNull();
    // Refused once is refused for good: the family is gone even if admitted again.
    expect(await families.rotate(other.token, admitAll)).toBeNull();
  });
});
