import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/index';
import type { DB } from '../db/types';

export interface PeriodicJob {
  /** The job's name: its lock, its label on /metrics, and what the log says when a run fails. */
  name: string;
  everyMs: number;
  /** One run; resolves to how many things it did (removed, expired, sent). */
  run(): Promise<number>;
  /** Logged when a run did something, with the count under `countKey`. */
  done: { message: string; countKey: string };
}

/** What a job's lock gave: the run's result, or `ran: false` when another holder had the lock. */
export type Held<T> = { ran: true; value: T } | { ran: false };

/**
 * A lock per job among every instance that shares the database: `hold` runs `run` while it holds
 * the job's lock, or resolves to `{ ran: false }` at once when another holder has it (ADR 036).
 */
export interface JobLock {
  hold<T>(job: string, run: () => Promise<T>): Promise<Held<T>>;
}

/** The first key of the jobs' PostgreSQL advisory locks; the second is the job's name hashed. */
export const JOB_LOCK_SPACE = 0x4a4f4253; // "JOBS"

/** The second key of a job's advisory lock: 32 bits of its name's SHA-256, stable across releases. */
export function jobLockKey(job: string): number {
  return createHash('sha256').update(job).digest().readInt32BE(0);
}

/**
 * On PostgreSQL, a transaction-level advisory lock taken without waiting, on a connection of its
 * own, in a transaction held open while the job runs on the pool's other connections: the lock
 * ends with that transaction, whatever becomes of the run, the process or the connection, so it
 * cannot outlive its holder (ADR 036).
 */
function postgresJobLock(db: Kysely<DB>): JobLock {
  return {
    hold: (job, run) =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ held: boolean }>`
          select pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}, ${jobLockKey(job)}) as held`.execute(trx);
        if (!rows[0]?.held) return { ran: false } as const;
        return { ran: true, value: await run() } as const;
      }),
  };
}

/** SQLite serves one process (ADR 001): `runEvery`'s own guard against overlapping runs is the whole lock. */
const localJobLock: JobLock = {
  hold: async (_job, run) => ({ ran: true, value: await run() }),
};

/** The lock for the app's database. */
export function jobLockFor(database: Pick<Database, 'db' | 'dialect'>): JobLock {
  return database.dialect === 'postgres' ? postgresJobLock(database.db) : localJobLock;
}

/**
 * A periodic job: `run` every `everyMs`, never two runs of it at once, here or (on PostgreSQL) on
 * another instance sharing the database — a tick that finds the job's lock held elsewhere runs
 * nothing (ADR 036). A failed run is logged and the next one tried on time. The timer never holds
 * the process up, and closing the app waits for a run under way (it needs the database). Every
 * instance ticks, so each job stays safe on its own too: it claims its rows in the statement that
 * changes them, or removes only what nothing points to any more.
 *
 * `lock` is the app's database's (`jobLockFor`) unless given.
 */
export function runEvery(app: FastifyInstance, job: PeriodicJob, lock?: JobLock): void {
  const jobLock = lock ?? (app.hasDecorator('database') ? jobLockFor(app.database) : localJobLock);
  let running: Promise<void> | null = null;
  // Counted on /metrics (plugins/metrics.ts) when the app has them.
  const runs = app.hasDecorator('metrics') ? app.metrics.jobRuns : undefined;
  const timer = setInterval(() => {
    running ??= jobLock
      .hold(job.name, () => job.run())
      .then((held) => {
        if (!held.ran) {
          runs?.inc({ job: job.name, outcome: 'skipped' });
          app.log.debug({ job: job.name }, 'job skipped: another instance holds its lock');
          return;
        }
        runs?.inc({ job: job.name, outcome: 'ok' });
        if (held.value > 0) app.log.info({ [job.done.countKey]: held.value }, job.done.message);
      })
      .catch((err: unknown) => {
        runs?.inc({ job: job.name, outcome: 'failed' });
        app.log.error({ err }, `${job.name} failed`);
      })
      .finally(() => {
        running = null;
      });
  }, job.everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
