import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { addressRanges } from '../lib/address-ranges';
import { errorMessages } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** What the rest of the server tells /metrics; every series is listed in docs/deploy.md. */
export interface Metrics {
  readonly registry: Registry;
  /** The chat's open sockets on this instance, read at each scrape (modules/chat/socket.ts). */
  countSockets(read: () => number): void;
  /** Chat events this instance took off the bus to fan out to its sockets. */
  readonly chatEvents: Counter;
  /**
   * Runs of the periodic jobs (plugins/jobs.ts), by job and outcome (`ok`, `failed`, or `skipped`
   * when another instance held the job's lock, ADR 036).
   */
  readonly jobRuns: Counter<'job' | 'outcome'>;
}

/** The label of a request no route matched (the SPA's pages, unknown paths): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const MAIL_STATUSES = ['pending', 'sending', 'failed'] as const;

/**
 * Prometheus metrics at `GET /metrics`, a registry per app (tests build many in one process):
 * the request durations by route pattern, the chat's sockets and events, the PostgreSQL pool, the
 * mail queue, the jobs, and prom-client's process metrics (CPU, memory, event loop lag, GC).
 *
 * Only clients whose connecting address is in METRICS_ALLOW are answered; X-Forwarded-For is not
 * believed, and a request that carries it came through a proxy and is refused too, so that a
 * public proxy in front of an allowed address does not open the door. Everyone else gets the 404
 * of an unknown path: the endpoint does not say it exists.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const allowed = addressRanges(app.config.METRICS_ALLOW, 'METRICS_ALLOW');

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    // A callback hook: an async one costs a promise on every answer.
    app.addHook('onResponse', function timeRequest(request, reply, done) {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    let readSockets: () => number = () => 0;
    new Gauge({
      name: 'chat_sockets_open',
      help: 'Chat WebSocket connections open on this instance',
      registers: [registry],
      collect() {
        this.set(readSockets());
      },
    });
    const chatEvents = new Counter({
      name: 'chat_events_fanned_out_total',
      help: 'Chat events (deliveries) taken off the bus to fan out to the sockets of this instance',
      registers: [registry],
    });
    const jobRuns = new Counter({
      name: 'job_runs_total',
      help: 'Runs of the periodic jobs, by job and outcome',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    });

    const database = app.database;
    new Gauge({
      name: 'mail_queue_depth',
      help: 'Mails in the outbox queue (mail_queue), by status',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const rows = await database.db
          .selectFrom('mail_queue')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute();
        for (const status of MAIL_STATUSES) {
          this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
        }
      },
    });

    const poolStats = database.poolStats;
    if (poolStats) {
      const pool = new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool: connections open (total) and idle, and queries waiting for one (waiting)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const stats = poolStats();
          pool.set({ state: 'total' }, stats.total);
          pool.set({ state: 'idle' }, stats.idle);
          pool.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }

    app.decorate<Metrics>('metrics', {
      registry,
      countSockets(read) {
        readSockets = read;
      },
      chatEvents,
      jobRuns,
    });

    const mayScrape = (request: FastifyRequest) =>
      allowed.has(request.socket.remoteAddress ?? '') &&
      request.headers['x-forwarded-for'] === undefined &&
      request.headers.forwarded === undefined;

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!mayScrape(request)) {
        request.log.warn(
          { address: request.socket.remoteAddress },
          'metrics: refused to a client outside METRICS_ALLOW',
        );
        return reply.status(404).send({ detail: errorMessages.notFound });
      }
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
