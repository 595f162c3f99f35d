import {
  BonusQuerySchema,
  BonusSchema,
  FriendsSchema,
  InviteEmailRequestSchema,
  InviteResultSchema,
  InviteSmsRequestSchema,
  api,
  referralMessages,
} from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi';
import { RECIPIENT_LIMITS } from '../../plugins/rate-limit';
import { createSmsSender } from '../payments';
import { bonusOf } from './bonus';
import { friendsOf, sendInvite, type InviteDeps } from './invites';

const security = [{ bearer: [] }];

/** Bonuses and friends (spec §2 /bonus and /friend, §7 add-friend). */
export default async function referralRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { config } = app;
  const reward = config.REFERRAL_BONUS_RUB * 100;
  const deps: Omit<InviteDeps, 'sms'> = {
    db,
    mailer: app.mailer,
    publicUrl: config.PUBLIC_URL,
    perDay: config.INVITES_PER_DAY,
    reward,
    limits: app.rateLimits,
  };
  /** An invitation: an SMS gateway's failure is logged to the request's logger, with its id. */
  const inviteDeps = (request: FastifyRequest): InviteDeps => ({
    ...deps,
    sms: (trx) => createSmsSender(config, trx, request.log),
  });

  app.get(
    api.bonus.root,
    {
      schema: {
        tags: ['bonus'],
        security,
        summary:
          'Бонусы: баланс, правила (процент с оплаченного заказа, бонус за друга, доля цены заказа, срок жизни), история (новые сначала, ?page=) и что сгорит когда',
        querystring: BonusQuerySchema,
        response: { 200: BonusSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      bonusOf(db, request.userId, request.query.page, {
        ttlDays: config.BONUS_TTL_DAYS,
        referralBonus: reward,
        maxSharePercent: config.BONUS_MAX_PERCENT,
      }),
  );

  app.get(
    api.friends.root,
    {
      schema: {
        tags: ['friends'],
        security,
        summary: 'Пригласить друга: личный код и ссылка, отправленные приглашения и пришедшие друзья',
        response: { 200: FriendsSchema, ...errorResponses(401) },
      },
    },
    (request) => friendsOf(deps, request.userId),
  );

  app.post(
    api.friends.sendEmail,
    {
      schema: {
        tags: ['friends'],
        security,
        summary: `Пригласить друга по e-mail: не себя, не клиента сервиса (409), одного адресата один раз (409), не больше INVITES_PER_DAY в сутки (429), одному адресату от всех — не больше ${RECIPIENT_LIMITS.invitesPerDay} в сутки (429)`,
        body: InviteEmailRequestSchema,
        response: { 200: InviteResultSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => ({
      detail: referralMessages.sentEmail,
      invite: await sendInvite(inviteDeps(request), request.userId, 'email', request.body.email),
    }),
  );

  app.post(
    api.friends.sendSms,
    {
      schema: {
        tags: ['friends'],
        security,
        summary: `Пригласить друга по SMS: не себя, не клиента сервиса (409), один номер один раз (409), не больше INVITES_PER_DAY в сутки (429), одному номеру от всех — не больше ${RECIPIENT_LIMITS.invitesPerDay} в сутки (429)`,
        body: InviteSmsRequestSchema,
        response: { 200: InviteResultSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request) => ({
      detail: referralMessages.sentSms,
      invite: await sendInvite(inviteDeps(request), request.userId, 'sms', request.body.phone),
    }),
  );
}
