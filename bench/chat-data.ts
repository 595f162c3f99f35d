// The data of the chat bench (bench/chat.ts): the customers, authors and orders it writes, and the
// exactly-once check of what every participant holds against the database's rows.
import { openDatabase } from '../apps/server/src/db/index';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createAccessTokens } from '../apps/server/src/plugins/auth';
import type { AppClient, Client, Ledger } from './chat-load';

export interface Pair {
  orderId: number;
  customer: Client;
  performer: Client;
}

/** Customers, authors and their orders, written straight into the migrated database; their tokens. */
export async function seed(orders: number, url: string, secret: string) {
  const database = openDatabase({ url, sqlitePath: ':memory:' });
  await migrateToLatest(database);
  const db = database.db;
  const now = new Date().toISOString();
  const tokens = createAccessTokens(secret, 3600);
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: orders }, (_, i) => ({
        email: `bench-chat-${i}@example.com`,
        password_hash: null,
        fio: `Студентов Пётр ${i}`,
        created_at: now,
        email_confirmed_at: now,
      })),
    )
    .returning('id')
    .execute();
  const staff = await db
    .insertInto('staff_users')
    .values(
      Array.from({ length: orders }, (_, i) => ({
        email: `bench-author-${i}@staff.test`,
        password_hash: 'not-used',
        role: 'performer' as const,
        name: `Иван К. ${i}`,
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  const placed = await db
    .insertInto('orders')
    .values(
      users.map((u, i) => ({
        user_id: u.id,
        status_id: 4,
        topic: `Курсовая №${i}`,
        performer_id: staff[i]!.id,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'user_id', 'performer_id'])
    .execute();
  const seeded = [];
  for (const o of placed) {
    seeded.push({
      orderId: o.id,
      customerToken: (await tokens.issue(o.user_id)).access,
      performerToken: (await tokens.issueStaff({ id: o.performer_id as number, role: 'performer' })).access,
    });
  }
  await database.close();
  return seeded;
}

/**
 * Every participant must hold every message of its order once: what each client has (by id:
 * POST answers, socket frames, resume pages) against the database's rows; every message written
 * stored once (one row per client_id, the id the POST answered), none left unsent.
 */
export async function exactlyOnce(
  url: string,
  pairs: Pair[],
  ledger: Ledger,
): Promise<{ ok: boolean; lines: string[] }> {
  const database = openDatabase({ url, sqlitePath: ':memory:' });
  const rows = await database.db
    .selectFrom('chat_messages')
    .select(['id', 'order_id', 'client_id'])
    .execute();
  await database.close();
  const byOrder = new Map<number, number[]>();
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r.id]);
  const problems: string[] = [];
  const unsent = [...ledger.sent.values()].filter((s) => s.id === undefined).length;
  if (unsent) problems.push(`${unsent} messages never accepted by a POST`);
  // Written but never sent (the drain ran out): no row, and nobody should have them.
  const unsentRows = rows.filter((r) => ledger.sent.get(r.client_id)?.id === undefined).length;
  if (unsentRows) problems.push(`${unsentRows} rows stored whose POST never answered`);
  const clientIds = new Set(rows.map((r) => r.client_id));
  if (clientIds.size !== rows.length)
    problems.push(`${rows.length - clientIds.size} client_ids stored twice`);
  const wrong = rows.filter((r) => {
    const entry = ledger.sent.get(r.client_id);
    return !entry || (entry.id !== undefined && entry.id !== r.id);
  }).length;
  if (wrong) problems.push(`${wrong} rows the bench did not send, or not with the id the POST answered`);
  if (rows.length !== ledger.sent.size - unsent + unsentRows) {
    problems.push(`${ledger.sent.size - unsent} messages accepted, ${rows.length} stored`);
  }
  let expected = 0;
  let held = 0;
  let extra = 0;
  for (const pair of pairs) {
    const ids = byOrder.get(pair.orderId) ?? [];
    for (const client of [pair.customer, pair.performer] as AppClient[]) {
      expected += ids.length;
      const have = client.have;
      const matched = ids.filter((id) => have.has(id)).length;
      held += matched;
      extra += have.size - matched;
    }
  }
  if (held !== expected) problems.push(`${expected - held} (participant, message) pairs missing`);
  if (extra) problems.push(`${extra} ids held that the order does not have`);
  if (ledger.counts.duplicatePushes)
    problems.push(`${ledger.counts.duplicatePushes} messages pushed twice to a participant`);
  const lines = [
    `exactly once: ${held}/${expected} (every participant × every message of its order, by id; ${rows.length} rows for ${ledger.sent.size} messages written; socket pushes doubled ${ledger.counts.duplicatePushes}; resume pages overlapping pushes, dropped by id: ${ledger.counts.resumeOverlap})`,
  ];
  if (problems.length) lines.push(`FAILED exactly once: ${problems.join('; ')}`);
  return { ok: problems.length === 0, lines };
}
