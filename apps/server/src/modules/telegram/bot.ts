import { telegramMessages } from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Bot } from 'grammy';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { linkByCode, unlinkChat } from './service';

export interface BotOptions {
  token: string;
  /** Where the Bot API is: Telegram's, or a test's fake of it. */
  apiRoot: string;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
}

/**
 * The bot, through grammY (ADR 046): it answers the updates Telegram posts to the webhook —
 * `/start <code>` links the chat, `/stop` unlinks it, anything else gets a word on what the bot is
 * for — and sends the queued notifications through its `api`.
 */
export function createBot({ token, apiRoot, db, log }: BotOptions): Bot {
  const bot = new Bot(token, { client: { apiRoot } });

  bot.command('start', async (ctx) => {
    const code = ctx.match.trim();
    if (!code) return void (await ctx.reply(telegramMessages.help));
    const linked = await linkByCode(db, code, String(ctx.chat.id));
    await ctx.reply(linked ? telegramMessages.linked : telegramMessages.codeInvalid);
  });
  bot.command('stop', async (ctx) => {
    const unlinked = await unlinkChat(db, String(ctx.chat.id));
    await ctx.reply(unlinked ? telegramMessages.unlinked : telegramMessages.notLinked);
  });
  bot.on('message', (ctx) => ctx.reply(telegramMessages.help));

  bot.catch((err) =>
    log.error({ err: err.error, update: err.ctx.update.update_id }, 'telegram update failed'),
  );
  return bot;
}
