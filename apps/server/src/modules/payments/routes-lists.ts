import {
  BalanceSchema,
  PaymentListQuerySchema,
  PaymentListSchema,
  PaymentSchema,
  paymentsApi,
  rowIdParamSchema,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { ensureInvoices } from './invoices';
import { balanceOfCustomer, listHistory, listWaiting, paymentOf } from './lists';

const tags = ['payments'];
const security = [{ bearer: [] }];

/** The customer's payments awaiting payment, past payments and balance movements (spec §7 "Payments"). */
export default async function listRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const publicUrl = app.config.PUBLIC_URL;

  app.get(
    paymentsApi.waiting,
    {
      schema: {
        tags,
        security,
        summary: 'Платежи, ожидающие оплаты (новые сначала), постранично',
        querystring: PaymentListQuerySchema,
        response: { 200: PaymentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      // Orders that wait for payment get their payment rows first, so the list shows them all.
      await db.transaction().execute((trx) => ensureInvoices(trx, request.userId));
      return listWaiting(db, request.userId, request.query, publicUrl, paymentsApi.waiting);
    },
  );

  app.get(
    paymentsApi.result.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Один платёж клиента: что оплачено, сколько и чем кончилось (экран /payment)',
        params: z.object({ id: rowIdParamSchema }),
        response: { 200: PaymentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => paymentOf(db, request.userId, request.params.id),
  );

  app.get(
    paymentsApi.history,
    {
      schema: {
        tags,
        security,
        summary:
          'Прошедшие платежи (проведённые и отменённые, новые сначала): период from–to (дни по Москве, включительно) и назначение',
        querystring: PaymentListQuerySchema,
        response: { 200: PaymentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => listHistory(db, request.userId, request.query, publicUrl, paymentsApi.history),
  );

  app.get(
    paymentsApi.balance,
    {
      schema: {
        tags,
        security,
        summary: 'Деньги и бонусы на балансе и движения, из которых они сложились (новые сначала)',
        querystring: PaymentListQuerySchema.pick({ page: true, page_size: true }),
        response: { 200: BalanceSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => balanceOfCustomer(db, request.userId, request.query, publicUrl, paymentsApi.balance),
  );
}
