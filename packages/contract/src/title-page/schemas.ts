import { z } from '../common/zod';
import { text } from '../common/input';

/** The title page generator: `POST api.content.titlePage` answers a DOCX or a PDF. */

export const TITLE_PAGE_FORMATS = ['docx', 'pdf'] as const;
export type TitlePageFormat = (typeof TITLE_PAGE_FORMATS)[number];

export const TITLE_PAGE_YEAR_MIN = 1990;
export const TITLE_PAGE_YEAR_MAX = 2100;

export const titlePageMessages = {
  required: 'Заполните это поле',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
  format: 'Выберите формат: DOCX или PDF',
  year: `Год — целое число от ${TITLE_PAGE_YEAR_MIN} до ${TITLE_PAGE_YEAR_MAX}`,
} as const;

const required = (max: number) =>
  text().trim().min(1, titlePageMessages.required).max(max, titlePageMessages.tooLong(max));
const optional = (max: number) => text().trim().max(max, titlePageMessages.tooLong(max)).optional();

const year = z
  .number({ error: titlePageMessages.year })
  .int(titlePageMessages.year)
  .min(TITLE_PAGE_YEAR_MIN, titlePageMessages.year)
  .max(TITLE_PAGE_YEAR_MAX, titlePageMessages.year);

/** The title page's fields without the format: what the form edits. */
export const TitlePageFieldsSchema = z.object({
  university: required(300),
  faculty: optional(200),
  department: optional(200),
  work_type: required(100),
  subject: optional(200),
  topic: required(500),
  student_name: required(150),
  group: optional(50),
  supervisor: optional(150),
  supervisor_title: optional(150),
  city: required(100),
  year,
});
export type TitlePageFields = z.infer<typeof TitlePageFieldsSchema>;

export const TitlePageRequestSchema = TitlePageFieldsSchema.extend({
  format: z.enum(TITLE_PAGE_FORMATS, { error: titlePageMessages.format }),
});
export type TitlePageRequest = z.infer<typeof TitlePageRequestSchema>;

/** The download's name: «Титульный лист — {тема}.{docx|pdf}», cut to a sane length, no path characters. */
export function titlePageFileName(topic: string, format: TitlePageFormat): string {
  const clean = topic
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${clean ? `Титульный лист — ${clean}` : 'Титульный лист'}.${format}`;
}
