import type { TimelineEvent, WorkspaceFile } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import {
  deadlineCountdown,
  deadlineLabel,
  formatDateTime,
  groupFiles,
  guaranteeLine,
  isGuaranteeActive,
  isNewFile,
  moscowDay,
  newestFirst,
  paymentLine,
  previewKind,
  reworkAction,
  reworkFormSchema,
  tabLabel,
} from './model';
import { workspaceFile } from './test-fixtures';

/** Intl writes no-break spaces in numbers and money; the tests read plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
/** The end of a Moscow day, as the server stores a deadline. */
const endOf = (day: string) => `${day}T20:59:59.999Z`;
/** A Moscow wall-clock time as a moment (UTC+3). */
const msk = (local: string) => new Date(`${local}+03:00`);
const countdown = (deadlineAt: string, now: Date) => {
  const c = deadlineCountdown(deadlineAt, now);
  return { text: plain(c.text), tone: c.tone };
};

describe('deadline countdown (end of the day in Moscow)', () => {
  it('counts whole Moscow calendar days, across a month end and a year end', () => {
    expect(countdown(endOf('2026-12-02'), msk('2026-11-30T10:00:00'))).toEqual({
      text: 'осталось 2 дня',
      tone: 'soon',
    });
    expect(countdown(endOf('2026-12-05'), msk('2026-11-30T23:30:00'))).toEqual({
      text: 'осталось 5 дней',
      tone: 'normal',
    });
    expect(countdown(endOf('2027-01-01'), msk('2026-12-31T08:00:00'))).toEqual({
      text: 'остался 1 день',
      tone: 'soon',
    });
    expect(countdown(endOf('2027-03-01'), msk('2027-02-28T12:00:00')).text).toBe('остался 1 день');
    expect(countdown(endOf('2026-12-22'), msk('2026-12-01T12:00:00')).text).toBe('остался 21 день');
    expect(countdown(endOf('2026-12-04'), msk('2026-12-01T12:00:00')).text).toBe('осталось 3 дня');
  });

  it('a Moscow day that is still the previous day in UTC counts from Moscow', () => {
    // 00:30 in Moscow on 1 December is 21:30 UTC on 30 November.
    const now = new Date('2026-11-30T21:30:00Z');
    expect(moscowDay(now)).toBe('2026-12-01');
    expect(countdown(endOf('2026-12-01'), now).text).toBe('сдача сегодня, осталось 23 часа');
    expect(countdown(endOf('2026-12-02'), now).text).toBe('остался 1 день');
  });

  it('on its day it says so, with the hours or the minutes left', () => {
    expect(countdown(endOf('2026-12-01'), msk('2026-12-01T18:30:00'))).toEqual({
      text: 'сдача сегодня, осталось 5 часов',
      tone: 'soon',
    });
    expect(countdown(endOf('2026-12-01'), msk('2026-12-01T22:00:00')).text).toBe(
      'сдача сегодня, остался 1 час',
    );
    expect(countdown(endOf('2026-12-01'), msk('2026-12-01T23:39:00')).text).toBe(
      'сдача сегодня, осталось 20 минут',
    );
    expect(countdown(endOf('2026-12-01'), msk('2026-12-01T23:58:30')).text).toBe(
      'сдача сегодня, осталась 1 минута',
    );
  });

  it('once passed it says by how much, in minutes, hours or days', () => {
    const due = endOf('2026-12-01');
    expect(countdown(due, msk('2026-12-02T00:05:00'))).toEqual({
      text: 'просрочен на 5 минут',
      tone: 'overdue',
    });
    expect(countdown(due, msk('2026-12-02T00:00:10')).text).toBe('просрочен на 1 минуту');
    expect(countdown(due, msk('2026-12-02T02:00:00')).text).toBe('просрочен на 2 часа');
    expect(countdown(due, msk('2026-12-02T21:00:00')).text).toBe('просрочен на 21 час');
    expect(countdown(due, msk('2026-12-04T12:00:00')).text).toBe('просрочен на 2 дня');
    expect(countdown(due, msk('2026-12-07T12:00:00')).text).toBe('просрочен на 5 дней');
  });

  it('writes the deadline day as the customer chose it, and times in Moscow', () => {
    expect(deadlineLabel(endOf('2026-12-01'))).toBe('1 декабря 2026, до 23:59 по Москве');
    expect(formatDateTime('2026-11-22T11:05:00Z')).toBe('22 ноября 2026, 14:05');
  });
});

