import type { TitlePageFields } from '@cabinet/contract';

/**
 * What a title page says, block by block, shared by the DOCX and the PDF so that both read the
 * same: the institution at the top, the work in the middle, who did and checked it at the right,
 * the city and year at the foot (the usual layout of Russian universities, ГОСТ 7.32 margins).
 */

export const MINISTRY = 'Министерство науки и высшего образования Российской Федерации';

/** ГОСТ 7.32: left 30 mm, right 15 mm (10–15), top and bottom 20 mm; A4. */
export const PAGE_MM = { width: 210, height: 297 } as const;
export const MARGINS_MM = { left: 30, right: 15, top: 20, bottom: 20 } as const;
/** The body text size of a title page, in points. */
export const FONT_PT = 14;

export interface Line {
  text: string;
  bold?: boolean;
}

export interface TitlePageLayout {
  /** Centred at the top. */
  header: Line[];
  /** Centred in the middle: the work type in capitals, the discipline, the topic. */
  middle: Line[];
  /** The right half: «Выполнил(а)…», «Проверил(а)…». */
  signatures: Line[];
  /** Centred at the bottom: «{city} {year}». */
  foot: Line;
}

const present = (s: string | undefined): s is string => !!s && s.trim() !== '';

/** The student's sex as the profile says it; '' when not given. */
export type StudentSex = '' | 'male' | 'female';

/**
 * A text in «ёлочки» with the quotes inside turned to „лапки“ (the Russian rule for nested quotes):
 * «ООО „Ромашка“», never «ООО «Ромашка»». Straight double quotes pair up into „…“ as well.
 */
export function quoted(s: string): string {
  let open = true;
  const inner = s
    .replace(/«/g, '„')
    .replace(/»/g, '“')
    .replace(/"/g, () => {
      const mark = open ? '„' : '“';
      open = !open;
      return mark;
    });
  return `«${inner}»`;
}

/** «Выполнил: студент», «Выполнила: студентка», or both forms when the profile does not say. */
function doneBy(sex: StudentSex): string {
  if (sex === 'male') return 'Выполнил: студент';
  if (sex === 'female') return 'Выполнила: студентка';
  return 'Выполнил(а): студент(ка)';
}

export function titlePageLayout(f: TitlePageFields, sex: StudentSex = ''): TitlePageLayout {
  const header: Line[] = [{ text: MINISTRY }, { text: f.university, bold: true }];
  if (present(f.faculty)) header.push({ text: f.faculty });
  if (present(f.department)) header.push({ text: f.department });

  const middle: Line[] = [{ text: f.work_type.toLocaleUpperCase('ru-RU'), bold: true }];
  if (present(f.subject)) middle.push({ text: `по дисциплине ${quoted(f.subject)}` });
  middle.push({ text: `на тему ${quoted(f.topic)}`, bold: true });

  const signatures: Line[] = [
    { text: present(f.group) ? `${doneBy(sex)} группы ${f.group}` : doneBy(sex) },
    { text: f.student_name },
  ];
  if (present(f.supervisor) || present(f.supervisor_title)) {
    signatures.push({ text: '' }, { text: 'Проверил(а):' });
    if (present(f.supervisor_title)) signatures.push({ text: f.supervisor_title });
    if (present(f.supervisor)) signatures.push({ text: f.supervisor });
  }

  return { header, middle, signatures, foot: { text: `${f.city} ${f.year}` } };
}
