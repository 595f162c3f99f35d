import { titlePageMessages } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { titlePageText } from './messages';
import { prefill, toRequest, type TitlePageForm } from './model';

const now = new Date('2026-11-25T12:00:00Z');
const order = {
  details: {
    work_type: { id: 1, title: 'Дипломная работа' },
    subject: null,
    topic: 'Учёт запасов',
    university: { id: 3, title: 'МГУ' },
  },
};

const filled = (over: Partial<TitlePageForm> = {}): TitlePageForm => ({
  ...prefill(undefined, order, now),
  student_name: 'Сидоров Илья',
  ...over,
});

describe('title page model', () => {
  it('takes the order’s university when the profile has none, and this year', () => {
    const form = prefill(undefined, order, now);
    expect(form).toMatchObject({
      university: 'МГУ',
      work_type: 'Дипломная работа',
      subject: '',
      topic: 'Учёт запасов',
      city: 'Москва',
      year: '2026',
    });
  });

  it('leaves empty optional fields out and trims the rest', () => {
    const result = toRequest(filled({ group: '  ', supervisor: ' Петров П. П. ' }), 'pdf');
    expect(result).toEqual({
      ok: true,
      body: {
        format: 'pdf',
        university: 'МГУ',
        work_type: 'Дипломная работа',
        topic: 'Учёт запасов',
        student_name: 'Сидоров Илья',
        supervisor: 'Петров П. П.',
        city: 'Москва',
        year: 2026,
      },
    });
  });

  it('refuses a year that is not digits or out of range, and empty required fields', () => {
    expect(toRequest(filled({ year: '20ab' }), 'docx')).toEqual({
      ok: false,
      errors: { year: titlePageText.yearNotNumber },
    });
    expect(toRequest(filled({ year: '1989' }), 'docx')).toEqual({
      ok: false,
      errors: { year: titlePageMessages.year },
    });
    expect(toRequest(filled({ topic: ' ', city: '' }), 'docx')).toEqual({
      ok: false,
      errors: { topic: titlePageMessages.required, city: titlePageMessages.required },
    });
  });
});
