import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const pressureMessage = 'Сервер перегружен, повторите через минуту';

/** Said in Retry-After, as the message says. */
const RETRY_AFTER_SECONDS = 60;
/** How often the event loop is sampled (the plugin's default): each sample judges the last second. */
const SAMPLE_MS = 1_000;
/** A pressure episode is logged at most this often. */
const LOG_EVERY_MS = 10_000;
/** The liveness probe and the metrics still answer an overloaded process: they are how it is seen. */
const EXEMPT_ROUTES = new Set(['/healthz', '/metrics']);

/**
 * Load shedding: while the event loop's mean delay over a sample passes
 * PRESSURE_MAX_EVENT_LOOP_DELAY_MS (or its utilisation passes PRESSURE_MAX_EVENT_LOOP_UTILIZATION),
 * every request but the exempt ones is answered 503 with a Russian message and Retry-After, before
 * anything is read or asked of the database. The first two samples after the app is ready are not
 * judged: they may still hold the start-up's synchronous work (migrations, the demo seed).
 */
export default fp(
  async function pressurePlugin(app: FastifyInstance) {
    const { PRESSURE_MAX_EVENT_LOOP_DELAY_MS, PRESSURE_MAX_EVENT_LOOP_UTILIZATION } = app.config;
    let armed = false;
    let loggedAt = 0;
    app.addHook('onReady', async () => {
      setTimeout(() => (armed = true), 2 * SAMPLE_MS).unref();
    });
    await app.register(underPressure, {
      sampleInterval: SAMPLE_MS,
      maxEventLoopDelay: PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
      eventLoopUtilizationMode: 'interval',
      pressureHandler(request, reply, type, value) {
        if (!armed || EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return;
        const now = Date.now();
        if (now - loggedAt >= LOG_EVERY_MS) {
          loggedAt = now;
          request.log.warn({ type, value }, 'under pressure: answering 503');
        }
        void reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ detail: pressureMessage });
      },
    });
  },
  { name: 'pressure' },
);
