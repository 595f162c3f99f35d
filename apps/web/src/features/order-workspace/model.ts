import {
  FILE_GROUPS,
  ReworkCreateRequestSchema,
  workspaceMessages,
  type FileGroup,
  type Order,
  type OrderWorkspaceFields,
  type ReworkCreateRequest,
  type TimelineEvent,
  type WorkspaceAttention,
  type WorkspaceFile,
} from '@cabinet/contract';
import { formatCount, type PluralForms } from '../../shared/format';
import type { FormSchema } from '../../shared/lazy-schema';
import type { OrderTab } from '../../shared/paths';
import { unitForms, workspaceText as t } from './messages';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The service works in Moscow time, UTC+3 all year (no daylight saving since 2014). */
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;
const MOSCOW_TZ = 'Europe/Moscow';

/** The calendar day `YYYY-MM-DD` in Moscow at `moment`. */
export function moscowDay(moment: Date): string {
  return new Date(moment.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from day `from` to day `to` (both `YYYY-MM-DD`). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: MOSCOW_TZ,
});
const timeFormat = new Intl.DateTimeFormat('ru-RU', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: MOSCOW_TZ,
});

/** «12 декабря 2026»: the Moscow day of a moment (Intl's « г.» left out, as elsewhere). */
export function formatMoscowDate(moment: string | Date): string {
  return dayFormat
    .formatToParts(new Date(moment))
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.value)
    .join(' ');
}

/** «22 ноября 2026, 14:05» in Moscow time, like the deadlines. */
export function formatDateTime(moment: string | Date): string {
  return `${formatMoscowDate(moment)}, ${timeFormat.format(new Date(moment))}`;
}

// --- the deadline countdown ------------------------------------------------------------------

export type CountdownTone = 'overdue' | 'soon' | 'normal';
export interface Countdown {
  text: string;
  tone: CountdownTone;
}

/** Days at most for which a coming deadline is shown as near. */
const SOON_DAYS = 2;

/** «осталось 3 дня» agrees with the number: «остался 1 день», «осталась 1 минута». */
function left(count: number, forms: PluralForms, feminine = false): string {
  const amount = formatCount(count, forms);
  if (new Intl.PluralRules('ru').select(count) !== 'one') return t.left(amount);
  return `${feminine ? 'осталась' : 'остался'} ${amount}`;
}

/**
 * How the deadline stands at `now`: «просрочен на 2 часа» once passed; «сдача сегодня, осталось
 * 5 часов» on its (Moscow) day; else whole calendar days in Moscow («осталось 3 дня»), so that a
 * deadline two days off reads the same in the morning and at night, and across month ends.
 */
export function deadlineCountdown(deadlineAt: string, now: Date): Countdown {
  const due = new Date(deadlineAt);
  const rest = due.getTime() - now.getTime();
  if (rest <= 0) {
    const late = -rest;
    const amount =
      late < HOUR_MS
        ? formatCount(Math.max(1, Math.floor(late / MINUTE_MS)), unitForms.minutesAcc)
        : late < DAY_MS
          ? formatCount(Math.floor(late / HOUR_MS), unitForms.hours)
          : formatCount(Math.floor(late / DAY_MS), unitForms.days);
    return { text: t.overdueBy(amount), tone: 'overdue' };
  }
  const days = daysBetween(moscowDay(now), moscowDay(due));
  if (days <= 0) {
    const within =
      rest < HOUR_MS
        ? left(Math.max(1, Math.floor(rest / MINUTE_MS)), unitForms.minutes, true)
        : left(Math.floor(rest / HOUR_MS), unitForms.hours);
    return { text: `${t.dueToday}, ${within}`, tone: 'soon' };
  }
  return { text: left(days, unitForms.days), tone: days <= SOON_DAYS ? 'soon' : 'normal' };
}

/** The deadline's day as the customer chose it: «1 декабря 2026, до 23:59 по Москве». */
export function deadlineLabel(deadlineAt: string): string {
  return t.deadlineAt(formatMoscowDate(deadlineAt));
}

// --- money, author, guarantee ----------------------------------------------------------------

/** «Оплачено 2 500 ₽ из 5 000 ₽», or that the price is still being set. */
export function paymentLine(order: Pick<Order, 'price' | 'paid'>): string {
  return order.price > 0 ? t.paidOf(order.paid, order.price) : t.pricePending;
}

