import { hashPassword } from '../lib/passwords';
import type { Storage } from '../plugins/storage';
import type { Database } from './index';
import { nowIso } from './index';
import { insertDemoCertificates, insertDemoMoney } from './seed-money';
import { insertDemoOrders } from './seed-orders';
import { seedDemoStaff, staffHashes } from './seed-staff';

export const DEMO_EMAIL = 'demo@example.com';
/** A second demo customer, with the diploma half-price offer (its popup shows once); DEMO_PASSWORD. */
export const DEMO_OFFER_EMAIL = 'diplom@example.com';
export const DEMO_PASSWORD = 'demo12345';

/**
 * The demo customer a newcomer signs in with, with orders in every tab, and the demo staff. `auto`
 * seeds only an empty database (never one that holds real users); `force` (SEED_DEMO=1) seeds
 * anyway. Both are idempotent, and the customer and the orders land together or not at all.
 * `files`: where the demo orders' final files go (the app's storage); without it the orders under
 * review and done have their delivery in the timeline but no file.
 */
export async function seedDemo(
  database: Database,
  mode: 'auto' | 'force',
  files?: Storage,
): Promise<boolean> {
  const { db } = database;
  const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (demo) {
    // A demo database from before the staff side gains the demo staff.
    const hashes = await staffHashes(db);
    if (hashes) await seedDemoStaff(db, hashes);
    return false;
  }
  if (mode === 'auto') {
    const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (any) return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const hashes = await staffHashes(db);
  return db.transaction().execute(async (trx) => {
    if (hashes) await seedDemoStaff(trx, hashes);
    const user = await trx
      .insertInto('users')
      .values({
        email: DEMO_EMAIL,
        password_hash: passwordHash,
        fio: 'Анна Демидова',
        phone: '+79991234567',
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
        // The demo address is ours: it is not waiting for anyone to prove it.
        email_confirmed_at: nowIso(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Another start seeded it in the meantime: its orders came with it.
    if (!user) return false;
    const now = new Date();
    await insertDemoOrders(trx, user.id, now, files);
    await insertDemoMoney(trx, user.id, now);
    await insertDemoCertificates(trx, user.id, now);
    // Spec §4/§9: a second demo customer has the diploma half-price offer (id 4) with its popup not
    // yet dismissed. Not the main demo customer: a modal on its first sign-in would stand in front
    // of everything a visitor tries first.
    await trx
      .insertInto('users')
      .values({
        email: DEMO_OFFER_EMAIL,
        password_hash: passwordHash,
        fio: 'Олег Смирнов',
        diplom_half_price_id: 4,
        created_at: nowIso(),
        email_confirmed_at: nowIso(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    return true;
  });
}
