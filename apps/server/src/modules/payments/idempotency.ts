import { paymentMessages } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { HttpError } from '../../plugins/errors';

/**
 * `Idempotency-Key` on every money-moving POST (as Stripe does): the first request with a
 * key runs and its answer is kept; a repeat with the same key and the same body gets that answer
 * again and runs nothing; the same key with another body (or on another route) is a 409. The key's
 * row is written before anything runs (primary key user_id + key), so of two requests with one key
 * at once only one runs — the other finds the row without an answer yet and gets a 409 too.
 *
 * Only answers that moved something are kept: a refusal (400, 404, 409…) rolls its transaction back
 * and releases the key, so a retry after topping up the balance runs again.
 */

/** Printable ASCII, as clients generate them (UUIDs, ULIDs…). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const idempotencyInFlight = 'Такой запрос уже выполняется — дождитесь ответа';

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
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key: k,
      route,
      request_hash: hash,
      status_code: null,
      response: null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!inserted) {
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', k)
      .executeTakeFirst();
    // Released between our insert and this read: the first request was refused; run again.
    if (!row) return withIdempotency(db, userId, k, route, body, run);
    if (row.route !== route || row.request_hash !== hash) {
      throw new HttpError(409, paymentMessages.idempotencyKeyReused);
    }
    if (row.response === null || row.status_code === null) throw new HttpError(409, idempotencyInFlight);
    return { status: row.status_code, body: JSON.parse(row.response) as T };
  }
  let answer: StoredAnswer<T>;
  try {
    answer = await run();
  } catch (err) {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', k).execute();
    throw err;
  }
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.status, response: JSON.stringify(answer.body) })
    .where('user_id', '=', userId)
    .where('key', '=', k)
    .execute();
  return answer;
}
