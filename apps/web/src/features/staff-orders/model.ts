import type { StaffMe, StaffOrder } from '@cabinet/contract';

/** Moscow is UTC+3 all year: a deadline day ends at 20:59:59.999 UTC. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today in Moscow as YYYY-MM-DD. */
export function moscowToday(now: Date = new Date()): string {
  return new Date(now.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

export type Urgency = 'overdue' | 'today' | 'tomorrow' | 'later' | 'done';

/** How pressing a deadline is: past its end, due today or tomorrow (Moscow days), or later. */
export function deadlineUrgency(
  deadline: string,
  deadlineAt: string,
  statusId: number,
  now = new Date(),
): Urgency {
  // A completed, cancelled or trashed order waits for nobody.
  if (statusId === 7 || statusId === 8 || statusId === 16) return 'done';
  if (new Date(deadlineAt).getTime() < now.getTime()) return 'overdue';
  const today = moscowToday(now);
  if (deadline === today) return 'today';
  if (deadline === moscowToday(new Date(now.getTime() + DAY_MS))) return 'tomorrow';
  return 'later';
}

/** «5 000» roubles in a field ↔ kopecks in the API. */
export function kopecksOf(roubles: number): number {
  return Math.round(roubles * 100);
}

export function roublesOf(kopecks: number): number {
  return kopecks / 100;
}

/** Statuses in which the work may still be delivered (ADR 004: in progress, review, rework). */
const DELIVERY_STATUSES: ReadonlySet<number> = new Set([3, 4, 5, 6]);

/** Who may upload the author's files: the assigned author, or a manager. */
export function canDeliver(
  me: StaffMe | null,
  order: Pick<StaffOrder, 'performer' | 'status' | 'is_trash'>,
): boolean {
  if (!me || order.is_trash || !DELIVERY_STATUSES.has(order.status.id)) return false;
  return me.role === 'manager' || order.performer?.id === me.id;
}

export const isManager = (me: StaffMe | null) => me?.role === 'manager';

/** Price can be set in «Оценка стоимости» and «Ожидает оплаты» only; from «Оплачен» on it is locked. */
export const isPriceEditable = (statusId: number) => statusId === 1 || statusId === 2;

/** The deadline can move while the order is not closed. */
export const isDeadlineEditable = (statusId: number) => statusId !== 7 && statusId !== 8 && statusId !== 16;

/** Assignment: any status 1–7 of an order not in the trash. */
export const isAssignable = (order: Pick<StaffOrder, 'status' | 'is_trash'>) =>
  !order.is_trash && order.status.id >= 1 && order.status.id <= 7;

const dateTimeFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/** «23 ноября, 14:05» in Moscow time, as staff plan their day. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** The Russian reason of a failed call: the server's `detail` (say, a 409), else a general one. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
