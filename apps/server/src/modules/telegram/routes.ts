import { TelegramLinkSchema, TelegramStateSchema, api, telegramMessages } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError, notFound } from '../../plugins/errors';
import { createLink, telegramState, unlinkUser } from './service';
import { secretMatches } from './webhook-secret';

const bearer = [{ bearer: [] }];
const NoContent = z.null().describe('Отключено');
/** What Telegram posts: an Update (core.telegram.org/bots/api#update); grammY reads the rest. */
const UpdateSchema = z.looseObject({ update_id: z.number().int() });

export interface TelegramRouteOptions {
  /** Null: no TELEGRAM_BOT_TOKEN, the option is hidden. */
  bot: Bot | null;
  botUsername: string | null;
  secret: string;
}

/** The customer's Telegram link, and the bot's webhook (ADR 046). */
export default async function telegramRoutes(fastify: FastifyInstance, opts: TelegramRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const { bot, secret } = opts;

  /** The bot's username for its deep links: configured, or asked of Telegram once (getMe). */
  let username = opts.botUsername;
  async function botUsername(): Promise<string> {
    if (!bot) throw notFound(telegramMessages.unavailable);
    if (username) return username;
    try {
      await bot.init();
    } catch (err) {
      app.log.error({ err }, 'telegram getMe failed');
      throw new HttpError(503, telegramMessages.botUnreachable);
    }
    username = bot.botInfo.username;
    return username;
  }

  app.get(
    api.telegram.link,
    {
      schema: {
        tags: ['telegram'],
        summary: 'Подключены ли уведомления в Telegram, и есть ли они на этом сервере',
        security: bearer,
        response: { 200: TelegramStateSchema, ...errorResponses(401) },
      },
    },
    async (request) => telegramState(db, request.userId, bot !== null),
  );

  app.post(
    api.telegram.link,
    {
      schema: {
        tags: ['telegram'],
        summary: 'Новая ссылка на бота с одноразовым кодом (10 минут); прежние перестают действовать',
        security: bearer,
        response: { 201: TelegramLinkSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      const link = await createLink(db, request.userId, await botUsername());
      return reply.code(201).send(link);
    },
  );

  app.delete(
    api.telegram.link,
    {
      schema: {
        tags: ['telegram'],
        summary: 'Отключить уведомления в Telegram',
        security: bearer,
        response: { 204: NoContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await unlinkUser(db, request.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    api.telegram.webhook,
    {
      schema: {
        tags: ['telegram'],
        summary: 'Вебхук бота: обновления от Telegram с заголовком X-Telegram-Bot-Api-Secret-Token',
        body: UpdateSchema,
        response: { 200: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      if (!bot) throw notFound(telegramMessages.unavailable);
      const given = request.headers['x-telegram-bot-api-secret-token'];
      if (!secretMatches(typeof given === 'string' ? given : undefined, secret)) {
        throw new HttpError(401, 'Неверный секретный токен вебхука');
      }
      await botUsername();
      // A failure answers 5xx, and Telegram delivers the update again.
      await bot.handleUpdate(request.body as unknown as Update);
      return reply.code(200).send(null);
    },
  );
}
