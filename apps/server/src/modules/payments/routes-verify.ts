import {
  RefundClaimRequestSchema,
  RefundCountriesSchema,
  RefundExtraSchema,
  RefundStornoPlanSchema,
  RefundStornoQuerySchema,
  RefundStornoRequestSchema,
  RepaymentRequestSchema,
  RepaymentResultSchema,
  VerificationConfirmSchema,
  VerificationSendSchema,
  VerificationStatusSchema,
  paymentsApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { IdempotencyHeaders, answerOnce } from './idempotency';
import { REFUND_COUNTRIES, REFUND_EXTRA, createClaim, repay } from './payouts';
import { executeStorno, stornoPlan } from './refunds';
import { createSmsSender } from './sms';
import { VerificationService, purposeOf } from './verification';

const tags = ['payments'];
const security = [{ bearer: [] }];
const TypeParams = z.object({ type: z.string() });

/** Route patterns of the contract's `paymentsApi.verificateCode(type)` and `verificationStatus(type)`. */
const codePath = paymentsApi.verificateCode.pattern;
const statusPath = paymentsApi.verificationStatus.pattern;

/**
 * The customer's money going out (spec §3/§4/§7): SMS verification per purpose, a
 * repayment of the balance to a card, storno refunds, refund claims, and the payout form's lists.
 */
export default async function verifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const verification = new VerificationService({
    db,
    sms: (log) => createSmsSender(app.config, db, log),
    secret: app.config.JWT_SECRET,
    limits: app.rateLimits,
  });
  const payoutDeps = { db, provider: app.paymentProvider, verification };

  app.post(
    codePath,
    {
      schema: {
        tags,
        security,
        summary:
          'Отправить 6-значный код по SMS для цели (repayment, bonus): на телефон профиля или, если его нет, на phone; новый код — не раньше чем через 60 с (429); на один номер от всех аккаунтов — не больше 5 кодов в час и 10 в сутки (429)',
        params: TypeParams,
        // A POST without a body is a request for a code to the profile's phone.
        body: z.preprocess((v) => v ?? {}, VerificationSendSchema),
        response: { 200: VerificationStatusSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    (request) =>
      verification.send(request.userId, purposeOf(request.params.type), request.body?.phone, request.log),
  );

  app.patch(
    codePath,
    {
      schema: {
        tags,
        security,
        summary: 'Подтвердить код из SMS: неверный, устаревший (5 мин) или после 5 попыток — 400',
        params: TypeParams,
        body: VerificationConfirmSchema,
        response: { 200: VerificationStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => verification.confirm(request.userId, purposeOf(request.params.type), request.body.code),
  );

  app.get(
    statusPath,
    {
      schema: {
        tags,
        security,
        summary: 'Статус подтверждения для цели: unverified, requested или verified; телефон — маской',
        params: TypeParams,
        response: { 200: VerificationStatusSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => verification.status(request.userId, purposeOf(request.params.type)),
  );

  app.post(
    paymentsApi.repayment,
    {
      schema: {
        tags,
        security,
        summary:
          'Вывести деньги с баланса на карту (после подтверждения repayment, иначе 403); хранятся только 4 последние цифры карты; не хватает — 409',
        headers: IdempotencyHeaders,
        body: RepaymentRequestSchema,
        response: { 200: RepaymentResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(db, request, 'repayment', () =>
        repay(payoutDeps, request.userId, request.body),
      );
      return reply.code(answer.status as 200).send(answer.body);
    },
  );

  app.post(
    paymentsApi.refundClaim,
    {
      schema: {
        tags,
        security,
        summary:
          'Заявка на возврат с причиной (после подтверждения repayment, иначе 403): сумма удерживается с баланса до решения менеджера',
        headers: IdempotencyHeaders,
        body: RefundClaimRequestSchema,
        response: { 200: RepaymentResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(db, request, 'refund-claim', () =>
        createClaim(payoutDeps, request.userId, request.body),
      );
      return reply.code(answer.status as 200).send(answer.body);
    },
  );

  app.get(
    paymentsApi.refundStorno,
    {
      schema: {
        tags,
        security,
        summary:
          'Какие платежи вернёт сторно на refund_sum: новые первыми, не больше оплаченного; больше возможного — 400, не хватает баланса — 409',
        querystring: RefundStornoQuerySchema,
        response: { 200: RefundStornoPlanSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => stornoPlan(db, app.paymentProvider, request.userId, request.query.refund_sum),
  );

  app.post(
    paymentsApi.refundStorno,
    {
      schema: {
        tags,
        security,
        summary: 'Вернуть refund_sum с баланса на карты, с которых пришли деньги (сторно по плану)',
        headers: IdempotencyHeaders,
        body: RefundStornoRequestSchema,
        response: { 200: RefundStornoPlanSchema, ...errorResponses(400, 401, 403, 409, 502) },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(db, request, 'refund-storno', () =>
        executeStorno(db, app.paymentProvider, request.userId, request.body.refund_sum, request.log),
      );
      return reply.code(answer.status as 200).send(answer.body);
    },
  );

  app.get(
    paymentsApi.refundRecipientCountries,
    {
      schema: {
        tags,
        security,
        summary: 'Страны, в которых выпущена карта получателя',
        response: { 200: RefundCountriesSchema, ...errorResponses(401, 403) },
      },
    },
    () => ({ results: [...REFUND_COUNTRIES] }),
  );

  app.get(
    paymentsApi.refundExtra,
    {
      schema: {
        tags,
        security,
        summary: 'Условия вывода: от 100 ₽ до 500 000 ₽, без комиссии, срок',
        response: { 200: RefundExtraSchema, ...errorResponses(401, 403) },
      },
    },
    () => REFUND_EXTRA,
  );
}
