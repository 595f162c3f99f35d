/**
 * At most `limit` jobs at a time; the rest wait in order of arrival. `active` and `waiting` are
 * there to be read (a gauge, a test).
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('the limit must be a positive integer');
  }

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running += 1;
    try {
      return await job();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake it.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
