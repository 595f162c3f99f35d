import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GrammyError, HttpError as GrammyHttpError, type Bot } from 'grammy';
import { nowIso } from '../../db/index';
import { backoffMs, DeliveryLoop } from '../../lib/queue/delivery';
import * as queue from '../../lib/queue/repo';
import { createBot } from './bot';
import * as repo from './repo';
import telegramRoutes from './routes';
import { telegramText, unlinkChat } from './service';
import { webhookSecret } from './webhook-secret';

declare module 'fastify' {
  interface FastifyInstance {
    telegram: Telegram;
  }
}

export interface Telegram {
  /** Whether the server has a bot (TELEGRAM_BOT_TOKEN): without one the option is hidden. */
  available: boolean;
  /** Sends what is due now, after the answer that queued it: call after such a commit. */
  kick(): void;
  /** Sends every message due now and waits (tests). */
  flush(): Promise<void>;
}

const BATCH = 20;
/** A `sending` row older than this belongs to a worker that died. */
const LEASE_MS = 2 * 60_000;

/**
 * What Telegram's answer says of the chat: 403 (the bot was blocked, the user is gone) and 400
 * «chat not found» mean the bot may no longer write there, so the chat is unlinked; 429 and 5xx
 * and the network are retried; another 4xx will not get better.
 */
function outcomeOf(err: unknown): {
  retry: boolean;
  unlink: boolean;
  afterSeconds?: number;
  message: string;
} {
  if (err instanceof GrammyError) {
    const unlink =
      err.error_code === 403 || (err.error_code === 400 && /chat not found/i.test(err.description));
    const retry = err.error_code === 429 || err.error_code >= 500;
    return { retry, unlink, afterSeconds: err.parameters.retry_after, message: err.message };
  }
  if (err instanceof GrammyHttpError) return { retry: true, unlink: false, message: err.message };
  return { retry: true, unlink: false, message: err instanceof Error ? err.message : String(err) };
}

/** The bot, its webhook, the customer's link routes and the delivery of queued messages. */
export default fp(
  async function telegramModule(app: FastifyInstance) {
    const config = app.config;
    const db = app.database.db;
    const token = config.TELEGRAM_BOT_TOKEN;
    if (!token) {
      app.decorate('telegram', { available: false, kick: () => {}, flush: async () => {} });
      await app.register(telegramRoutes, { bot: null, botUsername: null, secret: '' });
      return;
    }
    const bot: Bot = createBot({ token, apiRoot: config.TELEGRAM_API_ROOT, db, log: app.log });
    const postgres = app.database.dialect === 'postgres';
    const loop = new DeliveryLoop('telegram queue', app.log, {
      claim: async () =>
        repo.messagesOf(
          db,
          await queue.claimDue(
            db,
            'telegram_queue',
            postgres,
            crypto.randomUUID(),
            BATCH,
            new Date(),
            LEASE_MS,
          ),
        ),
      anyDue: () => queue.anyDue(db, 'telegram_queue', new Date(), LEASE_MS),
      async deliver(row) {
        const claimed = { id: row.id, attempts: row.attempts, claimed_by: row.claimed_by ?? '' };
        try {
          const text = telegramText(row.payload, config.PUBLIC_URL);
          await bot.api.sendMessage(row.chat_id, text, { link_preview_options: { is_disabled: true } });
        } catch (err) {
          const outcome = outcomeOf(err);
          if (outcome.unlink) {
            app.log.info({ chat: row.chat_id }, 'telegram chat refused the bot: unlinked');
            await unlinkChat(db, row.chat_id);
            await queue.deleteDone(db, 'telegram_queue', claimed);
            return;
          }
          if (!outcome.retry || row.attempts >= config.MAIL_MAX_ATTEMPTS) {
            app.log.error({ err, messageId: row.id }, 'telegram message not sent: gave up');
            await queue.giveUp(db, 'telegram_queue', claimed, outcome.message);
            return;
          }
          const wait = Math.max(
            backoffMs(config.MAIL_RETRY_SECONDS, row.attempts),
            (outcome.afterSeconds ?? 0) * 1000,
          );
          app.log.warn(
            { err, messageId: row.id, attempt: row.attempts },
            'telegram message not sent: will retry',
          );
          await queue.retryLater(db, 'telegram_queue', claimed, nowIso(wait), outcome.message);
          return;
        }
        await queue.deleteDone(db, 'telegram_queue', claimed);
      },
    });
    app.decorate('telegram', { available: true, kick: () => loop.kick(), flush: () => loop.flush() });
    const secret = webhookSecret(token, config.TELEGRAM_WEBHOOK_SECRET);
    app.addHook('onReady', async () => {
      loop.start();
      const url = config.TELEGRAM_WEBHOOK_URL;
      if (!url) return;
      // In the background: Telegram being unreachable must not keep the cabinet from starting.
      bot.api
        .setWebhook(url, { secret_token: secret, allowed_updates: ['message'] })
        .then(() => app.log.info({ url }, 'telegram webhook set'))
        .catch((err: unknown) => app.log.error({ err }, 'telegram webhook not set'));
    });
    app.addHook('onClose', async () => loop.close());
    await app.register(telegramRoutes, { bot, botUsername: config.TELEGRAM_BOT_USERNAME ?? null, secret });
  },
  { name: 'telegram', dependencies: ['db', 'auth'] },
);
