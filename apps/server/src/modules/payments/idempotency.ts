import { paymentMessages } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { nowIso } from '../../db/index';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { DB } from '../../db/types';
import { HttpError } from '../../plugins/errors';
import {
  deleteKey,
  deleteUnansweredKey,
  findIdempotencyKey,
  insertIdempotencyKey,
  keepAnswer,
} from './repo-idempotency';

/**
 * `Idempotency-Key` on every money-moving POST (as Stripe does): the first request with a
 * key runs and its answer is kept; a repeat with the same key and the same body gets that answer
 * again and runs nothing; the same key with another body (or on another route) is a 409. The key's
 * row is written before anything runs (primary key user_id + key), so of two requests with one key
 * at once only one runs — the other finds the row without an answer yet and gets a 409 too.
 *
 * Only answers that moved something are kept: a refusal (400, 404, 409…) rolls its transaction back
 * and releases the key, so a retry after topping up the balance runs again.
 *
 * The database may go away between those steps (a restart, a failover; ADR 041): the request then
 * answers 503, and the key's release — or the keeping of an answer whose work did commit — is
 * repeated in the background until the database is back, so a retry with the same key gets the
 * answer or runs again instead of a 409 for ever. A key the process never came back to (it died
 * mid-request) counts as abandoned after {@link ABANDONED_AFTER_MS} and runs again: what it had
 * committed, a paid order, makes the new run a refusal, not a second payment.
 */

/** Printable ASCII, as clients generate them (UUIDs, ULIDs…). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const idempotencyInFlight = 'Такой запрос уже выполняется — дождитесь ответа';

/** A key without an answer this long after it was written belongs to a request that died. */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/** How long a key's release or answer is retried while the database is unavailable. */
const RETRY_FOR_MS = 5 * 60_000;

/**
 * Runs `write` again, with a growing pause, for as long as it fails because the database is
 * unavailable (up to {@link RETRY_FOR_MS}). Timers are unref'd: they never hold the process up, and
 * a closed app's writes fail otherwise, which ends the retries.
 */
function retryWhileUnavailable(write: () => Promise<unknown>): void {
  const until = Date.now() + RETRY_FOR_MS;
  const later = (delayMs: number) => {
    setTimeout(() => {
      write().catch((err: unknown) => {
        if (isDatabaseUnavailable(err) && Date.now() < until) later(Math.min(delayMs * 2, 5_000));
      });
    }, delayMs).unref();
  };
  later(200);
}

/** The header every money-moving POST declares (optional in the schema: a missing one is our 400). */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Ключ идемпотентности (UUID): повтор с тем же ключом вернёт первый ответ'),
});

export interface StoredAnswer<T = unknown> {
  status: number;
  body: T;
}

/** JSON with object keys sorted at every level: the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** The header's value, or a 400 «Не хватает заголовка Idempotency-Key». */
function requireKey(key: string | string[] | undefined): string {
  const value = Array.isArray(key) ? key[0] : key;
  if (value === undefined || !KEY_PATTERN.test(value)) {
    throw new HttpError(400, paymentMessages.idempotencyKeyRequired, {
      'Idempotency-Key': [paymentMessages.idempotencyKeyRequired],
    });
  }
  return value;
}

export async function withIdempotency<T>(
  db: Kysely<DB>,
  userId: number,
  key: string | string[] | undefined,
  route: string,
  body: unknown,
  run: () => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T>> {
  const k = requireKey(key);
  const hash = requestHash(body);
  const createdAt = nowIso();
  const inserted = await insertIdempotencyKey(db, {
    user_id: userId,
    key: k,
    route,
    request_hash: hash,
    status_code: null,
    response: null,
    created_at: createdAt,
  });
  if (!inserted) {
    const row = await findIdempotencyKey(db, userId, k);
    // Released between our insert and this read: the first request was refused; run again.
    if (!row) return withIdempotency(db, userId, k, route, body, run);
    if (row.route !== route || row.request_hash !== hash) {
      throw new HttpError(409, paymentMessages.idempotencyKeyReused);
    }
    if (row.response === null || row.status_code === null) {
      if (Date.parse(row.created_at) > Date.now() - ABANDONED_AFTER_MS)
        throw new HttpError(409, idempotencyInFlight);
      // Abandoned: taken over by whoever deletes it first (the same row, still without an answer).
      await deleteUnansweredKey(db, userId, k, row.created_at);
      return withIdempotency(db, userId, k, route, body, run);
    }
    return { status: row.status_code, body: JSON.parse(row.response) as T };
  }
  // This request's row only: a release repeated later must not take a retry's fresh row.
  const release = () => deleteKey(db, userId, k, createdAt);
  let answer: StoredAnswer<T>;
  try {
    answer = await run();
  } catch (err) {
    try {
      await release();
    } catch (releaseErr) {
      if (!isDatabaseUnavailable(releaseErr)) throw releaseErr;
      retryWhileUnavailable(release);
    }
    throw err;
  }
  const keep = () => keepAnswer(db, userId, k, answer.status, JSON.stringify(answer.body));
  try {
    await keep();
  } catch (err) {
    // The work committed: its answer is kept once the database is back, for the client's retry.
    if (isDatabaseUnavailable(err)) retryWhileUnavailable(keep);
    throw err;
  }
  return answer;
}

/** What {@link answerOnce} reads of a Fastify request. */
export interface IdempotentRequest {
  userId: number;
  headers: { 'idempotency-key'?: string | string[] | undefined };
  body: unknown;
}

/**
 * A money-moving POST of the customer: `run` answers 200 once per `Idempotency-Key`, a repeat gets
 * the kept answer ({@link withIdempotency}); `route` names the route in the key's row.
 */
export function answerOnce<T>(
  db: Kysely<DB>,
  request: IdempotentRequest,
  route: string,
  run: () => Promise<T>,
): Promise<StoredAnswer<T>> {
  return withIdempotency(
    db,
    request.userId,
    request.headers['idempotency-key'],
    route,
    request.body,
    async () => ({
      status: 200,
      body: await run(),
    }),
  );
}
