/**
 * The Telegram module's public face (ADR 046): what the notifications module calls to queue a
 * customer's notification for their linked chat. Its Fastify plugin (the bot, the webhook, the link
 * routes, the delivery) is in `plugin.ts`, which `app.ts` registers.
 */
export { enqueueTelegram } from './service';
