import type { Kysely } from 'kysely';
import { hashPassword } from '../lib/passwords';
import { nowIso } from './index';
import type { DB } from './types';

/**
 * The demo staff (README): a manager and two authors, the first working on the demo orders. The
 * authors tell customers about themselves («О себе» and subjects, by their reference titles).
 */
export const DEMO_STAFF = [
  {
    email: 'manager@example.com',
    password: 'manager12345',
    role: 'manager',
    name: 'Ольга',
    about: '',
    subjects: [],
  },
  {
    email: 'performer@example.com',
    password: 'performer12345',
    role: 'performer',
    name: 'Иван К.',
    about: 'Экономист, кандидат наук. Восемь лет пишу курсовые и дипломы по экономике и маркетингу.',
    subjects: ['Экономика', 'Маркетинг', 'Менеджмент'],
  },
  {
    email: 'performer2@example.com',
    password: 'performer12345',
    role: 'performer',
    name: 'Мария С.',
    about: 'Юрист и педагог: гражданское право, психология, педагогика.',
    subjects: ['Гражданское право', 'Психология', 'Педагогика'],
  },
] as const;

/** A demo staff member's id, when they exist. */
export async function demoStaffId(trx: Kysely<DB>, email: string): Promise<number | null> {
  const row = await trx.selectFrom('staff_users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/** The demo staff accounts, each created once (an existing one, however changed, is kept). */
export async function seedDemoStaff(db: Kysely<DB>, hashes: readonly string[]): Promise<void> {
  for (const [i, member] of DEMO_STAFF.entries()) {
    const created = await db
      .insertInto('staff_users')
      .values({
        email: member.email,
        password_hash: hashes[i] ?? '',
        role: member.role,
        name: member.name,
        about: member.about,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    const titles: readonly string[] = member.subjects;
    if (!created || titles.length === 0) continue;
    const rows = await db
      .selectFrom('subjects')
      .select(['id', 'title'])
      .where('title', 'in', titles)
      .orderBy('id')
      .execute();
    // A title in two groups is one subject to a customer: one of its ids is enough.
    const ids = [...new Map(rows.map((r) => [r.title, r.id])).values()];
    if (ids.length === 0) continue;
    await db
      .insertInto('staff_subjects')
      .values(ids.map((subject_id) => ({ staff_id: created.id, subject_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The demo staff's password hashes, or null when every one of them exists already. */
export async function staffHashes(db: Kysely<DB>): Promise<string[] | null> {
  const emails = DEMO_STAFF.map((m) => m.email);
  const existing = await db.selectFrom('staff_users').select('email').where('email', 'in', emails).execute();
  if (existing.length === DEMO_STAFF.length) return null;
  return Promise.all(DEMO_STAFF.map((m) => hashPassword(m.password)));
}
