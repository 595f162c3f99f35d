import { api, authMessages, titlePageMessages } from '@cabinet/contract';
import mammoth from 'mammoth';
import { PDFDocument } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  auth = bearer((await registerCustomer(t.app)).access);
});
afterAll(async () => t.close());

const fields = {
  university: 'Московский государственный университет имени М. В. Ломоносова',
  faculty: 'Экономический факультет',
  department: 'Кафедра финансов и кредита',
  work_type: 'Курсовая работа',
  subject: 'Финансовый менеджмент',
  topic:
    'Анализ финансовой устойчивости предприятия на примере ООО «Ёлка» и пути её повышения в условиях цифровой экономики',
  student_name: 'Иванова Мария Сергеевна',
  group: 'ЭФ-21-03',
  supervisor: 'Петров Пётр Петрович',
  supervisor_title: 'доцент кафедры, к.э.н.',
  city: 'Москва',
  year: 2026,
};

const post = (payload: unknown, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url: api.content.titlePage, headers, payload: payload as object });

/** Lines of text, with the spaces and line breaks a parser puts in normalised to single spaces. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('title page', () => {
  it('answers a DOCX that opens and holds every given text, Cyrillic intact', async () => {
    const res = await post({ ...fields, format: 'docx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent('Титульный лист — Анализ').replace(/'/g, '%27')}`,
    );
    expect(disposition).toMatch(/\.docx$/);
    const { value } = await mammoth.extractRawText({ buffer: res.rawPayload });
    const text = flat(value);
    for (const s of [
      'Министерство науки и высшего образования Российской Федерации',
      fields.university,
      fields.faculty,
      fields.department,
      'КУРСОВАЯ РАБОТА',
      'по дисциплине «Финансовый менеджмент»',
      'на тему «Анализ финансовой устойчивости предприятия на примере ООО „Ёлка“ и пути её повышения в условиях цифровой экономики»',
      'Выполнил(а): студент(ка) группы ЭФ-21-03',
      fields.student_name,
      'Проверил(а):',
      fields.supervisor_title,
      fields.supervisor,
      'Москва 2026',
    ]) {
      expect(text).toContain(s);
    }
  });

  it('answers a PDF that opens and holds every given text, Cyrillic intact, long lines wrapped', async () => {
    const res = await post({ ...fields, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;.*filename\*=UTF-8''.*\.pdf$/);
    // A4 portrait, in points.
    const [page] = (await PDFDocument.load(res.rawPayload)).getPages();
    expect(page?.getWidth()).toBeCloseTo((210 * 72) / 25.4, 1);
    expect(page?.getHeight()).toBeCloseTo((297 * 72) / 25.4, 1);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    try {
      const result = await parser.getText();
      expect(result.total).toBe(1);
      const text = flat(result.text);
      for (const s of [
        'Министерство науки и высшего образования Российской Федерации',
        fields.university,
        fields.faculty,
        fields.department,
        'КУРСОВАЯ РАБОТА',
        'по дисциплине «Финансовый менеджмент»',
        'на тему «Анализ финансовой устойчивости предприятия на примере ООО „Ёлка“ и пути её повышения в условиях цифровой экономики»',
        'Выполнил(а): студент(ка) группы ЭФ-21-03',
        fields.student_name,
        fields.supervisor_title,
        fields.supervisor,
        'Москва 2026',
      ]) {
        expect(text).toContain(s);
      }
      // The topic does not fit one line: it is wrapped, not cut or run off the page.
      const topicLines = result.text.split('\n').filter((l) => l.includes('Ёлка') || l.includes('цифровой'));
      expect(topicLines.length).toBeGreaterThanOrEqual(1);
      expect(result.text.split('\n').some((l) => l.trim().endsWith('цифровой экономики»'))).toBe(true);
      expect(result.text.split('\n').some((l) => l.trim().startsWith('на тему «Анализ'))).toBe(true);
      expect(
        result.text.split('\n').some((l) => l.includes('на тему «Анализ') && l.includes('экономики»')),
      ).toBe(false);
    } finally {
      await parser.destroy();
    }
  });

  it('leaves out the optional blocks when they are not given', async () => {
    const res = await post({
      format: 'docx',
      university: 'РЭУ им. Г. В. Плеханова',
      work_type: 'Реферат',
      topic: 'История бухгалтерского учёта',
      student_name: 'Сидоров Илья',
      city: 'Казань',
      year: 2025,
    });
    expect(res.statusCode).toBe(200);
    const text = flat((await mammoth.extractRawText({ buffer: res.rawPayload })).value);
    expect(text).toContain('РЕФЕРАТ');
    expect(text).toContain('Выполнил(а): студент(ка)');
    expect(text).not.toContain('группы');
    expect(text).not.toContain('по дисциплине');
    expect(text).not.toContain('Проверил(а)');
    expect(text).toContain('Казань 2025');
  });

  it('says «студент» or «студентка» as the profile says, both forms only when it does not', async () => {
    const texts = async (sex: '' | 'male' | 'female') => {
      const customer = await registerCustomer(t.app);
      const headers = bearer(customer.access);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: api.profile.root,
        headers,
        payload: { sex },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const res = await post({ ...fields, format: 'docx' }, headers);
      expect(res.statusCode).toBe(200);
      return flat((await mammoth.extractRawText({ buffer: res.rawPayload })).value);
    };
    const female = await texts('female');
    expect(female).toContain('Выполнила: студентка группы ЭФ-21-03');
    expect(female).not.toContain('студент(ка)');
    expect(female).not.toContain('Выполнил(а)');
    const male = await texts('male');
    expect(male).toContain('Выполнил: студент группы ЭФ-21-03');
    expect(male).not.toContain('студент(ка)');
    expect(male).not.toContain('Выполнил(а)');
    expect(await texts('')).toContain('Выполнил(а): студент(ка) группы ЭФ-21-03');

    // The PDF says the same.
    const customer = await registerCustomer(t.app);
    const headers = bearer(customer.access);
    await t.app.inject({ method: 'PATCH', url: api.profile.root, headers, payload: { sex: 'female' } });
    const pdf = await post({ ...fields, format: 'pdf' }, headers);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    try {
      expect(flat((await parser.getText()).text)).toContain('Выполнила: студентка группы ЭФ-21-03');
    } finally {
      await parser.destroy();
    }
  });

  it('puts quotes inside the «ёлочки» as „лапки“, never «…«…»»', async () => {
    const res = await post({
      ...fields,
      format: 'docx',
      subject: 'Право «Общая часть»',
      topic: 'Учёт в ООО «Ромашка» и АО "Лютик"',
    });
    expect(res.statusCode).toBe(200);
    const text = flat((await mammoth.extractRawText({ buffer: res.rawPayload })).value);
    expect(text).toContain('по дисциплине «Право „Общая часть“»');
    expect(text).toContain('на тему «Учёт в ООО „Ромашка“ и АО „Лютик“»');
    expect(text).not.toContain('««');
    expect(text).not.toContain('»»');
  });

  it('refuses bad input with Russian field errors', async () => {
    const res = await post({
      ...fields,
      format: 'odt',
      university: '   ',
      topic: 'т'.repeat(501),
      year: 1989,
      group: 'г'.repeat(51),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { detail: string; errors: Record<string, string[]> };
    expect(body.errors.format).toEqual([titlePageMessages.format]);
    expect(body.errors.university).toEqual([titlePageMessages.required]);
    expect(body.errors.topic).toEqual([titlePageMessages.tooLong(500)]);
    expect(body.errors.group).toEqual([titlePageMessages.tooLong(50)]);
    expect(body.errors.year).toEqual([titlePageMessages.year]);
    expect(body.detail).toMatch(/[а-яё]/i);

    const late = await post({ ...fields, format: 'pdf', year: 2101 });
    expect(late.statusCode).toBe(400);
    expect((late.json() as { errors: Record<string, string[]> }).errors.year).toEqual([
      titlePageMessages.year,
    ]);

    const missing = await post({ format: 'pdf' });
    expect(missing.statusCode).toBe(400);
    const errors = (missing.json() as { errors: Record<string, string[]> }).errors;
    for (const f of ['university', 'work_type', 'topic', 'student_name', 'city', 'year']) {
      expect(errors[f], f).toBeDefined();
    }
  });

  it('lets the web app frame its own blob: preview, and nothing else from outside', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('requires a signed-in customer', async () => {
    const res = await post({ ...fields, format: 'pdf' }, {});
    expect(res.statusCode).toBe(401);
    expect((res.json() as { detail: string }).detail).toBe(authMessages.notAuthorized);
  });

  it('is rate-limited per address', async () => {
    const limited = await buildTestApp({ RATE_MAX_PER_IP: '2' });
    try {
      const a = bearer((await registerCustomer(limited.app)).access);
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: api.content.titlePage,
          headers: a,
          payload: { ...fields, format: 'docx' },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
