import { workspaceMessages } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { earliestWishedDate, guaranteeUntil, moscowDay, reworkEligibility } from '../guarantee';
import { timelineText } from './timeline';
import { firstName } from './people';
import { isStored, uniqueEntryNames } from './zip';

describe('guarantee arithmetic', () => {
  it('lasts 20 days unless GUARANTEE_DAYS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).GUARANTEE_DAYS).toBe(20);
    expect(loadConfig({ NODE_ENV: 'test', GUARANTEE_DAYS: '30' }).GUARANTEE_DAYS).toBe(30);
    expect(() => loadConfig({ NODE_ENV: 'test', GUARANTEE_DAYS: '-1' })).toThrow(/GUARANTEE_DAYS/);
  });

  it('runs to the end of the Moscow day GUARANTEE_DAYS after the delivery', () => {
    // 10:00 UTC is 13:00 in Moscow on the 1st: 20 days later is the 21st, until 23:59:59.999 MSK.
    expect(guaranteeUntil(new Date('2026-03-01T10:00:00Z'), 20)).toBe('2026-03-21T20:59:59.999Z');
  });

  it('counts from the Moscow day, not the UTC one, late in the evening', () => {
    // 22:30 UTC on the 1st is 01:30 on the 2nd in Moscow.
    expect(moscowDay(new Date('2026-03-01T22:30:00Z'))).toBe('2026-03-02');
    expect(guaranteeUntil(new Date('2026-03-01T22:30:00Z'), 20)).toBe('2026-03-22T20:59:59.999Z');
  });

  it('crosses months and leap days', () => {
    expect(guaranteeUntil(new Date('2028-02-20T12:00:00Z'), 20)).toBe('2028-03-11T20:59:59.999Z');
  });

  it('wants a wished date from tomorrow in Moscow', () => {
    expect(earliestWishedDate(new Date('2026-03-01T20:59:00Z'))).toBe('2026-03-02');
    expect(earliestWishedDate(new Date('2026-03-01T21:00:00Z'))).toBe('2026-03-03');
  });
});

describe('rework eligibility', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const until = '2026-03-21T20:59:59.999Z';

  it('allows a rework while the customer checks the work', () => {
    expect(reworkEligibility({ status_id: 5, guarantee_until: until }, false, now)).toEqual({
      allowed: true,
      reason: null,
    });
  });

  it('allows one after acceptance only inside the guarantee', () => {
    expect(reworkEligibility({ status_id: 7, guarantee_until: until }, false, now).allowed).toBe(true);
    expect(reworkEligibility({ status_id: 7, guarantee_until: until }, false, new Date(until))).toEqual({
      allowed: false,
      reason: workspaceMessages.reworkNoGuarantee,
    });
    expect(reworkEligibility({ status_id: 7, guarantee_until: null }, false, now).reason).toBe(
      workspaceMessages.reworkNoGuarantee,
    );
  });

  it('allows one after the guarantee while the latest originality report is below the requirement', () => {
    const late = new Date('2026-04-01T12:00:00Z');
    expect(reworkEligibility({ status_id: 7, guarantee_until: until }, false, late, true)).toEqual({
      allowed: true,
      reason: null,
    });
    expect(reworkEligibility({ status_id: 7, guarantee_until: null }, false, late, true).allowed).toBe(true);
    // Still never two at once, and never before the work is delivered.
    expect(reworkEligibility({ status_id: 7, guarantee_until: until }, true, late, true).reason).toBe(
      workspaceMessages.reworkAlreadyOpen,
    );
    expect(reworkEligibility({ status_id: 4, guarantee_until: null }, false, late, true).reason).toBe(
      workspaceMessages.reworkNotDelivered,
    );
  });

  it('refuses a second rework while one is open', () => {
    expect(reworkEligibility({ status_id: 5, guarantee_until: until }, true, now).reason).toBe(
      workspaceMessages.reworkAlreadyOpen,
    );
    expect(reworkEligibility({ status_id: 6, guarantee_until: until }, false, now).reason).toBe(
      workspaceMessages.reworkAlreadyOpen,
    );
  });

  it('refuses before the work is delivered', () => {
    for (const status of [1, 2, 3, 4, 8, 16]) {
      expect(reworkEligibility({ status_id: status, guarantee_until: null }, false, now).reason).toBe(
        workspaceMessages.reworkNotDelivered,
      );
    }
  });
});

