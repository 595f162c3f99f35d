import type { FastifyBaseLogger } from 'fastify';

/** How often a queue looks for rows another request or instance queued: notifications are meant to be prompt. */
const POLL_MS = 1_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** The wait before retry number `attempt` (1-based): `firstSeconds`, doubling, up to an hour. */
export function backoffMs(firstSeconds: number, attempt: number): number {
  return Math.min(firstSeconds * 1000 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/**
 * The delivery loop of a queue table: a round after each kick (after the answer that queued rows
 * has been written) and on a timer (rows other instances queued, retries come due), one round at a
 * time, each claiming batches until none is left. The table's own claim and outcomes are the
 * caller's (lib/queue/repo.ts).
 */
export class DeliveryLoop<Row> {
  private round: Promise<void> = Promise.resolve();
  private scheduled = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly name: string,
    private readonly log: FastifyBaseLogger,
    private readonly rounds: {
      claim(): Promise<Row[]>;
      anyDue(): Promise<boolean>;
      deliver(row: Row): Promise<void>;
    },
  ) {}

  kick(): void {
    if (this.closed || this.scheduled) return;
    this.scheduled = true;
    this.round = this.round
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        this.scheduled = false;
        return this.drain();
      })
      .catch((err: unknown) => this.log.error({ err }, `${this.name} round failed`));
  }

  /** Delivers every row due now and waits until none is left (tests). */
  async flush(): Promise<void> {
    this.kick();
    await this.round;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.scheduled) return;
      this.rounds
        .anyDue()
        .then((due) => {
          if (due) this.kick();
        })
        .catch((err: unknown) => this.log.error({ err }, `${this.name} poll failed`));
    }, POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.round;
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const batch = await this.rounds.claim();
      if (batch.length === 0) return;
      await Promise.all(
        batch.map((row) =>
          this.rounds
            .deliver(row)
            .catch((err: unknown) => this.log.error({ err }, `${this.name} delivery failed`)),
        ),
      );
    }
  }
}