/** The guarantee runs until `guarantee_until` (set by the first final file). */
export function isGuaranteeActive(guaranteeUntil: string | null, now: Date): boolean {
  return guaranteeUntil !== null && now.getTime() < Date.parse(guaranteeUntil);
}

/** «до 12 декабря 2026» (under «Гарантия») while the guarantee runs, else null. */
export function guaranteeLine(guaranteeUntil: string | null, now: Date): string | null {
  return guaranteeUntil && isGuaranteeActive(guaranteeUntil, now)
    ? t.guaranteeUntil(formatMoscowDate(guaranteeUntil))
    : null;
}

// --- tabs ------------------------------------------------------------------------------------

/** A tab's name with what needs attention on it: «Файлы (2 новых)». */
export function tabLabel(tab: OrderTab, attention: WorkspaceAttention): string {
  return t.tabWithCount(t.tabs[tab], attention[tab]);
}

// --- files -----------------------------------------------------------------------------------

export interface FileGroupView {
  group: FileGroup;
  title: string;
  files: WorkspaceFile[];
}

/** The order's files in the contract's group order, newest last within a group; empty groups left out. */
export function groupFiles(files: readonly WorkspaceFile[]): FileGroupView[] {
  return FILE_GROUPS.map((group) => ({
    group,
    title: t.groups[group],
    files: files.filter((f) => f.group === group),
  })).filter((g) => g.files.length > 0);
}

/** Received files (the author's) start new until the customer marks them reviewed. */
export function isNewFile(file: WorkspaceFile): boolean {
  return (file.group === 'intermediate' || file.group === 'final') && !file.is_reviewed;
}

export type PreviewKind = 'image' | 'pdf';

/** What the preview modal shows: an image, a PDF, or nothing (the server serves no preview). */
export function previewKind(file: Pick<WorkspaceFile, 'mime' | 'preview_url'>): PreviewKind | null {
  if (file.preview_url === null) return null;
  if (file.mime === 'application/pdf') return 'pdf';
  return file.mime.startsWith('image/') ? 'image' : null;
}

export const zipName = (orderId: number | string) => `order-${orderId}.zip`;

// --- reworks ---------------------------------------------------------------------------------

export interface ReworkAction {
  enabled: boolean;
  /** Why the button is disabled, shown as text next to it. */
  reason: string | null;
}

/** Whether the customer may ask for a rework now; the reason comes from the server's check. */
export function reworkAction(eligibility: OrderWorkspaceFields['rework']): ReworkAction {
  if (eligibility.allowed) return { enabled: true, reason: null };
  return { enabled: false, reason: eligibility.reason ?? workspaceMessages.reworkNotDelivered };
}

export interface ReworkFormValues {
  comment: string;
  /** `YYYY-MM-DD` from the date input, or empty. */
  wished_date: string;
}

/**
 * The rework form's check: the contract's request schema (comment required, the day real) plus
 * the date minimum, tomorrow in Moscow (`earliest`), which the server checks again.
 */
export function reworkFormSchema(earliest: string): FormSchema<ReworkCreateRequest> {
  return {
    safeParse(values) {
      const { comment, wished_date } = values as ReworkFormValues;
      const body = { comment, wished_date: wished_date || null };
      const parsed = ReworkCreateRequestSchema.safeParse(body);
      const issues: Array<{ path: PropertyKey[]; message: string }> = parsed.success
        ? []
        : [...parsed.error.issues];
      // `YYYY-MM-DD` compares as text in calendar order.
      if (
        body.wished_date &&
        body.wished_date < earliest &&
        !issues.some((i) => i.path[0] === 'wished_date')
      ) {
        issues.push({ path: ['wished_date'], message: workspaceMessages.reworkDateTooEarly });
      }
      if (issues.length > 0) return { success: false, error: { issues } };
      return { success: true, data: { comment: body.comment.trim(), wished_date: body.wished_date } };
    },
  };
}

// --- timeline --------------------------------------------------------------------------------

/** Newest first; events of the same moment by id, the later one first. */
export function newestFirst(events: readonly TimelineEvent[]): TimelineEvent[] {
  return [...events].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}
