import {
  AutoLoginRequestSchema,
  CodeSentResponseSchema,
  EmailLinkRequestSchema,
  ErrorBodySchema,
  LoginRequestSchema,
  LoginVerifyRequestSchema,
  NewPasswordRequestSchema,
  OkSchema,
  RefreshResponseSchema,
  RestoreRequestSchema,
  SignInFailureBodySchema,
  TokensResponseSchema,
  api,
  authMessages,
  registrationCancelMessages,
  type LoginRequest,
  type RestoreRequest,
  text,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError } from '../../plugins/errors';
import {
  clearRefreshCookie,
  readRefreshCookie,
  refuseCrossSite,
  setRefreshCookie,
  signInClient,
  signedIn,
} from './http';

const tags = ['auth'];

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = app.authService;
  const limits = app.rateLimits;

  app.post(
    api.auth.login,
    {
      // Asking for a code sends mail, so it is limited per request; passwords are limited by
      // their failures (see AuthService), which lets a crowd behind one address sign in.
      preHandler: limits.route<LoginRequest>('login-code', {
        when: (body) => body.password === undefined,
        target: (body) => body.email,
      }),
      schema: {
        tags,
        summary: 'Вход по паролю; без пароля — отправка кода на e-mail',
        body: LoginRequestSchema,
        response: {
          200: z.union([TokensResponseSchema, CodeSentResponseSchema]),
          ...errorResponses(400, 429),
          400: z.union([SignInFailureBodySchema, ErrorBodySchema]),
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      if (password === undefined) {
        await auth.requestLoginCode(email);
        return { detail: authMessages.codeSent, code_sent: true as const };
      }
      return signedIn(reply, await auth.loginWithPassword(email, password, signInClient(request)));
    },
  );

  app.post(
    api.auth.loginVerify,
    {
      schema: {
        tags,
        summary: 'Вход по коду из письма',
        body: LoginVerifyRequestSchema,
        response: {
          200: TokensResponseSchema,
          ...errorResponses(400, 429),
          400: z.union([SignInFailureBodySchema, ErrorBodySchema]),
        },
      },
    },
    async (request, reply) =>
      signedIn(
        reply,
        await auth.verifyLoginCode(request.body.email, request.body.code, signInClient(request)),
      ),
  );

  app.post(
    api.auth.refresh,
    {
      onRequest: refuseCrossSite,
      schema: {
        tags,
        summary: 'Новый access-токен по refresh-cookie (cookie меняется при каждом вызове)',
        response: { 200: RefreshResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      try {
        const session = await auth.refresh(readRefreshCookie(request), request.log);
        setRefreshCookie(reply, session);
        return session.tokens;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    api.auth.logout,
    {
      onRequest: refuseCrossSite,
      schema: {
        tags,
        summary: 'Выход: отзывает refresh-токены этого входа',
        response: { 200: OkSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await auth.logout(readRefreshCookie(request));
      clearRefreshCookie(reply);
      return { detail: authMessages.loggedOut };
    },
  );

  app.post(
    api.auth.passwordChange,
    {
      preHandler: limits.route<RestoreRequest>('restore', { target: (body) => body.email }),
      schema: {
        tags,
        summary: 'Запрос ссылки для смены пароля',
        body: RestoreRequestSchema,
        response: { 200: OkSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(request.body.email);
      return { detail: authMessages.restoreSent };
    },
  );

  app.patch(
    api.auth.passwordChangeById.pattern,
    {
      // The new password is hashed before the link is looked up, so any id costs an argon2 run.
      preHandler: limits.route('restore-set'),
      schema: {
        tags,
        summary: 'Новый пароль по ссылке из письма',
        params: z.object({ id: text().min(1).max(256) }),
        body: NewPasswordRequestSchema,
        response: { 200: OkSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await auth.resetPassword(request.params.id, request.body.password);
      return { detail: authMessages.passwordChanged };
    },
  );

  app.post(
    api.auth.registrationCancel,
    {
      preHandler: limits.route('registration-cancel'),
      schema: {
        tags,
        summary:
          'Ссылка «не регистрировался» из письма о регистрации: удаляет кабинет, пока его e-mail не подтверждён',
        body: EmailLinkRequestSchema,
        response: { 200: OkSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      await auth.cancelRegistration(request.body.token);
      return { detail: registrationCancelMessages.cancelled };
    },
  );

  app.post(
    api.auth.autoLogin,
    {
      preHandler: limits.route('auto-login'),
      schema: {
        tags,
        summary: 'Вход по одноразовой ссылке (?al=)',
        body: AutoLoginRequestSchema,
        response: { 200: TokensResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => signedIn(reply, await auth.autoLogin(request.body.token)),
  );
}
