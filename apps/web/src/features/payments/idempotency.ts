import { ApiError } from '../../shared/api/errors';

/**
 * The `Idempotency-Key` of a money-moving POST. One key per attempt: the customer's
 * request with its body. When an attempt got no answer (the network dropped, the server failed) the
 * same request sent again carries the same key, so that a payment the server did create is answered
 * again rather than made twice. Any answer ends the attempt; a changed request starts a new one.
 */
export class PaymentAttempt {
  private current: { key: string; body: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key to send `body` with. */
  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.current?.body !== text) this.current = { key: this.newKey(), body: text };
    return this.current.key;
  }

  /** Call after the request: a success or a refusal ends the attempt, a lost answer keeps it. */
  finish(error?: unknown): void {
    if (error === undefined || !isUnanswered(error)) this.current = null;
  }
}

/** The server may have done the work and its answer got lost: the retry must say it is the same request. */
function isUnanswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'no-response' || error.kind === 'cancelled') return true;
  return error.kind === 'http' && error.status >= 500;
}
