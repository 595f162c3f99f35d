import type { ExpressionBuilder, Generated, Kysely } from 'kysely';
import type { DB, MailStatus } from '../../db/types';

/**
 * The claim-and-retry columns every delivery queue table shares (`mail_queue` of migration 007 set
 * the pattern; `push_queue` of 026 and `telegram_queue` of 028 follow it): a round claims its rows by switching `pending`
 * to `sending` in one UPDATE only a due row passes, so instances sharing the table never claim the
 * same row; a `sending` row whose lease ran out belongs to a worker that died and is claimed again.
 */
interface QueueColumns {
  id: Generated<number>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_at: string | null;
  last_error: string | null;
}

/** The queue tables written through these functions. */
export type QueueTable = 'telegram_queue' | 'push_queue';

/**
 * One table seen through its shared columns only. (Kysely types a query by its table's name; the
 * functions below are written once for every queue table, so they see it as this one-table schema.)
 */
type Queue = Kysely<{ queue: QueueColumns }>;
const asQueue = (db: Kysely<DB>) => db as unknown as Queue;

/** A claimed row: its id, its attempt count after the claim, and who claimed it. */
export interface Claimed {
  id: number;
  attempts: number;
  claimed_by: string;
}

function dueAt(now: Date, leaseMs: number) {
  const nowText = now.toISOString();
  const staleText = new Date(now.getTime() - leaseMs).toISOString();
  return (eb: ExpressionBuilder<{ queue: QueueColumns }, 'queue'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowText)]),
      eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleText)]),
    ]);
}

/** Claims up to `batch` due rows of `table` for `claimedBy` (PostgreSQL: skipping rows others lock). */
export async function claimDue(
  db: Kysely<DB>,
  table: QueueTable,
  postgres: boolean,
  claimedBy: string,
  batch: number,
  now: Date,
  leaseMs: number,
): Promise<number[]> {
  const due = dueAt(now, leaseMs);
  const rows = await asQueue(db)
    .with(
      (cte) => cte('picked').materialized(),
      (qb) => {
        const pick = qb
          .selectFrom(`${table} as queue` as 'queue')
          .select('id')
          .where(due)
          .orderBy('id')
          .limit(batch);
        return postgres ? pick.forUpdate().skipLocked() : pick;
      },
    )
    .updateTable(`${table} as queue` as 'queue')
    .set((eb) => ({
      status: 'sending',
      claimed_by: claimedBy,
      claimed_at: now.toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where((eb) => eb.and([eb('id', 'in', eb.selectFrom('picked').select('picked.id')), due(eb)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Whether any row of `table` is due: a cheap look before the claim's write, for the frequent poll. */
export async function anyDue(
  db: Kysely<DB>,
  table: QueueTable,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const row = await asQueue(db)
    .selectFrom(`${table} as queue` as 'queue')
    .select('id')
    .where(dueAt(now, leaseMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Delivered: the row goes (only if this worker still holds it). */
export async function deleteDone(db: Kysely<DB>, table: QueueTable, row: Claimed): Promise<void> {
  await asQueue(db)
    .deleteFrom(`${table} as queue` as 'queue')
    .where('id', '=', row.id)
    .where('claimed_by', '=', row.claimed_by)
    .execute();
}

/** Not delivered this time: pending again from `nextAt`. */
export async function retryLater(
  db: Kysely<DB>,
  table: QueueTable,
  row: Claimed,
  nextAt: string,
  error: string,
): Promise<void> {
  await asQueue(db)
    .updateTable(`${table} as queue` as 'queue')
    .set({
      status: 'pending',
      next_attempt_at: nextAt,
      last_error: error,
      claimed_by: null,
      claimed_at: null,
    })
    .where('id', '=', row.id)
    .where('claimed_by', '=', row.claimed_by)
    .execute();
}

/** Will not be delivered: kept as `failed` with the reason, for an operator to look at. */
export async function giveUp(db: Kysely<DB>, table: QueueTable, row: Claimed, error: string): Promise<void> {
  await asQueue(db)
    .updateTable(`${table} as queue` as 'queue')
    .set({ status: 'failed', last_error: error, claimed_by: null })
    .where('id', '=', row.id)
    .where('claimed_by', '=', row.claimed_by)
    .execute();
}
