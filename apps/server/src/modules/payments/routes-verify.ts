import {
  VerificationConfirmSchema,
  VerificationSendSchema,
  VerificationStatusSchema,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { createSmsSender } from './sms';
import { VerificationService, purposeOf } from './verification';

const tags = ['payments'];
const security = [{ bearer: [] }];
const TypeParams = z.object({ type: z.string() });

/** Route patterns of the contract's `api.payments.verificateCode(type)` and `verificationStatus(type)`. */
const codePath = '/api/client/payments/verificate-code/:type/';
const statusPath = '/api/client/payments/verification-status/:type/';

/**
 * SMS verification per purpose (issue 11, spec §3/§4/§7), which the customer's money going out
 * needs.
 */
export default async function verifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const verification = new VerificationService({
    db,
    sms: createSmsSender(app.config, db, app.log),
    secret: app.config.JWT_SECRET,
  });

  app.post(
    codePath,
    {
      schema: {
        tags,
        security,
        summary:
          'Отправить 6-значный код по SMS для цели (repayment, bonus): на телефон профиля или, если его нет, на phone; новый код — не раньше чем через 60 с (429)',
        params: TypeParams,
        // A POST without a body is a request for a code to the profile's phone.
        body: z.preprocess((v) => v ?? {}, VerificationSendSchema),
        response: { 200: VerificationStatusSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    (request) => verification.send(request.userId, purposeOf(request.params.type), request.body?.phone),
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
}