describe('money and guarantee', () => {
  it('shows what has been paid of the price, or that the price is being set', () => {
    expect(plain(paymentLine({ price: 500_000, paid: 250_000 }))).toBe('Оплачено 2 500 ₽ из 5 000 ₽');
    expect(plain(paymentLine({ price: 450_050, paid: 0 }))).toBe('Оплачено 0 ₽ из 4 500,50 ₽');
    expect(paymentLine({ price: 0, paid: 0 })).toBe('Стоимость оценивается');
  });

  it('the guarantee runs until its moment, and is shown only while it runs', () => {
    const until = '2026-12-12T10:00:00Z';
    expect(isGuaranteeActive(until, new Date('2026-12-12T09:59:59Z'))).toBe(true);
    expect(isGuaranteeActive(until, new Date('2026-12-12T10:00:00Z'))).toBe(false);
    expect(isGuaranteeActive(null, new Date('2026-12-01T00:00:00Z'))).toBe(false);
    expect(guaranteeLine(until, new Date('2026-12-01T00:00:00Z'))).toBe('до 12 декабря 2026');
    expect(guaranteeLine(until, new Date('2026-12-13T00:00:00Z'))).toBeNull();
    expect(guaranteeLine(null, new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });
});

describe('tabs', () => {
  const attention = { chat: 0, files: 2, care: 1, reworks: 5 };
  it('names a tab with what is new on it, in the right plural form', () => {
    expect(tabLabel('chat', attention)).toBe('Чат');
    expect(tabLabel('files', attention)).toBe('Файлы (2 новых)');
    expect(tabLabel('care', attention)).toBe('Забота (1 новый)');
    expect(tabLabel('reworks', attention)).toBe('Доработки (5 новых)');
    expect(tabLabel('files', { ...attention, files: 21 })).toBe('Файлы (21 новый)');
  });
});

describe('files', () => {
  const files: WorkspaceFile[] = [
    workspaceFile(1, 'final', { is_reviewed: false }),
    workspaceFile(2, 'customer'),
    workspaceFile(3, 'intermediate', { is_reviewed: true }),
    workspaceFile(4, 'final', { is_reviewed: true }),
  ];

  it('groups them in the contract order and leaves out empty groups', () => {
    expect(groupFiles(files).map((g) => [g.title, g.files.map((f) => f.id)])).toEqual([
      ['Ваши файлы', [2]],
      ['Промежуточные файлы', [3]],
      ['Готовая работа', [1, 4]],
    ]);
    expect(groupFiles([])).toEqual([]);
  });

  it('only an unreviewed received file is new', () => {
    expect(files.map(isNewFile)).toEqual([true, false, false, false]);
    expect(isNewFile(workspaceFile(5, 'without_qc', { is_reviewed: false }))).toBe(false);
  });

  it('previews only what the server previews: images and PDFs', () => {
    expect(previewKind({ mime: 'application/pdf', preview_url: '/p' })).toBe('pdf');
    expect(previewKind({ mime: 'image/png', preview_url: '/p' })).toBe('image');
    expect(previewKind({ mime: 'image/png', preview_url: null })).toBeNull();
    expect(previewKind({ mime: 'application/zip', preview_url: '/p' })).toBeNull();
  });
});

describe('rework eligibility and form', () => {
  it('shows the server’s reason on a disabled button', () => {
    expect(reworkAction({ allowed: true, reason: null })).toEqual({ enabled: true, reason: null });
    expect(reworkAction({ allowed: false, reason: 'Доработка уже идёт: дождитесь ответа автора' })).toEqual({
      enabled: false,
      reason: 'Доработка уже идёт: дождитесь ответа автора',
    });
    expect(reworkAction({ allowed: false, reason: null }).reason).toBe(
      'Доработку можно запросить после того, как автор пришлёт готовую работу',
    );
  });

  it('requires a comment and a wished date from tomorrow in Moscow', () => {
    const schema = reworkFormSchema('2026-12-02');
    const issues = (values: { comment: string; wished_date: string }) => {
      const result = schema.safeParse(values);
      return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({ comment: '  ', wished_date: '' })).toEqual([
      ['comment', 'Опишите, что нужно доработать'],
    ]);
    expect(issues({ comment: 'Выводы', wished_date: '2026-12-01' })).toEqual([
      ['wished_date', 'Желаемая дата — не раньше завтрашнего дня'],
    ]);
    expect(schema.safeParse({ comment: ' Выводы ', wished_date: '2026-12-02' })).toEqual({
      success: true,
      data: { comment: 'Выводы', wished_date: '2026-12-02' },
    });
    expect(schema.safeParse({ comment: 'Выводы', wished_date: '' })).toEqual({
      success: true,
      data: { comment: 'Выводы', wished_date: null },
    });
  });
});

describe('timeline', () => {
  const event = (id: number, at: string): TimelineEvent => ({
    id,
    kind: 'created',
    text: `Событие ${id}`,
    actor: { role: 'system', name: 'Сервис' },
    created_at: at,
  });
  it('puts the newest first; the same moment by id', () => {
    const events = [
      event(1, '2026-11-20T10:00:00Z'),
      event(3, '2026-11-21T10:00:00Z'),
      event(2, '2026-11-21T10:00:00Z'),
    ];
    expect(newestFirst(events).map((e) => e.id)).toEqual([3, 2, 1]);
  });
});
