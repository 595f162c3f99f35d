import Fastify from 'fastify';
import pg from 'pg';
import { Counter } from 'prom-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/index';
import { JOB_LOCK_SPACE, jobLockFor, jobLockKey, runEvery, type JobLock } from './jobs';
import type { Metrics } from './metrics';

const EVERY = 1_000;

/** A run that waits until the test lets it end, with how many things it did. */
function heldRuns() {
  const ends: Array<(count: number | Error) => void> = [];
  const run = vi.fn(
    () =>
      new Promise<number>((resolve, reject) =>
        ends.push((count) => (count instanceof Error ? reject(count) : resolve(count))),
      ),
  );
  return { run, end: (count: number | Error) => ends.shift()?.(count) };
}

describe('runEvery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs on time, never twice at once, logs what a run did and what failed, and goes on', async () => {
    const app = Fastify();
    const info = vi.spyOn(app.log, 'info');
    const error = vi.spyOn(app.log, 'error');
    const { run, end } = heldRuns();
    runEvery(app, {
      name: 'sweep of things',
      everyMs: EVERY,
      run,
      done: { message: 'swept things', countKey: 'removed' },
    });

    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    // Still running: the next ticks start nothing.
    await vi.advanceTimersByTimeAsync(3 * EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    end(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(info).toHaveBeenCalledWith({ removed: 3 }, 'swept things');

    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(2);
    end(new Error('disk gone'));
    await vi.advanceTimersByTimeAsync(0);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'sweep of things failed');

    // A failure does not stop the job; a run that did nothing says nothing.
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(3);
    end(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(info).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('runs nothing on a tick whose lock another holder has, counts the skip, and runs on the next', async () => {
    const app = Fastify();
    const jobRuns = new Counter({
      name: 'job_runs_total',
      help: 'runs',
      labelNames: ['job', 'outcome'] as const,
      registers: [],
    });
    app.decorate('metrics', { jobRuns } as unknown as Metrics);
    let heldElsewhere = true;
    const asked: string[] = [];
    const lock: JobLock = {
      async hold(job, run) {
        asked.push(job);
        return heldElsewhere ? { ran: false } : { ran: true, value: await run() };
      },
    };
    const run = vi.fn(async () => 2);
    runEvery(app, { name: 'sweep', everyMs: EVERY, run, done: { message: 'swept', countKey: 'n' } }, lock);

    await vi.advanceTimersByTimeAsync(EVERY);
    expect(asked).toEqual(['sweep']);
    expect(run).not.toHaveBeenCalled();
    heldElsewhere = false;
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    const counts = (await jobRuns.get()).values.map((v) => [v.labels.outcome, v.value]);
    expect(counts).toEqual([
      ['skipped', 1],
      ['ok', 1],
    ]);
    await app.close();
  });

  it('lets a close wait for the run under way, and runs nothing after it', async () => {
    const app = Fastify();
    const { run, end } = heldRuns();
    runEvery(app, { name: 'job', everyMs: EVERY, run, done: { message: 'done', countKey: 'n' } });
    await app.ready();
    await vi.advanceTimersByTimeAsync(EVERY);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    end(1);
    await closing;
    expect(closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * EVERY);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

/** A run that says when it has started and waits until the test lets it end. */
function gatedRun() {
  let started!: () => void;
  let end!: () => void;
  const hasStarted = new Promise<void>((resolve) => (started = resolve));
  const ended = new Promise<void>((resolve) => (end = resolve));
  const run = async () => {
    started();
    await ended;
    return 1;
  };
  return { run, hasStarted, end };
}

describe('the jobs’ lock on SQLite', () => {
  it('runs every run: one process per file, runEvery keeps it from overlapping itself', async () => {
    const database = openDatabase({ sqlitePath: ':memory:' });
    const lock = jobLockFor(database);
    const { run, hasStarted, end } = gatedRun();
    const first = lock.hold('sweep', run);
    await hasStarted;
    await expect(lock.hold('sweep', async () => 2)).resolves.toEqual({ ran: true, value: 2 });
    end();
    await expect(first).resolves.toEqual({ ran: true, value: 1 });
    await database.close();
  });
});

// The lock between instances sharing one PostgreSQL database (ADR 036): `npm run test:services`.
const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('the jobs’ lock on PostgreSQL', () => {
  let database: Database;
  let lock: JobLock;
  // Another instance's session.
  let other: pg.Client;
  const othersTry = async (job: string) => {
    const { rows } = await other.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [
      JOB_LOCK_SPACE,
      jobLockKey(job),
    ]);
    if (rows[0]?.held)
      await other.query('select pg_advisory_unlock($1, $2)', [JOB_LOCK_SPACE, jobLockKey(job)]);
    return rows[0]?.held;
  };

  beforeAll(async () => {
    database = openDatabase({ url: pgUrl, sqlitePath: ':memory:' });
    lock = jobLockFor(database);
    other = new pg.Client({ connectionString: pgUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await database.close();
  });

  it('runs nothing while another session holds the job’s lock, and runs once it is let go', async () => {
    await other.query('select pg_advisory_lock($1, $2)', [JOB_LOCK_SPACE, jobLockKey('sweep')]);
    const run = vi.fn(async () => 1);
    await expect(lock.hold('sweep', run)).resolves.toEqual({ ran: false });
    expect(run).not.toHaveBeenCalled();
    // Another job's lock is its own.
    await expect(lock.hold('digest', run)).resolves.toEqual({ ran: true, value: 1 });
    await other.query('select pg_advisory_unlock($1, $2)', [JOB_LOCK_SPACE, jobLockKey('sweep')]);
    await expect(lock.hold('sweep', run)).resolves.toEqual({ ran: true, value: 1 });
  });

  it('holds the lock for the whole run, against its own pool too, and lets it go however the run ends', async () => {
    const { run, hasStarted, end } = gatedRun();
    const first = lock.hold('sweep', run);
    await hasStarted;
    await expect(lock.hold('sweep', async () => 2)).resolves.toEqual({ ran: false });
    expect(await othersTry('sweep')).toBe(false);
    end();
    await expect(first).resolves.toEqual({ ran: true, value: 1 });
    expect(await othersTry('sweep')).toBe(true);

    await expect(
      lock.hold('sweep', async () => {
        throw new Error('disk gone');
      }),
    ).rejects.toThrow('disk gone');
    expect(await othersTry('sweep')).toBe(true);
  });

  it('fails the run’s report, not the process, when the lock’s connection is cut, and frees the lock', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cut = lock.hold('sweep', async () => {
      await other.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and classid = $1 and objid = $2 and pid <> pg_backend_pid()`,
        [JOB_LOCK_SPACE, jobLockKey('sweep') >>> 0],
      );
      return 1;
    });
    await expect(cut).rejects.toThrow();
    expect(logged).toHaveBeenCalledWith('PostgreSQL pool: client in use lost', expect.any(String));
    logged.mockRestore();
    expect(await othersTry('sweep')).toBe(true);
    await expect(lock.hold('sweep', async () => 3)).resolves.toEqual({ ran: true, value: 3 });
  });
});
