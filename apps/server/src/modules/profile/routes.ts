import {
  ChangeEmailRequestSchema,
  EmailLinkRequestSchema,
  FinancesSchema,
  OkSchema,
  ProfileSchema,
  RegistrationRequestSchema,
  TokensResponseSchema,
  api,
  authMessages,
  type ChangeEmailRequest,
  type RegistrationRequest,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError } from '../../plugins/errors';
import { signedIn } from '../auth/http';
import { ProfileService } from './service';

const tags = ['profile'];
const bearer = [{ bearer: [] }];

export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const profiles = new ProfileService(app.authService);

  app.post(
    api.profile.root,
    {
      // Checked before the handler hashes the password, so a flood costs no argon2.
      preHandler: app.rateLimits.route<RegistrationRequest>('register', { target: (body) => body.email }),
      schema: {
        tags,
        summary: 'Регистрация; без пароля он создаётся и приходит на e-mail',
        body: RegistrationRequestSchema,
        response: { 200: TokensResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => signedIn(reply, await app.authService.register(request.body)),
  );

  app.get(
    api.profile.root,
    {
      schema: {
        tags,
        summary: 'Профиль',
        security: bearer,
        response: { 200: ProfileSchema, ...errorResponses(401) },
      },
    },
    async (request) => profiles.getProfile(request.userId),
  );

  app.patch(
    api.profile.status,
    {
      schema: {
        tags,
        summary: 'Баланс и бонусы в рублях',
        security: bearer,
        response: { 200: FinancesSchema, ...errorResponses(401) },
      },
    },
    async (request) => profiles.getFinances(request.userId),
  );

  app.post(
    api.auth.changeEmail,
    {
      preHandler: app.rateLimits.route<ChangeEmailRequest>('email-change', { target: (body) => body.email }),
      schema: {
        tags,
        summary:
          'Смена e-mail по текущему паролю: ссылка на новый адрес, уведомление со ссылкой отмены на старый',
        security: bearer,
        body: ChangeEmailRequestSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      await profiles.requestEmailChange(request.userId, request.body.email, request.body.password);
      return { detail: authMessages.emailChangeSent };
    },
  );

  app.get(
    '/client/api/change-email/confirm/:token/',
    {
      schema: {
        tags,
        summary:
          'Ссылка из письма: меняет e-mail и ведёт в профиль с сообщением; негодная ссылка ведёт на главную с сообщением',
        params: z.object({ token: z.string().min(1).max(256) }),
      },
    },
    async (request, reply) => {
      const base = app.authService.publicUrl;
      try {
        await profiles.confirmEmailChange(request.params.token);
      } catch (err) {
        // A person opened this link in a browser: a used link or a taken address is said in the
        // app's message modal (spec: ?msg= on any route), not as raw JSON.
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        return reply.redirect(`${base}/?msg=${encodeURIComponent(err.detail)}`, 302);
      }
      return reply.redirect(`${base}/profile?msg=${encodeURIComponent(authMessages.emailChanged)}`, 302);
    },
  );

  app.post(
    api.auth.changeEmailCancel,
    {
      schema: {
        tags,
        summary: 'Ссылка из письма на старый адрес: отменяет смену e-mail и завершает все сеансы',
        body: EmailLinkRequestSchema,
        response: { 200: OkSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await profiles.cancelEmailChange(request.body.token);
      return { detail: authMessages.emailChangeCancelled };
    },
  );
}
