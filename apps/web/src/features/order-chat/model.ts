import {
  ChatPostRequestSchema,
  type ChatDeliveryState,
  type ChatMessage,
  type ChatReadMarks,
} from '@cabinet/contract';
import { find } from 'linkifyjs';
import { chatText as t } from './messages';

/** Whose chat this is: the customer's cabinet, or a staff member (by id) in the staff section. */
export type ChatViewer = { side: 'customer' } | { side: 'staff'; staffId: number };

/** The service works in Moscow time, UTC+3 all year (no daylight saving since 2014). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const MOSCOW_TZ = 'Europe/Moscow';
const timeFormat = new Intl.DateTimeFormat('ru-RU', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: MOSCOW_TZ,
});
const dayMonthFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  timeZone: MOSCOW_TZ,
});
const fullDayFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: MOSCOW_TZ,
});

/** The Moscow calendar day `YYYY-MM-DD` of a moment. */
export function moscowDay(moment: string | Date): string {
  return new Date(new Date(moment).getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** «14:05» in Moscow time. */
export function formatTime(moment: string | Date): string {
  return timeFormat.format(new Date(moment));
}

/** A day separator: «Сегодня», «Вчера», «5 января» this year, «5 января 2025» before. */
export function dayLabel(moment: string | Date, now: Date = new Date()): string {
  const day = moscowDay(moment);
  const today = moscowDay(now);
  if (day === today) return t.today;
  if (day === moscowDay(new Date(now.getTime() - 24 * 60 * 60 * 1000))) return t.yesterday;
  const format = day.slice(0, 4) === today.slice(0, 4) ? dayMonthFormat : fullDayFormat;
  return format
    .formatToParts(new Date(moment))
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.value)
    .join(' ');
}

/** Oldest first, one per id: what arrived later (a socket frame, a resume page) replaces the earlier copy. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): readonly ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function isOwn(message: ChatMessage, viewer: ChatViewer): boolean {
  return viewer.side === 'customer'
    ? message.author.role === 'customer'
    : message.staff_id !== null && message.staff_id === viewer.staffId;
}

/** The name a message is shown under: «Вы» for the viewer's own, the server's display name otherwise. */
export function shownName(message: ChatMessage, viewer: ChatViewer): string {
  return isOwn(message, viewer) ? t.you : message.author.name;
}

/** Sent, or read once the other side's mark has reached it. */
export function deliveryOf(message: ChatMessage, viewer: ChatViewer, read: ChatReadMarks): ChatDeliveryState {
  const otherMark = viewer.side === 'customer' ? read.staff : read.customer;
  return message.id <= otherMark ? 'read' : 'sent';
}

/** The newest message by someone else: what the viewer has read once they see it. */
export function newestByOthers(messages: readonly ChatMessage[], viewer: ChatViewer): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && !isOwn(message, viewer)) return message.id;
  }
  return 0;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function safeHref(href: string): string | null {
  try {
    return SAFE_PROTOCOLS.has(new URL(href).protocol) ? href : null;
  } catch {
    return null;
  }
}

/**
 * A message's text cut into plain runs and links (linkifyjs finds them; only http, https and
 * mailto become links, anything else stays text). Rendered as React nodes, never as HTML.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (piece: string) => {
    if (!piece) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  for (const link of find(text)) {
    if (link.start < at) continue;
    push(text.slice(at, link.start));
    const href = safeHref(link.href);
    if (href) parts.push({ kind: 'link', text: link.value, href });
    else push(link.value);
    at = link.end;
  }
  push(text.slice(at));
  return parts;
}

/** Checks a message before it goes to the outbox, with the contract's own Russian messages. */
export function postError(text: string, fileIds: readonly number[]): string | null {
  const result = ChatPostRequestSchema.safeParse({ text, file_ids: fileIds, client_id: 'check-only' });
  return result.success ? null : (result.error.issues[0]?.message ?? t.textRequired);
}

/** A client id for a new message: the sender's idempotency key, made before the first attempt. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** Consecutive messages of one Moscow day, under their separator. */
export function byDay<T extends { created_at: string }>(
  items: readonly T[],
  now: Date = new Date(),
): Array<{ day: string; label: string; items: T[] }> {
  const days: Array<{ day: string; label: string; items: T[] }> = [];
  for (const item of items) {
    const day = moscowDay(item.created_at);
    const last = days[days.length - 1];
    if (last && last.day === day) last.items.push(item);
    else days.push({ day, label: dayLabel(item.created_at, now), items: [item] });
  }
  return days;
}
