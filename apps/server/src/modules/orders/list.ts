import { ORDERS_PAGE_SIZE, api, orderMessages, type OrderList, type OrderTab } from '@cabinet/contract';
import { HttpError } from '../../plugins/errors';
import type { OrdersContext } from './context';
import { ListPageCache } from './list-cache';
import { PAGE_HEAD, listPageItems, type PageItems, type StatusCounts } from './repo-list';
import { ListItemWriter, toListItem } from './mappers';
import * as repo from './repo';
import type { ListRow, ReferenceTitles } from './repo';
import { TAB_STATUSES, countersFrom } from './statuses';

/** What a page shows, read in one snapshot, before it is written as an object or as JSON. */
interface PageReads {
  rows: ListRow[];
  titles: ReferenceTitles;
  next: string | null;
  previous: string | null;
  count: number;
  counters: OrderList['counters'];
}

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

  /** One writer per set of reference titles (they are loaded once; a failed load is retried). */
  private readonly writers = new WeakMap<ReferenceTitles, ListItemWriter>();

  /**
   * A page of the list as the JSON bytes to send, rendered when no page is kept for the customer's
   * current version. The version is read before anything of the page: the page rendered after it
   * is at least as new as that version, so it may stand for it.
   */
  async json(
    userId: number,
    q: ListQuery,
    render: (userId: number, q: ListQuery) => Promise<Buffer> = (u, query) => this.bytes(u, query),
  ): Promise<Buffer> {
    const { listVersion } = this.ctx.deps;
    const version = listVersion ? listVersion(userId) : await repo.listVersion(this.ctx.db, userId);
    const key = `${userId}/${q.tab}/${q.page}/${q.page_size}`;
    if (version !== undefined) {
      const cached = this.pages.get(key, version);
      if (cached !== undefined) return cached;
    }
    const body = await render(userId, q);
    if (version !== undefined) this.pages.set(key, version, body);
    return body;
  }

  /** A page of the list rendered from the database, as an object (JSON.stringify of it is {@link json}'s text). */
  async page(userId: number, q: ListQuery): Promise<OrderList> {
    const { rows, titles, next, previous, count, counters } = await this.read(userId, q);
    return { results: rows.map((row) => toListItem(row, titles)), next, previous, count, counters };
  }

  /**
   * The page's JSON bytes, the same as JSON.stringify of {@link page} (the list's tests compare
   * them), from the list's read model (migration 009): each item's text as the database wrote it
   * with the order. On SQLite the reader connection gives the whole page as bytes; elsewhere, and
   * where the database left an item to the app, the items are joined here.
   */
  async bytes(userId: number, q: ListQuery): Promise<Buffer> {
    const { db, deps } = this.ctx;
    const statusIds = TAB_STATUSES[q.tab];
    const offset = (q.page - 1) * q.page_size;
    const tail = (counts: StatusCounts) => this.tail(q, countersFrom(counts));
    if (deps.listPageReader) {
      const read = deps.listPageReader(userId, statusIds, q.page_size, offset, tail);
      if (Buffer.isBuffer(read.page)) return read.page;
      return Buffer.from(await this.join(read.page, read.tail));
    }
    const text = tail(await repo.countByStatus(db, userId));
    return Buffer.from(
      await this.join(await listPageItems(db, userId, statusIds, q.page_size, offset), text),
    );
  }

  /** The page's text after its items, from its counters; 404 past the last page. */
  private tail(q: ListQuery, counters: OrderList['counters']): string {
    const { next, previous, count } = this.links(q, counters);
    return (
      `],"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"count":${count},` +
      `"counters":{"active":${counters.active},"archive":${counters.archive},"done":${counters.done}}}`
    );
  }

  /** A page's text from its items: the database's text, or the order's row written here. */
  private async join({ items, rows }: PageItems, tail: string): Promise<string> {
    const titles = await this.ctx.titles();
    let writer = this.writers.get(titles);
    if (!writer) {
      writer = new ListItemWriter(titles);
      this.writers.set(titles, writer);
    }
    const texts: string[] = [];
    for (const [id, item] of items) {
      if (item !== null) {
        texts.push(item);
        continue;
      }
      // Gone from `orders` since the items were read (not on SQLite's snapshot): a newer state.
      const row = rows.get(id);
      if (row) texts.push(writer.item(row));
    }
    return PAGE_HEAD + texts.join(',') + tail;
  }

  /** Reads what a page shows; 404 past the last page. */
  private async read(userId: number, q: ListQuery): Promise<PageReads> {
    const { db, deps } = this.ctx;
    const statusIds = TAB_STATUSES[q.tab];
    const offset = (q.page - 1) * q.page_size;
    // On SQLite both reads at once, from one snapshot; elsewhere the counters first, so that a
    // page past the end costs no page query.
    const read = deps.listReader?.(userId, statusIds, q.page_size, offset);
    const counters = countersFrom(read ? read.counts : await repo.countByStatus(db, userId));
    const links = this.links(q, counters);
    const rows = read ? read.rows : await repo.listOrders(db, userId, statusIds, q.page_size, offset);
    return { rows, titles: await this.ctx.titles(), ...links, counters };
  }

  /** The tab's count and the pages before and after; 404 past the last page. */
  private links(q: ListQuery, counters: OrderList['counters']) {
    const count = counters[q.tab];
    const lastPage = Math.max(1, Math.ceil(count / q.page_size));
    if (q.page > lastPage) throw new HttpError(404, orderMessages.invalidPage);
    return {
      next: q.page < lastPage ? this.pageUrl(q, q.page + 1) : null,
      previous: q.page > 1 ? this.pageUrl(q, q.page - 1) : null,
      count,
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
