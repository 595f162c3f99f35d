import {
  PacketWaitingSchema,
  PayManyRequestSchema,
  PayRequestSchema,
  PayResultSchema,
  PaymentMethodsQuerySchema,
  PaymentMethodsSchema,
  paymentsApi,
  rowIdParamSchema,
} from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { changesLoggedTo } from '../chat';
import { IdempotencyHeaders, answerOnce } from './idempotency';
import { packetWaiting, pay, payMany, paymentMethods, type PayDeps } from './service';

const tags = ['payments'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: rowIdParamSchema });

/**
 * Paying (spec §3 "Payment", §7): the methods for an amount, `pay/` and `pay-many/`
 * (with an Idempotency-Key), and a placed packet's orders waiting for payment.
 */
export default async function payRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: PayDeps = {
    db: app.database.db,
    provider: app.paymentProvider,
    publicUrl: app.config.PUBLIC_URL,
    installmentsEnabled: app.config.INSTALLMENTS_ENABLED,
    bonusMaxPercent: app.config.BONUS_MAX_PERCENT,
  };
  /** Paying: what fails on the way is logged to the request's logger, with its id (ADR 034). */
  const payDeps = (request: FastifyRequest): PayDeps => ({
    ...deps,
    log: (err) => request.log.error({ err }, 'payment provider failed'),
    events: changesLoggedTo(app.orderEvents, request.log),
  });

  app.get(
    paymentsApi.methods,
    {
      schema: {
        tags,
        security,
        summary:
          'Способы оплаты суммы (копейки) для цели: карта, СБП, ЮMoney, с баланса (с причиной, если не хватает), оплата частями — только от 3 000 ₽ до 150 000 ₽ и если включена',
        querystring: PaymentMethodsQuerySchema,
        response: { 200: PaymentMethodsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => paymentMethods(deps, request.userId, request.query.purpose, request.query.amount),
  );

  app.post(
    paymentsApi.pay,
    {
      schema: {
        tags,
        security,
        summary:
          'Оплатить заказ (целиком или первую половину, с бонусами до 30 %), пакет, чаевые или пополнение: с баланса — сразу (succeeded), иначе — confirmation_url страницы оплаты. Заголовок Idempotency-Key обязателен',
        headers: IdempotencyHeaders,
        body: PayRequestSchema,
        response: { 200: PayResultSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(deps.db, request, 'pay', () =>
        pay(payDeps(request), request.userId, request.body),
      );
      return reply.code(answer.status as 200).send(answer.body);
    },
  );

  app.post(
    paymentsApi.payMany,
    {
      schema: {
        tags,
        security,
        summary:
          'Оплатить несколько ожидающих платежей одним платежом (pay_ids из waiting/). Заголовок Idempotency-Key обязателен',
        headers: IdempotencyHeaders,
        body: PayManyRequestSchema,
        response: { 200: PayResultSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(deps.db, request, 'pay-many', () =>
        payMany(payDeps(request), request.userId, request.body),
      );
      return reply.code(answer.status as 200).send(answer.body);
    },
  );

  app.get(
    paymentsApi.packetWaiting.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Заказы оформленного пакета, ожидающие оплаты, и сумма к оплате (копейки)',
        params: IdParams,
        response: { 200: PacketWaitingSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => packetWaiting(deps, request.userId, request.params.id),
  );
}
