/**
 * Rendered pages of the orders list (the JSON bytes sent), each held with the version of the
 * customer's orders it was rendered at (migration 005: triggers change the version with every
 * write to the customer's orders, whoever makes it). A page is given back only for the very
 * version asked with, which the caller reads from the database on every request, so a write —
 * by this process, another one, or by hand in SQL — makes the next request render afresh.
 *
 * Bounded by entries and bytes; the page used least recently goes first.
 *
 * A page is kept on its second render, not its first (an admission "doorkeeper", as TinyLFU's):
 * the cache remembers the keys of the last `maxEntries` pages rendered once and keeps a page only
 * when its key is among them. A page not asked for again within that many other pages would be
 * pushed out of a cache of that size before it was asked for again, so keeping it only costs:
 * every kept page is a buffer of its own that lives long enough to be promoted, and with customers
 * in rotation (bench/api-orders) the garbage collector's work for them was 40 % of rendering a page
 * on a miss. A page dropped for a stale version counts as asked for again.
 */
export class ListPageCache {
  private readonly entries = new Map<string, { version: number; body: Buffer }>();
  private bytes = 0;
  /** Keys of pages rendered once and not kept, oldest first. */
  private readonly once = new Set<string>();

  constructor(
    readonly maxEntries = 1000,
    readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  /** The page stored under `key` for exactly `version`, or undefined. */
  get(key: string, version: number): Buffer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      // Asked for again since it was kept: its next render is worth keeping.
      this.remember(key);
      return undefined;
    }
    // Back to the young end of the map's order.
    this.entries.set(key, entry);
    return entry.body;
  }

  /** Keeps the page if its key was rendered recently already (or is kept now); else remembers the key. */
  set(key: string, version: number, body: Buffer): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    } else if (!this.once.delete(key)) {
      this.remember(key);
      return;
    }
    if (body.length > this.maxBytes) return;
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, { body: Buffer }];
      this.entries.delete(oldestKey);
      this.bytes -= oldest.body.length;
    }
  }

  private remember(key: string): void {
    this.once.delete(key);
    this.once.add(key);
    if (this.once.size > this.maxEntries) this.once.delete(this.once.values().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.once.clear();
    this.bytes = 0;
  }
}
