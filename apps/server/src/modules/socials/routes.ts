import {
  EmailConfirmResponseSchema,
  EmailLinkRequestSchema,
  ErrorBodySchema,
  OkSchema,
  SOCIAL_NETWORKS,
  ProfileSocialLinksSchema,
  SocialProfileRequestSchema,
  TokenErrorBodySchema,
  api,
  authMessages,
  type SocialProfileRequest,
  text,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError, notFound } from '../../plugins/errors';
import { attributionOf } from '../attribution';
import { signedIn, type EmailConfirmation } from '../auth';
import type { SocialService } from './service';
import { linkedNetworksOf } from './unlink';

const tags = ['socials'];
const FLOW_COOKIE = 'social_oauth';
const FLOW_COOKIE_PATH = '/client/api/socials/';
/** Long enough to sign in at the provider, short enough that a stale flow cannot be resumed. */
const FLOW_TTL_SECONDS = 600;

const NetworkParams = z.object({ network: z.enum(SOCIAL_NETWORKS) });

const FlowSchema = z.object({ network: z.enum(SOCIAL_NETWORKS), state: z.string(), verifier: z.string() });

export default async function socialRoutes(
  fastify: FastifyInstance,
  { socials, confirmation }: { socials: SocialService; confirmation: EmailConfirmation },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = app.authService.publicUrl;
  const flowCookie = {
    httpOnly: true,
    // Lax: the cookie must ride along on the provider's top-level redirect back to us.
    sameSite: 'lax' as const,
    path: FLOW_COOKIE_PATH,
    secure: app.config.NODE_ENV === 'production',
    signed: true,
  };

  app.get(
    api.auth.socialLinks,
    {
      schema: {
        tags,
        summary:
          'Кнопки входа через соцсети: пустая ссылка — сеть не настроена; с токеном клиента — ещё is_linked',
        response: { 200: ProfileSocialLinksSchema },
      },
    },
    async (request) => {
      const linked = await linkedNetworksOf(app, request.headers.authorization);
      return SOCIAL_NETWORKS.map((network) => ({
        network_name: network,
        link: socials.isConfigured(network) ? `${base}${api.auth.socialStart(network)}` : '',
        ...(linked ? { is_linked: linked.has(network) } : {}),
      }));
    },
  );

  app.get(
    api.auth.socialStart.pattern,
    {
      schema: {
        tags,
        summary: 'Переход к соцсети (302) с state и PKCE в подписанной cookie',
        params: NetworkParams,
      },
    },
    async (request, reply) => {
      const { network } = request.params;
      if (!socials.isConfigured(network)) throw notFound();
      const { url, state, verifier } = socials.start(network);
      void reply.setCookie(FLOW_COOKIE, JSON.stringify({ network, state, verifier }), {
        ...flowCookie,
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.redirect(url.toString(), 302);
    },
  );

  app.get(
    api.auth.socialCallback.pattern,
    {
      schema: {
        tags,
        summary: 'Возврат от соцсети: вход (?al=) или запрос e-mail (/socials-email-auth)',
        params: NetworkParams,
        querystring: z.object({
          code: text().max(4096).optional(),
          state: text().max(1024).optional(),
          error: text().max(1024).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { network } = request.params;
      const failed = () =>
        reply.redirect(`${base}/login?msg=${encodeURIComponent(authMessages.socialFailed)}`, 302);
      const raw = request.cookies[FLOW_COOKIE];
      void reply.clearCookie(FLOW_COOKIE, flowCookie);
      const unsigned = raw ? request.unsignCookie(raw) : null;
      const flow = unsigned?.valid && unsigned.value ? parseFlow(unsigned.value) : null;
      const { code, state } = request.query;
      if (!flow || flow.network !== network || !code || !state || state !== flow.state) return failed();
      try {
        const outcome = await socials.finishCallback(
          network,
          code,
          flow.verifier,
          attributionOf(request.cookies),
          // A new account counts against the address's accounts an hour, as a registration does.
          () => app.rateLimits.registrationFrom(request.ip),
        );
        if ('autoLoginToken' in outcome) {
          return reply.redirect(app.authService.autoLoginLink(outcome.autoLoginToken), 302);
        }
        return reply.redirect(
          `${base}/socials-email-auth?token=${encodeURIComponent(outcome.pendingToken)}`,
          302,
        );
      } catch (err) {
        // Too many accounts from this address: /login says so, in the limiter's own words.
        if (err instanceof HttpError && err.statusCode === 429)
          return reply.redirect(`${base}/login?msg=${encodeURIComponent(err.detail)}`, 302);
        request.log.warn({ err, network }, 'social sign-in failed');
        return failed();
      }
    },
  );

  app.post(
    api.auth.socialProfile,
    {
      preHandler: app.rateLimits.route<SocialProfileRequest>('social-email', {
        target: (body) => body.email,
      }),
      schema: {
        tags,
        summary: 'Вход через соцсеть без подтверждённого e-mail: ссылка для подтверждения на указанный адрес',
        body: SocialProfileRequestSchema,
        // The bad-token answer is `{token: [...]}` without detail (spec §5, §8).
        response: {
          200: OkSchema,
          400: z.union([TokenErrorBodySchema, ErrorBodySchema]),
          ...errorResponses(429),
        },
      },
    },
    async (request) => {
      await socials.requestEmailProof(request.body.token, request.body.email);
      return { detail: authMessages.socialEmailSent };
    },
  );

  // Here rather than with the other /auth/ routes: one kind of link it takes finishes a social sign-in.
  app.post(
    api.auth.emailConfirm,
    {
      preHandler: app.rateLimits.route('email-confirm'),
      schema: {
        tags,
        summary: 'Ссылка из письма подтверждает e-mail; ссылка шага e-mail входа через соцсеть ещё и входит',
        body: EmailLinkRequestSchema,
        response: { 200: EmailConfirmResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      // A new account made by the link counts against the address's accounts an hour, as a
      // registration does (ADR 009).
      const session = await socials.finishEmailProof(token, attributionOf(request.cookies), () =>
        app.rateLimits.registrationFrom(request.ip),
      );
      if (session) return { detail: authMessages.socialEmailConfirmed, ...signedIn(reply, session) };
      if (await confirmation.confirm(token)) return { detail: authMessages.emailConfirmed };
      throw new HttpError(400, authMessages.linkInvalid);
    },
  );
}

function parseFlow(value: string) {
  try {
    const r = FlowSchema.safeParse(JSON.parse(value));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
