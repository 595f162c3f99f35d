import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { AnyDb } from './helpers';

/**
 * Every stored phone as E.164 (ADR 023). Registration stored «+7 (916) 123-45-67», the demo seed
 * «+7 999 123-45-67», the profile «+79161234567» — one column, three spellings, so comparing a
 * number with users.phone (the friend invitations' «your own number», «already a customer») missed
 * anyone whose phone came another way. The invitations by SMS stored registration's spelling too.
 * A value that is no valid number stays as it is; so does an invitation whose E.164 twin already
 * exists for the same customer (the unique index).
 */
export async function up(db: AnyDb): Promise<void> {
  await normalise(db, 'users', ['id'], 'phone');
  await normalise(db, 'callbacks', ['id'], 'phone');
  await normalise(db, 'verifications', ['user_id', 'purpose'], 'phone');
  await normalise(db, 'sms_outbox', ['id'], 'phone');
  await normalise(db, 'invites', ['id'], 'recipient', async (row, phone) => {
    if (row.channel !== 'sms') return false;
    const twin = await db
      .selectFrom('invites')
      .select('id')
      .where('user_id', '=', row.user_id)
      .where('channel', '=', 'sms')
      .where('recipient', '=', phone)
      .executeTakeFirst();
    return twin === undefined;
  });
}

/**
 * The contract's canonicalIntlPhone as it was when this migration was written (frozen: migrations
 * never follow live code): Russian habits «8 916…», «7916…» and ten digits are +7 numbers, any
 * other number without a + is read as if it had one; null when it is no valid number.
 */
function e164(input: string): string | null {
  const text = input.trim();
  if (!text || !/^\+?[\d\s()\-.]*$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  let international: string;
  if (text.startsWith('+')) international = `+${digits}`;
  else if (digits.length === 11 && (digits[0] === '8' || digits[0] === '7'))
    international = `+7${digits.slice(1)}`;
  else if (digits.length === 10) international = `+7${digits}`;
  else international = `+${digits}`;
  const number = parsePhoneNumberFromString(international);
  return number?.isValid() ? number.number : null;
}

type Row = Record<string, unknown>;

/** Rewrites the column page by page (by its key), only where the value changes. */
async function normalise(
  db: AnyDb,
  table: string,
  key: string[],
  column: string,
  allowed: (row: Row, phone: string) => Promise<boolean> = async () => true,
): Promise<void> {
  const PAGE = 500;
  for (let offset = 0; ; offset += PAGE) {
    let query = db.selectFrom(table).selectAll().where(column, 'is not', null).where(column, '!=', '');
    for (const k of key) query = query.orderBy(k);
    const rows = (await query.limit(PAGE).offset(offset).execute()) as Row[];
    for (const row of rows) {
      const value = String(row[column]);
      const phone = e164(value);
      if (phone === null || phone === value || !(await allowed(row, phone))) continue;
      let update = db.updateTable(table).set({ [column]: phone });
      for (const k of key) update = update.where(k, '=', row[k]);
      await update.execute();
    }
    if (rows.length < PAGE) return;
  }
}
