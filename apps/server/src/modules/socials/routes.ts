import {
  ErrorBodySchema,
  SOCIAL_NETWORKS,
  SocialLinksResponseSchema,
  SocialProfileRequestSchema,
  TokenErrorBodySchema,
  TokensResponseSchema,
  api,
  authMessages,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors';
import { signedIn } from '../auth/http';
import { SocialService } from './service';

const tags = ['socials'];
const FLOW_COOKIE = 'social_oauth';
const FLOW_COOKIE_PATH = '/client/api/socials/';
/** Long enough to sign in at the provider, short enough that a stale flow cannot be resumed. */
const FLOW_TTL_SECONDS = 600;

const NetworkParams = z.object({ network: z.enum(SOCIAL_NETWORKS) });

const FlowSchema = z.object({ network: z.enum(SOCIAL_NETWORKS), state: z.string(), verifier: z.string() });

export default async function socialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const socials = new SocialService(app.authService);
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
        summary: 'Кнопки входа через соцсети: пустая ссылка — сеть не настроена',
        response: { 200: SocialLinksResponseSchema },
      },
    },
    async () =>
      SOCIAL_NETWORKS.map((network) => ({
        network_name: network,
        link: socials.isConfigured(network) ? `${base}${api.auth.socialStart(network)}` : '',
      })),
  );

  app.get(
    '/client/api/socials/start/:network/',
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
    '/client/api/socials/callback/:network/',
    {
      schema: {
        tags,
        summary: 'Возврат от соцсети: вход (?al=) или запрос e-mail (/socials-email-auth)',
        params: NetworkParams,
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(1024).optional(),
          error: z.string().max(1024).optional(),
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
        const outcome = await socials.finishCallback(network, code, flow.verifier);
        if ('autoLoginToken' in outcome) {
          return reply.redirect(app.authService.autoLoginLink(outcome.autoLoginToken), 302);
        }
        return reply.redirect(
          `${base}/socials-email-auth?token=${encodeURIComponent(outcome.pendingToken)}`,
          302,
        );
      } catch (err) {
        request.log.warn({ err, network }, 'social sign-in failed');
        return failed();
      }
    },
  );

  app.post(
    api.auth.socialProfile,
    {
      schema: {
        tags,
        summary: 'Завершение входа через соцсеть, не сообщившую e-mail',
        body: SocialProfileRequestSchema,
        // The bad-token answer is `{token: [...]}` without detail (spec §5, §8).
        response: { 200: TokensResponseSchema, 400: z.union([TokenErrorBodySchema, ErrorBodySchema]) },
      },
    },
    async (request, reply) =>
      signedIn(reply, await socials.finishWithEmail(request.body.token, request.body.email)),
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
