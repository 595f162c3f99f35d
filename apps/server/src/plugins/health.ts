import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseAnswers } from './db';

/** Each dependency gets this long to answer; a load balancer's probe must not wait on a stuck pool. */
export const CHECK_TIMEOUT_MS = 2_000;

/** What readiness asks about, in the order it reports them. */
export type Dependency = 'database' | 'redis' | 'storage';

const russianNames: Record<Dependency, string> = {
  database: 'база данных',
  redis: 'Redis',
  storage: 'файловое хранилище',
};

export const healthMessages = {
  notReady: (failed: Dependency[]) =>
    `Сервис не готов: не отвечает ${failed.map((d) => russianNames[d]).join(', ')}`,
  shuttingDown: 'Сервер останавливается, повторите запрос',
} as const;

/** True when the promise settles well within the time: a check that hangs counts as failed. */
async function answersWithin(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The dependencies that do not answer now: the database (`select 1`), Redis when REDIS_URL is set
 * (a PING on the rate-limit store's connection), the file storage (FILES_DIR readable and
 * writable, or the S3 bucket answering HeadBucket: ADR 040). Asked together, each within `timeoutMs`.
 */
export async function failedDependencies(
  app: FastifyInstance,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Dependency[]> {
  const checks: Array<[Dependency, Promise<boolean>]> = [
    ['database', databaseAnswers(app.database, timeoutMs)],
    ...(app.config.REDIS_URL
      ? [
          ['redis', answersWithin(() => app.rateLimits.store.ping(), timeoutMs)] as [
            Dependency,
            Promise<boolean>,
          ],
        ]
      : []),
    ['storage', answersWithin(() => app.storage.check(), timeoutMs)],
  ];
  const answers = await Promise.all(checks.map(([, answered]) => answered));
  return checks.filter((_, i) => !answers[i]).map(([name]) => name);
}

/**
 * The probes, outside /api/ (docs/deploy.md): `GET /healthz` says the process answers
 * (liveness: nothing else is asked, and load shedding passes it by), `GET /readyz` that this
 * instance can serve (readiness: the dependencies above). `GET /api/health/`, the older probe,
 * still asks the database only, with the same check. From SIGTERM on (server.ts) every request but
 * /healthz is answered 503 in Russian, so a balancer takes the instance out while its requests
 * finish.
 */
export default fp(
  async function healthPlugin(app: FastifyInstance) {
    let draining = false;
    // Fastify's own answer while closing is an English 503 without our headers (return503OnClosing
    // is off in app.ts); this one goes through the error-free path, with X-Request-Id.
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!draining || request.routeOptions.url === '/healthz') return done();
      void reply
        .status(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({ detail: healthMessages.shuttingDown });
    });

    app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const failed = await failedDependencies(app);
      if (failed.length === 0) return { status: 'ok' };
      request.log.error({ failed }, 'readiness: dependencies do not answer');
      return reply
        .status(503)
        .send({ status: 'unavailable', failed, detail: healthMessages.notReady(failed) });
    });

    // For the load balancers set up before /readyz: healthy when the database answers.
    app.get('/api/health/', { schema: { hide: true } }, async (request, reply) => {
      if (await databaseAnswers(app.database, CHECK_TIMEOUT_MS)) return { status: 'ok' };
      request.log.error('health: the database does not answer');
      return reply.status(503).send({ status: 'unavailable' });
    });
  },
  { name: 'health', dependencies: ['db', 'storage', 'rate-limits'] },
);
