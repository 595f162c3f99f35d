import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/types';

// The rows the staff's face of orders reads (service.ts, queue.ts): the queue's pages, an
// order's customer and author, its open requests, the authors one may assign.

/** The customer of an order and the name of its author (if any). */
export function customerAndAuthor(db: Kysely<DB>, userId: number, performerId: number | null) {
  return db
    .selectFrom('users as u')
    .leftJoin('staff_users as s', (join) => join.on('s.id', '=', performerId ?? 0))
    .select(['u.id', 'u.fio', 'u.email', 'u.phone', 's.name as performer_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** How many reworks and care requests of the order are open. */
export async function openRequestCounts(db: Kysely<DB>, orderId: number) {
  const [reworks, care] = await Promise.all([
    db
      .selectFrom('reworks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('order_id', '=', orderId)
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('care_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('order_id', '=', orderId)
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow(),
  ]);
  return { reworks: Number(reworks.n), care: Number(care.n) };
}

/** An active author of this id, if there is one. */
export function activePerformer(db: Kysely<DB>, performerId: number) {
  return db
    .selectFrom('staff_users')
    .select('id')
    .where('id', '=', performerId)
    .where('role', '=', 'performer')
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

// The queue --------------------------------------------------------------------------

const LIKE_SPECIALS = /[\\%_]/g;

/**
 * The words of a topic search as LIKE patterns. PostgreSQL's ILIKE folds Cyrillic case; SQLite's
 * LIKE folds only ASCII, so there a word also matches as typed, in lower case and capitalised —
 * how a word appears in a topic.
 */
function wordVariants(word: string): string[] {
  const lower = word.toLowerCase();
  const capital = lower.charAt(0).toUpperCase() + lower.slice(1);
  return [...new Set([word, lower, capital])].map((w) => `%${w.replace(LIKE_SPECIALS, '\\$&')}%`);
}

/** What the queue shows: the filters, the search, the sort and the page. */
export interface StaffQueueFilter {
  /** An author's queue: only the orders assigned to them. */
  performerId?: number | undefined;
  status?: number | undefined;
  deadlineFrom?: string | undefined;
  deadlineTo?: string | undefined;
  assigned?: 'yes' | 'no' | undefined;
  workType?: number | undefined;
  /** An order number (null: one that names no order), or words of the topic. */
  search?: { id: number | null } | { words: string[] } | undefined;
  sort: 'deadline' | 'new';
  page: number;
  pageSize: number;
}

/** A page of placed orders as the staff's queue lists them, and how many match in all. */
export async function staffQueuePage(db: Kysely<DB>, q: StaffQueueFilter) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let base = db.selectFrom('orders as o').where('o.is_fake', '=', 0);
  if (q.performerId !== undefined) base = base.where('o.performer_id', '=', q.performerId);
  if (q.status !== undefined) base = base.where('o.status_id', '=', q.status);
  if (q.deadlineFrom) base = base.where('o.deadline', '>=', q.deadlineFrom);
  if (q.deadlineTo) base = base.where('o.deadline', '<=', q.deadlineTo);
  if (q.assigned === 'yes') base = base.where('o.performer_id', 'is not', null);
  if (q.assigned === 'no') base = base.where('o.performer_id', 'is', null);
  if (q.workType !== undefined) base = base.where('o.work_type_id', '=', q.workType);
  if (q.search && 'id' in q.search) {
    const id = q.search.id;
    base = id !== null ? base.where('o.id', '=', id) : base.where(sql<boolean>`1 = 0`);
  } else if (q.search) {
    for (const word of q.search.words) {
      const patterns = postgres ? [`%${word.replace(LIKE_SPECIALS, '\\$&')}%`] : wordVariants(word);
      base = base.where((eb) =>
        eb.or(
          patterns.map((p) =>
            postgres
              ? sql<boolean>`${sql.ref('o.topic')} ilike ${p} escape '\\'`
              : sql<boolean>`${sql.ref('o.topic')} like ${p} escape '\\'`,
          ),
        ),
      );
    }
  }

  const total = await base
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  let page = base
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('staff_users as s', 's.id', 'o.performer_id')
    .select([
      'o.id',
      'o.status_id',
      'o.work_type_id',
      'o.topic',
      'o.deadline',
      'o.price',
      'o.paid',
      'o.performer_id',
      'o.created_at',
      's.name as performer_name',
      'u.fio',
    ])
    .select((eb) => [
      eb
        .selectFrom('reworks as r')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('r.order_id', '=', 'o.id')
        .where('r.state', '=', 'open')
        .as('open_reworks'),
      eb
        .selectFrom('care_requests as c')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('c.order_id', '=', 'o.id')
        .where('c.state', '=', 'open')
        .as('open_care'),
    ]);
  page =
    q.sort === 'deadline'
      ? page.orderBy('o.deadline', 'asc').orderBy('o.id', 'asc')
      : page.orderBy('o.id', 'desc');
  const rows = await page
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows, total: Number(total.n) };
}
