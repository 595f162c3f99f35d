import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** What the log says when a run fails: `${name} failed`. */
  name: string;
  everyMs: number;
  /** One run; resolves to how many things it did (removed, expired, sent). */
  run(): Promise<number>;
  /** Logged when a run did something, with the count under `countKey`. */
  done: { message: string; countKey: string };
}

/**
 * A periodic job of this instance: `run` every `everyMs`, never two runs of it at once here, a
 * failed run logged and the next one tried on time. The timer never holds the process up, and
 * closing the app waits for a run under way (it needs the database). Every instance runs its jobs,
 * so a job must be safe on several at once: each claims its rows in the statement that changes
 * them, or removes only what nothing points to any more.
 */
export function runEvery(app: FastifyInstance, job: PeriodicJob): void {
  let running: Promise<void> | null = null;
  // Counted on /metrics (plugins/metrics.ts) when the app has them.
  const runs = app.hasDecorator('metrics') ? app.metrics.jobRuns : undefined;
  const timer = setInterval(() => {
    running ??= job
      .run()
      .then((count) => {
        runs?.inc({ job: job.name, outcome: 'ok' });
        if (count > 0) app.log.info({ [job.done.countKey]: count }, job.done.message);
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
