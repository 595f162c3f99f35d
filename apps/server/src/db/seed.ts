import { hashPassword } from '../lib/passwords';
import type { Database } from './index';
import { nowIso } from './index';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo12345';

/**
 * The demo customer a newcomer signs in with. `auto` seeds only an empty database (never one
 * that holds real users); `force` (SEED_DEMO=1) seeds anyway. Both are idempotent.
 */
export async function seedDemo(database: Database, mode: 'auto' | 'force'): Promise<boolean> {
  const { db } = database;
  if (mode === 'auto') {
    const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (any) return false;
  }
  const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (demo) return false;
  await db
    .insertInto('users')
    .values({
      email: DEMO_EMAIL,
      password_hash: await hashPassword(DEMO_PASSWORD),
      fio: 'Анна Демидова',
      phone: '+7 999 123-45-67',
      birthday: '2003-04-12',
      sex: 'female',
      education: 'bachelor',
      university: 'МГУ им. М. В. Ломоносова',
      course: '3',
      group_header: 'ЭК-31',
      training_form: 'full-time',
      telegram: '@anna_demidova',
      is_telegram_contact: 1,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return true;
}
