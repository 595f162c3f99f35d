/**
 * Reconnect delays: exponential with full jitter (a random delay between 0 and the exponential
 * bound), so that a thousand tabs dropped by one server restart do not come back in one wave.
 */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_FACTOR = 2;
export const BACKOFF_CAP_MS = 30_000;
/** A connection that stayed open this long counts as healthy: the next drop starts from the base again. */
export const BACKOFF_RESET_AFTER_MS = 10_000;

/** The upper bound of the `attempt`-th delay (0-based): base·factor^attempt, at most the cap. */
export function backoffCeiling(attempt: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * BACKOFF_FACTOR ** Math.max(0, attempt));
}

/** Full jitter: uniformly in [0, ceiling). `random` returns [0, 1) like Math.random. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * backoffCeiling(attempt));
}

/** The attempt counter of one connection: `next()` per failure, `reset()` once a connection proved healthy. */
export class Backoff {
  private attempt = 0;

  constructor(private readonly random: () => number = Math.random) {}

  next(): number {
    const delay = backoffDelay(this.attempt, this.random);
    // Past the cap the exponent only grows; keep it bounded.
    if (backoffCeiling(this.attempt) < BACKOFF_CAP_MS) this.attempt += 1;
    return delay;
  }

  reset(): void {
    this.attempt = 0;
  }
}
