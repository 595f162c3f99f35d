import { createHash, randomBytes } from 'node:crypto';
import {
  PushMessageSchema,
  TELEGRAM_LINK_TTL_MINUTES,
  type PushMessage,
  type TelegramLink,
  type TelegramState,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import * as repo from './repo';

/** Codes are stored hashed, as login codes are: a copy of the table links no chat. */
export const hashCode = (code: string) => createHash('sha256').update(code).digest('base64url');

export async function telegramState(
  db: Kysely<DB>,
  userId: number,
  available: boolean,
): Promise<TelegramState> {
  const link = await repo.linkOf(db, userId);
  return { available, linked: link !== undefined, linked_at: link?.linked_at ?? null };
}

/**
 * A deep link with a new one-time code (`https://t.me/<bot>?start=<code>`): Telegram opens the bot
 * and sends it `/start <code>`. 32 characters of base64url, within the 64 Telegram allows there.
 */
export async function createLink(db: Kysely<DB>, userId: number, botUsername: string): Promise<TelegramLink> {
  const code = randomBytes(24).toString('base64url');
  const expiresAt = nowIso(TELEGRAM_LINK_TTL_MINUTES * 60_000);
  await db.transaction().execute((trx) => repo.replaceCode(trx, userId, hashCode(code), expiresAt, nowIso()));
  return { url: `https://t.me/${encodeURIComponent(botUsername)}?start=${code}`, expires_at: expiresAt };
}

/** `/start <code>` from a chat: links it when the code is good; resolves to whether it did. */
export async function linkByCode(db: Kysely<DB>, code: string, chatId: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return false;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const userId = await repo.takeCode(trx, hashCode(code), now);
    if (userId === undefined) return false;
    await repo.saveLink(trx, userId, chatId, now);
    return true;
  });
}

export async function unlinkUser(db: Kysely<DB>, userId: number): Promise<void> {
  await db.transaction().execute((trx) => repo.deleteLinkOfUser(trx, userId));
}

export async function unlinkChat(db: Kysely<DB>, chatId: string): Promise<boolean> {
  return db.transaction().execute((trx) => repo.deleteLinkOfChat(trx, chatId));
}

/**
 * Queues a notification (a push's `{ title, body, url }`) to the customer's linked chat, inside the
 * producer's transaction (sent only if it commits); resolves to whether the customer has a chat.
 */
export async function enqueueTelegram(
  trx: Kysely<DB>,
  userId: number,
  message: PushMessage,
): Promise<boolean> {
  return repo.enqueue(trx, userId, JSON.stringify(message), nowIso());
}

/** The message's text in the chat: its title, its body, and the cabinet's address of it. */
export function telegramText(payload: string, publicUrl: string): string {
  const message = PushMessageSchema.parse(JSON.parse(payload));
  return [message.title, message.body, new URL(message.url, publicUrl).toString()].filter(Boolean).join('\n');
}
