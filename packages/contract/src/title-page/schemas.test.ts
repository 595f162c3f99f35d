import { describe, expect, it } from 'vitest';
import { TitlePageRequestSchema, titlePageFileName, titlePageMessages } from './schemas';

const valid = {
  format: 'pdf',
  university: 'МГУ',
  work_type: 'Реферат',
  topic: 'Тема',
  student_name: 'Иванов Иван',
  city: 'Москва',
  year: 2026,
};

describe('title page contract', () => {
  it('names the file after the topic, without path or control characters, cut to a sane length', () => {
    expect(titlePageFileName('Учёт запасов', 'docx')).toBe('Титульный лист — Учёт запасов.docx');
    expect(titlePageFileName('a/b\\c:d*e?"f<g>h|i\u0007j\nk', 'pdf')).toBe(
      'Титульный лист — a b c d e f g h i j k.pdf',
    );
    expect(titlePageFileName('   ', 'pdf')).toBe('Титульный лист.pdf');
    expect(titlePageFileName('я'.repeat(200), 'pdf')).toBe(`Титульный лист — ${'я'.repeat(80)}.pdf`);
  });

  it('trims the fields and keeps the year between 1990 and 2100', () => {
    expect(TitlePageRequestSchema.parse({ ...valid, topic: '  Тема  ' }).topic).toBe('Тема');
    for (const year of [1990, 2100])
      expect(TitlePageRequestSchema.safeParse({ ...valid, year }).success).toBe(true);
    for (const year of [1989, 2101, 2026.5, '2026']) {
      const result = TitlePageRequestSchema.safeParse({ ...valid, year });
      expect(result.success, String(year)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(titlePageMessages.year);
    }
  });
});
