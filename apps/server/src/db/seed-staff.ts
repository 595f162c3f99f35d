import type { Kysely } from 'kysely';
import { hashPassword } from '../lib/passwords';
import { nowIso } from './index';
import type { DB } from './types';

/** The demo staff (README): a manager and two authors, the first working on the demo orders. */
export const DEMO_STAFF = [
  { email: 'manager@example.com', password: 'manager12345', role: 'manager', name: 'Ольга' },
  { email: 'performer@example.com', password: 'performer12345', role: 'performer', name: 'Иван К.' },
  { email: 'performer2@example.com', password: 'performer12345', role: 'performer', name: 'Мария С.' },
] as const;

/** A demo staff member's id, when they exist. */
export async function demoStaffId(trx: Kysely<DB>, email: string): Promise<number | null> {
  const row = await trx.selectFrom('staff_users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/** The demo staff accounts, each created once (an existing one, however changed, is kept). */
export async function seedDemoStaff(db: Kysely<DB>, hashes: readonly string[]): Promise<void> {
  for (const [i, member] of DEMO_STAFF.entries()) {
    await db
      .insertInto('staff_users')
      .values({
        email: member.email,
        password_hash: hashes[i] ?? '',
        role: member.role,
        name: member.name,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
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
