/**
 * Rendered pages of the orders list (the JSON bytes sent), each held with the version of the
 * customer's orders it was rendered at (migration 005: triggers change the version with every
 * write to the customer's orders, whoever makes it). A page is given back only for the very
 * version asked with, which the caller reads from the database on every request, so a write —
 * by this process, another one, or by hand in SQL — makes the next request render afresh.
 *
 * Bounded by entries and bytes; the page used least recently goes first.
 */
export class ListPageCache {
  private readonly entries = new Map<string, { version: number; body: Buffer }>();
  private bytes = 0;

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
      return undefined;
    }
    // Back to the young end of the map's order.
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: number, body: Buffer): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
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

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
