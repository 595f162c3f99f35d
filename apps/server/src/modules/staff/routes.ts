import {
  OkSchema,
  PerformerListSchema,
  STAFF_REFRESH_COOKIE_NAME,
  STAFF_REFRESH_COOKIE_PATH,
  SignInFailureBodySchema,
  ErrorBodySchema,
  StaffLoginRequestSchema,
  StaffMeSchema,
  StaffTokenSchema,
  WorkTypeListSchema,
  authMessages,
  staffApi,
} from '@cabinet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError } from '../../plugins/errors';
import { STAFF_DEVICE, refuseCrossSite, rememberDevice, signInClient } from '../auth';
import { requireManager, staffOf } from './guards';
import type { StaffSession } from './service';

const tags = ['staff'];
const security = [{ bearer: [] }];

/** The customer's cookie rules under another name and path, so the two sessions never mix. */
function cookieOptions(reply: FastifyReply) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: STAFF_REFRESH_COOKIE_PATH,
    secure: reply.server.config.NODE_ENV === 'production',
  };
}

function setCookie(reply: FastifyReply, session: StaffSession): void {
  const maxAge = Math.max(0, Math.floor((session.refresh.expiresAt.getTime() - Date.now()) / 1000));
  void reply.setCookie(STAFF_REFRESH_COOKIE_NAME, session.refresh.token, { ...cookieOptions(reply), maxAge });
}

function readCookie(request: FastifyRequest): string | undefined {
  return request.cookies[STAFF_REFRESH_COOKIE_NAME] || undefined;
}

/** Staff sign-in, sessions, who is signed in, and the authors a manager assigns. */
export default async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = app.staffAuth;

  app.post(
    staffApi.login,
    {
      schema: {
        tags,
        summary: 'Вход сотрудника (менеджер, автор) по e-mail и паролю',
        body: StaffLoginRequestSchema,
        response: {
          200: StaffTokenSchema,
          ...errorResponses(400, 429),
          400: z.union([SignInFailureBodySchema, ErrorBodySchema]),
        },
      },
    },
    async (request, reply) => {
      const session = await staff.login(
        request.body.email,
        request.body.password,
        signInClient(request, STAFF_DEVICE),
      );
      setCookie(reply, session);
      rememberDevice(reply, session.body.staff.id, STAFF_DEVICE);
      return session.body;
    },
  );

  app.post(
    staffApi.refresh,
    {
      onRequest: refuseCrossSite,
      schema: {
        tags,
        summary: 'Новый access-токен сотрудника по refresh-cookie (cookie меняется при каждом вызове)',
        response: { 200: StaffTokenSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      try {
        const session = await staff.refresh(readCookie(request), request.log);
        setCookie(reply, session);
        return session.body;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) {
          void reply.clearCookie(STAFF_REFRESH_COOKIE_NAME, cookieOptions(reply));
        }
        throw err;
      }
    },
  );

  app.post(
    staffApi.logout,
    {
      onRequest: refuseCrossSite,
      schema: {
        tags,
        summary: 'Выход сотрудника: отзывает refresh-токены этого входа',
        response: { 200: OkSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await staff.logout(readCookie(request));
      void reply.clearCookie(STAFF_REFRESH_COOKIE_NAME, cookieOptions(reply));
      return { detail: authMessages.loggedOut };
    },
  );

  app.get(
    staffApi.me,
    {
      schema: {
        tags,
        security,
        summary: 'Кто вошёл: сотрудник и его роль',
        response: { 200: StaffMeSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => staff.me(staffOf(request).id),
  );

  app.get(
    staffApi.performers,
    {
      onRequest: requireManager,
      schema: {
        tags,
        security,
        summary: 'Авторы, которых можно назначить на заказ (менеджер)',
        response: { 200: PerformerListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ results: await staff.performers() }),
  );

  app.get(
    staffApi.workTypes,
    {
      schema: {
        tags,
        security,
        summary: 'Типы работ (фильтр очереди заказов)',
        response: { 200: WorkTypeListSchema, ...errorResponses(401, 403) },
      },
    },
    () => app.referenceService.workTypes(),
  );
}
