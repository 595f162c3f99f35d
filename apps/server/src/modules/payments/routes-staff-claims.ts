import {
  StaffRefundClaimListSchema,
  StaffRefundClaimSchema,
  staffApi,
  rowIdParamSchema,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { requireManager } from '../staff';
import { approveClaim, listClaims, rejectClaim } from './payouts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: rowIdParamSchema });

/**
 * Refund claims on the staff side: managers only — the auth plugin lets only staff
 * tokens into /api/staff/ (a customer's gets 403), `requireManager` refuses an author (403).
 */
export default async function staffClaimRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const provider = app.paymentProvider;

  app.get(
    staffApi.refundClaims,
    {
      onRequest: requireManager,
      schema: {
        tags,
        security,
        summary: 'Заявки на возврат: сначала ждущие решения (старые первыми), затем рассмотренные',
        response: { 200: StaffRefundClaimListSchema, ...errorResponses(401, 403) },
      },
    },
    () => listClaims(db),
  );

  app.post(
    staffApi.refundClaimApprove.pattern,
    {
      onRequest: requireManager,
      schema: {
        tags,
        security,
        summary: 'Одобрить заявку: удержанная сумма возвращается через платёжную систему; решённая — 409',
        params: IdParams,
        response: { 200: StaffRefundClaimSchema, ...errorResponses(401, 403, 404, 409, 502) },
      },
    },
    // A refund the provider refused is logged to the request's logger, with its id (ADR 034).
    (request) => approveClaim({ db, provider, log: request.log }, request.params.id),
  );

  app.post(
    staffApi.refundClaimReject.pattern,
    {
      onRequest: requireManager,
      schema: {
        tags,
        security,
        summary: 'Отклонить заявку: удержанная сумма возвращается на баланс клиента; решённая — 409',
        params: IdParams,
        response: { 200: StaffRefundClaimSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => rejectClaim(db, request.params.id),
  );
}
