import { text } from '../common/input';
import { z } from '../common/zod';

/**
 * Telegram notifications (ADR 046): a customer links a Telegram chat to the cabinet through the
 * bot's deep link with a one-time code, and the bot then sends the notifications their settings
 * route to the `telegram` channel.
 */

export const telegramMessages = {
  unavailable: 'Уведомления в Telegram на этом сервере не настроены',
  botUnreachable: 'Telegram сейчас не отвечает. Попробуйте через минуту',
  /** What the bot answers in the chat. */
  linked:
    'Готово: уведомления кабинета студента будут приходить сюда. Отключить — /stop или в профиле кабинета.',
  codeInvalid:
    'Ссылка устарела или уже использована. Откройте профиль в кабинете и нажмите «Подключить Telegram» ещё раз.',
  unlinked: 'Уведомления отключены. Подключить снова можно в профиле кабинета.',
  notLinked: 'Этот чат не подключён к кабинету. Подключите его в профиле кабинета: «Подключить Telegram».',
  help: 'Я присылаю уведомления кабинета студента: сообщения автора, смену статуса, готовые файлы, оплаты. Подключение — в профиле кабинета.',
} as const;

/** How long a deep link's code may be used (once). */
export const TELEGRAM_LINK_TTL_MINUTES = 10;

/** `GET /api/client/profile/telegram/`: whether the server has a bot, and whether a chat is linked. */
export const TelegramStateSchema = z.object({
  available: z.boolean(),
  linked: z.boolean(),
  /** When the chat was linked (ISO); null when none is. */
  linked_at: text().nullable(),
});
export type TelegramState = z.infer<typeof TelegramStateSchema>;

/** `POST /api/client/profile/telegram/`: a new deep link; the older unused ones stop working. */
export const TelegramLinkSchema = z.object({
  url: z.url(),
  expires_at: text(),
});
export type TelegramLink = z.infer<typeof TelegramLinkSchema>;
