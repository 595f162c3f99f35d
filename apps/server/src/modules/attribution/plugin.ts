import {
  AttributionReportQuerySchema,
  AttributionReportSchema,
  CountersSchema,
  countersApi,
  type Counters,
  staffApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi';
import { requireManager } from '../staff';
import { attributionReport } from './report';

/** Marketing attribution and the staff report. */
export default fp(
  async function attributionModule(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const db = app.database.db;
    const counters: Counters = {
      yandex_metrika_id: app.config.YANDEX_METRIKA_ID ?? null,
      ga4_measurement_id: app.config.GA4_MEASUREMENT_ID ?? null,
    };

    app.get(
      countersApi,
      {
        schema: {
          tags: ['reference'],
          summary: 'Счётчики аналитики (Яндекс Метрика, Google Analytics 4): их номера или null',
          response: { 200: CountersSchema },
        },
      },
      // They change only with a restart (the CSP with them): five minutes in any cache is fine.
      async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(counters),
    );

    app.get(
      staffApi.attributionReport,
      {
        onRequest: requireManager,
        schema: {
          tags: ['staff'],
          security: [{ bearer: [] }],
          summary: 'Отчёт: какие кампании и партнёры привели заказы, оплаты, деньги и регистрации за период',
          querystring: AttributionReportQuerySchema,
          response: { 200: AttributionReportSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => attributionReport(db, request.query),
    );
  },
  { name: 'attribution-module', dependencies: ['db', 'auth'] },
);
