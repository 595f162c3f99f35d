import {
  ChangeEmailRequestSchema,
  EmailLinkRequestSchema,
  FinancesSchema,
  OkSchema,
  ProfilePatchSchema,
  ProfilePopupSchema,
  ProfileSchema,
  RegistrationRequestSchema,
  SessionPatchSchema,
  SessionStoreSchema,
  SubscribeResponseSchema,
  TokensResponseSchema,
  api,
  authMessages,
  type ChangeEmailRequest,
  type RegistrationRequest,
  text,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError } from '../../plugins/errors';
import { attributionOf } from '../attribution';
import { signedIn } from '../auth';
import type { ProfileService } from './service';

const tags = ['profile'];
const bearer = [{ bearer: [] }];

export default async function profileRoutes(
  fastify: FastifyInstance,
  { profiles }: { profiles: ProfileService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
    async (request, reply) => {
      // Accounts per client address an hour (ADR 009): taken before the password is hashed, given
      // back when no account is made.
      const account = await app.rateLimits.registrationFrom(request.ip);
      try {
        return signedIn(
          reply,
          await app.authService.register(request.body, request.log, attributionOf(request.cookies)),
        );
      } catch (err) {
        await account.release();
        throw err;
      }
    },
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
    api.profile.root,
    {
      schema: {
        tags,
        summary: 'Изменить поля профиля: всё или ничего, ошибки по полям; e-mail здесь только для чтения',
        security: bearer,
        body: ProfilePatchSchema,
        response: { 200: ProfileSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => profiles.patchProfile(request.userId, request.body),
  );

  for (const [method, subscribe] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: api.profile.subscribe,
      schema: {
        tags,
        summary: subscribe ? 'Подписаться на рассылку' : 'Отписаться от рассылки',
        security: bearer,
        response: { 200: SubscribeResponseSchema, ...errorResponses(401) },
      },
      handler: async (request) => profiles.setSubscription(request.userId, subscribe),
    });
  }

  app.get(
    api.profile.profilePopup,
    {
      schema: {
        tags,
        summary: 'Показывать ли окно «Диплом за полцены» (спец. §4)',
        security: bearer,
        response: { 200: ProfilePopupSchema, ...errorResponses(401) },
      },
    },
    async (request) => profiles.popup(request.userId),
  );

  app.patch(
    api.profile.popup,
    {
      schema: {
        tags,
        summary: 'Закрыть окно «Диплом за полцены» навсегда, на всех устройствах',
        security: bearer,
        response: { 200: ProfilePopupSchema, ...errorResponses(401) },
      },
    },
    async (request) => profiles.dismissPopup(request.userId),
  );

  app.get(
    api.profile.session,
    {
      schema: {
        tags,
        summary: 'Сохранённое состояние интерфейса (ключ — значение)',
        security: bearer,
        response: { 200: SessionStoreSchema, ...errorResponses(401) },
      },
    },
    async (request) => profiles.getSession(request.userId),
  );

  app.post(
    api.profile.session,
    {
      schema: {
        tags,
        summary:
          'Добавить ключи в состояние интерфейса (null удаляет ключ): до 50 ключей, значение до 2 КиБ, всё до 16 КиБ',
        security: bearer,
        body: SessionPatchSchema,
        response: { 200: SessionStoreSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => profiles.mergeSession(request.userId, request.body),
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
    api.auth.changeEmailConfirm.pattern,
    {
      schema: {
        tags,
        summary:
          'Ссылка из письма: меняет e-mail и ведёт в профиль с сообщением; негодная ссылка ведёт на главную с сообщением',
        params: z.object({ token: text().min(1).max(256) }),
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
