import { ORDERS_PAGE_SIZE, api, orderMessages, type OrderList, type OrderTab } from '@cabinet/contract';
import { HttpError } from '../../plugins/errors';
import type { OrdersContext } from './context';
import { ListPageCache } from './list-cache';
import { toListItem } from './mappers';
import * as repo from './repo';
import { TAB_STATUSES, countersFrom } from './statuses';

export interface ListQuery {
  tab: OrderTab;
  page: number;
  page_size: number;
}

/** The orders list with its tabs and counters (spec §7), and the cache of its rendered pages. */
export class OrdersList {
  /** Rendered pages by customer and query; see {@link ListPageCache}. */
  readonly pages = new ListPageCache();

  constructor(private readonly ctx: OrdersContext) {}

  /**
   * A page of the list as the JSON bytes to send, rendered by `render` when no page is kept for the
   * customer's current version. The version is read before anything of the page: the page rendered
   * after it is at least as new as that version, so it may stand for it.
   */
  async json(
    userId: number,
    q: ListQuery,
    render: (userId: number, q: ListQuery) => Promise<OrderList> = (u, query) => this.page(u, query),
  ): Promise<Buffer> {
    const { listVersion } = this.ctx.deps;
    const version = listVersion ? listVersion(userId) : await repo.listVersion(this.ctx.db, userId);
    const key = `${userId}/${q.tab}/${q.page}/${q.page_size}`;
    if (version !== undefined) {
      const cached = this.pages.get(key, version);
      if (cached !== undefined) return cached;
    }
    const body = Buffer.from(JSON.stringify(await render(userId, q)));
    if (version !== undefined) this.pages.set(key, version, body);
    return body;
  }

  /** A page of the list rendered from the database. */
  async page(userId: number, q: ListQuery): Promise<OrderList> {
    const { db, deps } = this.ctx;
    const statusIds = TAB_STATUSES[q.tab];
    const offset = (q.page - 1) * q.page_size;
    // On SQLite both reads at once, from one snapshot; elsewhere the counters first, so that a
    // page past the end costs no page query.
    const read = deps.listReader?.(userId, statusIds, q.page_size, offset);
    const counters = countersFrom(read ? read.counts : await repo.countByStatus(db, userId));
    const count = counters[q.tab];
    const lastPage = Math.max(1, Math.ceil(count / q.page_size));
    if (q.page > lastPage) throw new HttpError(404, orderMessages.invalidPage);
    const rows = read ? read.rows : await repo.listOrders(db, userId, statusIds, q.page_size, offset);
    const titles = await this.ctx.titles();
    return {
      results: rows.map((row) => toListItem(row, titles)),
      next: q.page < lastPage ? this.pageUrl(q, q.page + 1) : null,
      previous: q.page > 1 ? this.pageUrl(q, q.page - 1) : null,
      count,
      counters,
    };
  }

  /** Like Django REST framework: absolute, with the first page carrying no `page`. */
  private pageUrl(q: { tab: OrderTab; page_size: number }, page: number): string {
    const url = new URL(api.orders.root, this.ctx.deps.config.PUBLIC_URL);
    url.searchParams.set('tab', q.tab);
    if (page > 1) url.searchParams.set('page', String(page));
    if (q.page_size !== ORDERS_PAGE_SIZE) url.searchParams.set('page_size', String(q.page_size));
    return url.toString();
  }
}