describe('timeline texts', () => {
  it('tells an originality report with its percentage', () => {
    expect(
      timelineText('file_delivered', { kind: 'report', names: ['a.pdf'], percent: 84 }, 'customer'),
    ).toBe('Отчёт об оригинальности: 84 %');
  });

  it('writes money like the rest of the server and days in words', () => {
    expect(timelineText('priced', { price: 500_000 }, 'customer')).toBe('Назначена цена 5\u00a0000\u00a0₽');
    expect(timelineText('paid', { amount: 123_450 }, 'customer')).toBe('Заказ оплачен: 1\u00a0234,50\u00a0₽');
    expect(timelineText('deadline_changed', { deadline: '2026-12-01' }, 'customer')).toBe(
      'Срок изменён: до 1 декабря 2026',
    );
  });

  it('names files, reworks, care and the status as each face reads them', () => {
    expect(timelineText('file_delivered', { kind: 'final', names: ['Диплом.docx'] }, 'customer')).toBe(
      'Готовая работа: Диплом.docx',
    );
    expect(timelineText('file_delivered', { kind: 'intermediate', names: [] }, 'customer')).toBe(
      'Промежуточные файлы',
    );
    expect(timelineText('rework_opened', { number: 2 }, 'customer')).toBe('Запрошена доработка №2');
    expect(timelineText('rework_answered', { number: 2 }, 'customer')).toBe('Доработка №2 готова');
    expect(timelineText('care_opened', { kind: 'complaint' }, 'customer')).toBe(
      'Обращение в службу качества: жалоба',
    );
    expect(timelineText('care_answered', { closed: true }, 'customer')).toBe(
      'Ответ на обращение, обращение закрыто',
    );
    expect(timelineText('author_assigned', {}, 'customer', 'Иван К.')).toBe('Назначен автор: Иван К.');
    expect(timelineText('status_changed', { to: 6 }, 'staff')).toBe('Статус: Доработка');
    expect(timelineText('accepted', {}, 'customer')).toBe('Работа принята');
  });

  it('shows a customer to staff by first name only', () => {
    expect(firstName('Иванова Анна Сергеевна')).toBe('Анна');
    expect(firstName('Анна Демидова')).toBe('Анна');
    expect(firstName('  ')).toBe('Заказчик');
  });
});

describe('zip entry names', () => {
  it('numbers repeated names within a folder, case-insensitively, keeping the extension', () => {
    expect(
      uniqueEntryNames([
        'Мои файлы/Отчёт.pdf',
        'Мои файлы/отчёт.PDF',
        'Мои файлы/Отчёт.pdf',
        'Готовая работа/Отчёт.pdf',
        'Мои файлы/README',
        'Мои файлы/README',
        'Мои файлы/.profile',
        'Мои файлы/.profile',
      ]),
    ).toEqual([
      'Мои файлы/Отчёт.pdf',
      'Мои файлы/отчёт (2).PDF',
      'Мои файлы/Отчёт (3).pdf',
      'Готовая работа/Отчёт.pdf',
      'Мои файлы/README',
      'Мои файлы/README (2)',
      'Мои файлы/.profile',
      'Мои файлы/.profile (2)',
    ]);
  });

  it('never takes a name a real file already has', () => {
    expect(uniqueEntryNames(['a/x (2).txt', 'a/x.txt', 'a/x.txt'])).toEqual([
      'a/x (2).txt',
      'a/x.txt',
      'a/x (3).txt',
    ]);
  });

  it('stores what is compressed already and deflates the rest', () => {
    for (const mime of ['image/png', 'application/pdf', 'application/zip', 'application/vnd.rar']) {
      expect(isStored(mime), mime).toBe(true);
    }
    expect(isStored('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(true);
    for (const mime of ['text/plain', 'application/msword', 'application/rtf'])
      expect(isStored(mime), mime).toBe(false);
  });
});
