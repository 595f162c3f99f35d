import {
  CallbackCreatedSchema,
  CallbackRequestSchema,
  CallbackSchema,
  StaffCallbackListSchema,
  api,
  profileMessages,
  type CallbackRequest,
  staffApi,
  rowIdParamSchema,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { requireManager, staffOf } from '../staff';
import { listCallbacks, markCallbackDone, requestCallback } from './service';

const security = [{ bearer: [] }];
/** The route pattern under `staffApi.callbackDone(id)`. */
const DONE = staffApi.callbackDone.pattern;
const IdParams = z.object({ id: rowIdParamSchema });

/**
 * Phone callbacks: a customer asks for a call at a convenient time; managers see the
 * requests (the auth plugin admits only staff to /api/staff/, `requireManager` refuses an author).
 */
export default async function callbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  app.post(
    api.profile.callbacks,
    {
      // Per address and per phone: a script cannot make the managers call a stranger all day.
      preHandler: app.rateLimits.route<CallbackRequest>('callback', { target: (body) => body.phone }),
      schema: {
        tags: ['profile'],
        summary: 'Заказать обратный звонок: телефон, удобное время, комментарий',
        security,
        body: CallbackRequestSchema,
        response: { 201: CallbackCreatedSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const callback = await requestCallback(db, request.userId, request.body);
      return reply.status(201).send({ ...callback, detail: profileMessages.callbackRequested });
    },
  );

  app.get(
    staffApi.callbacks,
    {
      onRequest: requireManager,
      schema: {
        tags: ['staff'],
        security,
        summary: 'Заявки на обратный звонок: сначала ждущие, новые первыми',
        response: { 200: StaffCallbackListSchema, ...errorResponses(401, 403) },
      },
    },
    () => listCallbacks(db),
  );

  app.post(
    DONE,
    {
      onRequest: requireManager,
      schema: {
        tags: ['staff'],
        security,
        summary: 'Отметить, что клиенту перезвонили; отмеченная — 409',
        params: IdParams,
        response: { 200: CallbackSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => markCallbackDone(db, request.params.id, staffOf(request).id),
  );
}
