// The data of the mixed cabinet load (bench/load.ts): customers, orders, messages, files and
// payments, written in bulk, spread as a real service's would be.
import { randomBytes, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/index';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createAccessTokens } from '../apps/server/src/plugins/auth';
import { CUSTOMER_KEY } from '../apps/server/src/modules/chat/repo';

export const PASSWORD = 'Zelenyi-Kit-2026';
const ROWS_PER_INSERT = 500;

/** Stored files the file rows point at: sizes of a student's documents, 20 KB to 400 KB. */
const STORED_FILES = 40;

export interface Seeded {
  emails: string[];
  tokens: string[];
  /** [customer index, order id] */
  orders: Array<[number, number]>;
  /** [customer index, order id, file id] */
  files: Array<[number, number, number]>;
  /** [customer index, payment id] */
  payments: Array<[number, number]>;
  counts: string;
}

/** A draw from a geometric-like distribution with the given mean, capped. */
const skewed = (mean: number, cap: number) => Math.min(cap, Math.floor(-Math.log(1 - Math.random()) * mean));
export const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

async function insertMany<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<Array<{ id: number }>>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    ids.push(...(await insert(rows.slice(at, at + ROWS_PER_INSERT))).map((r) => r.id));
  }
  return ids;
}

/**
 * Customers, orders, messages, files and payments, written in bulk (not through the API, which
 * would take an hour of argon2 and rate limits). Each customer has a handful of orders (a few have
 * dozens), each order some messages and files, each customer some payments.
 */
export async function seed(
  database: Database,
  filesDir: string,
  secret: string,
  customers: number,
): Promise<Seeded> {
  const started = Date.now();
  await migrateToLatest(database);
  const db = database.db;
  const now = new Date().toISOString();
  const workTypes = (await db.selectFrom('work_types').select('id').execute()).map((w) => w.id);
  const subjects = (await db.selectFrom('subjects').select('id').execute()).map((s) => s.id);
  const hash = await hashPassword(PASSWORD);

  const stored: Array<{ name: string; size: number }> = [];
  for (let i = 0; i < STORED_FILES; i += 1) {
    const name = randomBytes(16).toString('hex');
    const size = 20_000 + Math.floor(Math.random() * 380_000);
    mkdirSync(join(filesDir, name.slice(0, 2)), { recursive: true });
    writeFileSync(join(filesDir, name.slice(0, 2), name), randomBytes(size));
    stored.push({ name, size });
  }

  const emails = Array.from({ length: customers }, (_, i) => `load-${i}@example.com`);
  const userIds = await insertMany(
    emails.map((email, i) => ({
      email,
      password_hash: hash,
      fio: `Студентова Анна ${i}`,
      created_at: now,
      email_confirmed_at: now,
    })),
    (chunk) => db.insertInto('users').values(chunk).returning('id').execute(),
  );

  const STATUSES = [1, 2, 3, 4, 4, 4, 5, 5, 6, 7, 7, 7, 8];
  const orderRows = [];
  const orderOwner: number[] = [];
  for (let c = 0; c < customers; c += 1) {
    const n = 1 + skewed(3.5, 80);
    for (let k = 0; k < n; k += 1) {
      const status = pick(STATUSES);
      orderOwner.push(c);
      orderRows.push({
        user_id: userIds[c] as number,
        status_id: status,
        work_type_id: pick(workTypes),
        subject_id: pick(subjects),
        topic: `Анализ рынка труда региона, вариант ${orderRows.length}`,
        deadline: '2027-05-20',
        pages: 10 + Math.floor(Math.random() * 60),
        originality: 70,
        links: '[]',
        cost: 500_000 + Math.floor(Math.random() * 20) * 50_000,
        discount: 0,
        price: 500_000 + Math.floor(Math.random() * 20) * 50_000,
        paid: status >= 3 ? 500_000 : 0,
        created_at: now,
        updated_at: now,
      });
    }
  }
  const orderIds = await insertMany(orderRows, (chunk) =>
    db.insertInto('orders').values(chunk).returning('id').execute(),
  );
  const orders = orderIds.map((id, i) => [orderOwner[i] as number, id] as [number, number]);

  const messageRows = [];
  for (const [, orderId] of orders) {
    const n = skewed(8, 200);
    for (let k = 0; k < n; k += 1) {
      const customer = k % 2 === 0;
      messageRows.push({
        order_id: orderId,
        author_role: customer ? ('customer' as const) : ('manager' as const),
        staff_id: null,
        sender_key: customer ? CUSTOMER_KEY : 'staff:0',
        client_id: randomUUID(),
        text: customer ? 'Добрый день! Когда будет готова вторая глава?' : 'Здравствуйте, в пятницу.',
        created_at: now,
      });
    }
  }
  await insertMany(messageRows, (chunk) =>
    db.insertInto('chat_messages').values(chunk).returning('id').execute(),
  );

  const fileRows = [];
  const fileOwner: Array<[number, number]> = [];
  for (const [customer, orderId] of orders) {
    const n = skewed(1.5, 12);
    for (let k = 0; k < n; k += 1) {
      // Every row has its own stored name, as uploads do; a hard link to one of a few contents
      // keeps the disk small.
      const object = pick(stored);
      const name = randomBytes(16).toString('hex');
      mkdirSync(join(filesDir, name.slice(0, 2)), { recursive: true });
      linkSync(join(filesDir, object.name.slice(0, 2), object.name), join(filesDir, name.slice(0, 2), name));
      fileOwner.push([customer, orderId]);
      fileRows.push({
        order_id: orderId,
        user_id: userIds[customer] as number,
        kind: k === 0 ? ('customer' as const) : ('final' as const),
        original_name: `Методичка ${k + 1}.pdf`,
        stored_name: name,
        size: object.size,
        mime: 'application/pdf',
        created_at: now,
      });
    }
  }
  const fileIds = await insertMany(fileRows, (chunk) =>
    db.insertInto('order_files').values(chunk).returning('id').execute(),
  );
  const files = fileIds.map(
    (id, i) => [...(fileOwner[i] as [number, number]), id] as [number, number, number],
  );

  const paymentRows = [];
  const paymentOwner: number[] = [];
  for (const [customer, orderId] of orders) {
    if (Math.random() < 0.6) continue;
    paymentOwner.push(customer);
    paymentRows.push({
      user_id: userIds[customer] as number,
      purpose: 'order' as const,
      object_id: orderId,
      title: `Оплата заказа № ${orderId}`,
      amount: 500_000,
      status: Math.random() < 0.9 ? ('succeeded' as const) : ('canceled' as const),
      provider: 'test',
      provider_payment_id: randomUUID(),
      created_at: now,
      paid_at: now,
      updated_at: now,
    });
  }
  const paymentIds = await insertMany(paymentRows, (chunk) =>
    db.insertInto('payments').values(chunk).returning('id').execute(),
  );
  const payments = paymentIds.map((id, i) => [paymentOwner[i] as number, id] as [number, number]);

  // The statistics a database in service has, and no autovacuum of the fresh rows in the middle of
  // a measurement.
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
  const issuer = createAccessTokens(secret, 7200);
  const tokens: string[] = [];
  for (const id of userIds) tokens.push((await issuer.issue(id)).access);
  const counts =
    `${customers} customers, ${orders.length} orders, ${messageRows.length} messages, ` +
    `${files.length} files, ${payments.length} payments, seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`;
  return { emails, tokens, orders, files, payments, counts };
}
