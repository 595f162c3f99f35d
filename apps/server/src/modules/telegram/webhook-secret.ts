import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The webhook's secret (Telegram sends it back in X-Telegram-Bot-Api-Secret-Token): the configured
 * one, or one derived from the bot's token, the same on every instance (ADR 046).
 */
export function webhookSecret(token: string, configured: string | undefined): string {
  return configured || createHash('sha256').update(`telegram-webhook:${token}`).digest('base64url');
}

/** Constant-time, whatever the lengths (timingSafeEqual needs equal ones: compare digests). */
export function secretMatches(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(secret));
}
