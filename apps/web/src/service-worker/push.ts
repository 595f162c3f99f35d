import type { PushMessage } from '@cabinet/contract';

/**
 * What the worker makes of a push message (the contract's `PushMessage`: `{ title, body, url }`)
 * and of a click on its notification. Pure, shared by the worker and its tests. Read by hand, not
 * with the contract's schema, which would bring zod into the worker for three fields.
 */
export type PushNotice = PushMessage;

const FALLBACK_TITLE = 'Кабинет студента';
const HOME = '/home/active';

/** The notice of a push message's JSON; what is missing or not text gets the cabinet's defaults. */
export function parsePushNotice(data: unknown): PushNotice {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    title: text(record.title) || FALLBACK_TITLE,
    body: text(record.body),
    url: text(record.url) || HOME,
  };
}

/**
 * The absolute address a click opens: only one of this app's own (a payload cannot send the
 * customer to another site); anything else opens the orders list.
 */
export function clickTarget(url: string, origin: string): string {
  try {
    const target = new URL(url, origin);
    if (target.origin === origin) return target.href;
  } catch {
    // Not an address at all: the orders list.
  }
  return new URL(HOME, origin).href;
}
