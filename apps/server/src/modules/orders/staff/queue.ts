import { MAX_ROW_ID, STAFF_PAGE_SIZE, staffApi, type StaffOrderList } from '@cabinet/contract';
import type { StaffPrincipal } from '../../../plugins/auth';
import type { OrdersContext } from '../context';
import { staffQueuePage } from './repo';
import { toItem, type StaffListQuery } from './service';

// The staff's queue of orders: the search, the filters and the pages; a manager sees every
// placed order, an author the orders assigned to them.

/** `123`, `#123` or `№123`: an order number; anything else is words of the topic. */
const ORDER_NUMBER = /^[#№]?\s*(\d{1,12})$/;

export async function staffQueue(
  ctx: OrdersContext,
  staff: StaffPrincipal,
  q: StaffListQuery,
): Promise<StaffOrderList> {
  const search = q.q?.trim();
  const number = search ? ORDER_NUMBER.exec(search) : null;
  const { rows, total: count } = await staffQueuePage(ctx.db, {
    performerId: staff.role === 'performer' ? staff.id : undefined,
    status: q.status,
    deadlineFrom: q.deadline_from,
    deadlineTo: q.deadline_to,
    assigned: q.assigned,
    workType: q.work_type,
    search: !search
      ? undefined
      : number
        ? // A number past the largest id names no order (PostgreSQL would refuse the comparison).
          { id: Number(number[1]) <= MAX_ROW_ID ? Number(number[1]) : null }
        : { words: search.split(/\s+/).slice(0, 10) },
    sort: q.sort ?? (staff.role === 'performer' ? 'deadline' : 'new'),
    page: q.page,
    pageSize: q.page_size,
  });
  const titles = await ctx.titles();
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
