import { MAX_ROW_ID, STAFF_PAGE_SIZE, staffApi, type StaffOrderList } from '@cabinet/contract';
import { PostgresAdapter, sql } from 'kysely';
import type { StaffPrincipal } from '../../plugins/auth';
import type { OrdersContext } from './context';
import { toItem, type StaffListQuery } from './staff';

// The staff's queue of orders: the search, the filters and the pages; a manager sees every
// placed order, an author the orders assigned to them.

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

/** `123`, `#123` or `№123`: an order number; anything else is words of the topic. */
const ORDER_NUMBER = /^[#№]?\s*(\d{1,12})$/;

export async function staffQueue(
  ctx: OrdersContext,
  staff: StaffPrincipal,
  q: StaffListQuery,
): Promise<StaffOrderList> {
  const db = ctx.db;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let base = db.selectFrom('orders as o').where('o.is_fake', '=', 0);
  if (staff.role === 'performer') base = base.where('o.performer_id', '=', staff.id);
  if (q.status !== undefined) base = base.where('o.status_id', '=', q.status);
  if (q.deadline_from) base = base.where('o.deadline', '>=', q.deadline_from);
  if (q.deadline_to) base = base.where('o.deadline', '<=', q.deadline_to);
  if (q.assigned === 'yes') base = base.where('o.performer_id', 'is not', null);
  if (q.assigned === 'no') base = base.where('o.performer_id', 'is', null);
  if (q.work_type !== undefined) base = base.where('o.work_type_id', '=', q.work_type);
  const search = q.q?.trim();
  if (search) {
    const number = ORDER_NUMBER.exec(search);
    if (number) {
      // A number past the largest id names no order (PostgreSQL would refuse the comparison).
      const id = Number(number[1]);
      base = id <= MAX_ROW_ID ? base.where('o.id', '=', id) : base.where(sql<boolean>`1 = 0`);
    } else {
      for (const word of search.split(/\s+/).slice(0, 10)) {
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
  }

  const total = await base
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const sort = q.sort ?? (staff.role === 'performer' ? 'deadline' : 'new');
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
    sort === 'deadline'
      ? page.orderBy('o.deadline', 'asc').orderBy('o.id', 'asc')
      : page.orderBy('o.id', 'desc');
  const rows = await page
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  const titles = await ctx.titles();
  const count = Number(total.n);
  const lastPage = Math.max(1, Math.ceil(count / q.page_size));
  return {
    results: rows.map((row) =>
      toItem(
        row,
        titles,
        staff,
        { fio: row.fio, performer_name: row.performer_name },
        { reworks: Number(row.open_reworks ?? 0), care: Number(row.open_care ?? 0) },
      ),
    ),
    count,
    next: q.page < lastPage ? pageUrl(ctx, q, q.page + 1) : null,
    previous: q.page > 1 ? pageUrl(ctx, q, q.page - 1) : null,
  };
}

/** Like the customer's list: absolute, the same filters, the first page without `page`. */
function pageUrl(ctx: OrdersContext, q: StaffListQuery, page: number): string {
  const url = new URL(staffApi.orders, ctx.deps.config.PUBLIC_URL);
  const { page: _page, page_size, ...filters } = q;
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  if (page > 1) url.searchParams.set('page', String(page));
  if (page_size !== STAFF_PAGE_SIZE) url.searchParams.set('page_size', String(page_size));
  return url.toString();
}
