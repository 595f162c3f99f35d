import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createHash, randomUUID } from 'node:crypto';
import type { Config } from './config';
import authModule from './modules/auth/plugin';
import attributionModule from './modules/attribution/plugin';
import authorsModule from './modules/authors/plugin';
import callbackRoutes from './modules/callbacks/index';
import certificatesModule from './modules/certificates/plugin';
import chatModule, { chatBusPlugin } from './modules/chat/plugin';
import contentModule from './modules/content/index';
import paymentsModule from './modules/payments/plugin';
import devRoutes from './modules/dev/index';
import notificationsModule from './modules/notifications/plugin';
import telegramModule from './modules/telegram/plugin';
import ordersModule, { staffOrderRoutes } from './modules/orders/plugin';
import profileModule from './modules/profile/index';
import referenceModule from './modules/reference/index';
import referralsModule from './modules/referrals/plugin';
import socialsModule from './modules/socials/index';
import staffModule from './modules/staff/plugin';
import titlePageRoutes from './modules/title-page/plugin';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import documentsPlugin from './plugins/documents';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import healthPlugin from './plugins/health';
import jsonBodyPlugin from './plugins/json-body';
import mailerPlugin from './plugins/mailer';
import metricsPlugin from './plugins/metrics';
import pressurePlugin from './plugins/pressure';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import seedPlugin from './plugins/seed';
import storagePlugin from './plugins/storage';
import webPlugin from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id that ties a request to its log lines: the client's X-Request-Id (a proxy's, or the web
 * app's) when it is a short token of plain characters, else a fresh one — what a client sends
 * goes into every log line, and must not forge or break them.
 */
function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

export interface BuildOptions {
  /** Log to stdout (the server); tests keep quiet. */
  logger?: boolean;
}

function trustNearestHops(count: number) {
  return (_address: string, hop: number) => hop < count;
}

/** Builds the whole server; `server.ts` starts it, tests `inject` into it. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // Fastify trusts no hop on a bare count (it cannot tell the proxy from a direct client), so a
    // count becomes "the nearest N hops", which assumes the server is reachable only through them.
    trustProxy:
      typeof config.TRUST_PROXY === 'number' ? trustNearestHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    // A path the router cannot decode, or too long a segment: our {detail}, not Fastify's body.
    frameworkErrors,
    // Requests that arrive while closing get the health plugin's Russian 503, with X-Request-Id.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // The id that ties a request to its log lines, echoed so a user's report can be traced.
  // A callback hook: an async one costs a promise on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin, {
    isProduction: config.NODE_ENV === 'production',
    publicUrl: config.PUBLIC_URL,
    counters: { metrika: !!config.YANDEX_METRIKA_ID, ga4: !!config.GA4_MEASUREMENT_ID },
  });
  // Signs short-lived cookies (the social sign-in flow); a key of its own, derived from the JWT one.
  await app.register(cookie, {
    secret: createHash('sha256').update(`cookie:${config.JWT_SECRET}`).digest('base64url'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Кабинет студента — API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(dbPlugin, { url: config.DATABASE_URL, sqlitePath: config.SQLITE_PATH });
  // Before every route: its hook times them all (GET /metrics).
  await app.register(metricsPlugin);
  // Before the seed: the demo orders' final files are stored through it.
  await app.register(storagePlugin);
  await app.register(seedPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(mailerPlugin);
  await app.register(documentsPlugin);
  // After the start-up's heavy work (migrations, seed), before the routes it guards: load shedding.
  await app.register(pressurePlugin);
  // /healthz, /readyz and /api/health/ for the load balancer; a 503 to everything while closing.
  await app.register(healthPlugin);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await app.register(authModule);
  await app.register(profileModule);
  await app.register(notificationsModule);
  await app.register(telegramModule);
  await app.register(socialsModule);
  await app.register(referenceModule);
  await app.register(chatBusPlugin);
  await app.register(ordersModule);
  await app.register(staffModule);
  await app.register(staffOrderRoutes);
  await app.register(chatModule);
  await app.register(paymentsModule);
  await app.register(callbackRoutes);
  await app.register(contentModule);
  await app.register(titlePageRoutes);
  await app.register(certificatesModule);
  await app.register(referralsModule);
  await app.register(attributionModule);
  await app.register(authorsModule);
  if (config.NODE_ENV === 'development' || config.NODE_ENV === 'test') await app.register(devRoutes);

  await app.register(webPlugin, { dist: config.WEB_DIST });
  return app;
}
