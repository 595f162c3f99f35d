import {
  ProfileSchema,
  api,
  birthdayError,
  normalizeProfilePhone,
  profileMessages,
  type ProfilePatchInput,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

describe('phone normalisation (unit)', () => {
  it.each([
    ['8 916 123-45-67', '+79161234567'],
    ['+7 (916) 123-45-67', '+79161234567'],
    ['79161234567', '+79161234567'],
    ['9161234567', '+79161234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+375 29 123-45-67', '+375291234567'],
    ['+49 30 123456', '+4930123456'],
    ['380441234567', '+380441234567'],
    ['+12025550123', '+12025550123'],
    ['', ''],
    ['  ', ''],
  ])('%s → %s', (input, out) => {
    expect(normalizeProfilePhone(input)).toBe(out);
  });

  it.each([
    '12345',
    '+7 916 123',
    'телефон',
    '+1234567890123456',
    '8 (916) 123-45-67 доб. 5',
    '12+345678901',
  ])('refuses %s', (input) => {
    expect(normalizeProfilePhone(input)).toBeNull();
  });
});

describe('birthday rules (unit)', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('accepts a past day from 1900 on', () => {
    expect(birthdayError('2003-04-12', now)).toBeNull();
    expect(birthdayError('1900-01-01', now)).toBeNull();
    expect(birthdayError('2026-06-14', now)).toBeNull();
  });
  it('refuses the future, today included (spec §5: earlier than now), and before 1900', () => {
    expect(birthdayError('2026-06-16', now)).toBe(profileMessages.birthdayFuture);
    expect(birthdayError('2030-01-01', now)).toBe(profileMessages.birthdayFuture);
    expect(birthdayError('1899-12-31', now)).toBe(profileMessages.birthdayTooOld);
  });
  it('refuses what is not a calendar day', () => {
    for (const v of ['2003-02-30', '12.04.2003', '2003-4-12', 'вчера']) {
      expect(birthdayError(v, now)).toBe(profileMessages.birthdayInvalid);
    }
  });
});

describe('profile fields through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = async (access: string) => {
    const res = await t.app.inject({ method: 'GET', url: api.profile.root, headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    return ProfileSchema.parse(res.json());
  };
  const patch = (access: string, payload: ProfilePatchInput | Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: api.profile.root, headers: bearer(access), payload });

  it('stores a Belarusian and a German phone, with or without their +; refuses a short one in Russian', async () => {
    const c = await registerCustomer(t.app);
    for (const [typed, stored] of [
      ['+375 29 123-45-67', '+375291234567'],
      ['375291234567', '+375291234567'],
      ['+49 30 123456', '+4930123456'],
      ['+49 151 12345678', '+4915112345678'],
    ] as const) {
      const res = await patch(c.access, { phone: typed });
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(c.access)).phone).toBe(stored);
    }
    for (const bad of ['+375 29 123', '+49 1', '+999 123 456 789']) {
      const res = await patch(c.access, { phone: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ errors: { phone: [profileMessages.phoneInvalid] } });
      expect((await get(c.access)).phone).toBe('+4915112345678');
    }
    expect(profileMessages.phoneInvalid).toMatch(/^Введите телефон/);
  });

  it('reads back every writable field after a patch', async () => {
    const c = await registerCustomer(t.app);
    const res = await patch(c.access, {
      fio: '  Иванова   Мария-Луиза ',
      birthday: '2002-09-01',
      email: c.email,
      sex: 'female',
      phone: '8 (916) 123-45-67',
      education: ['bachelor', 'master'],
      university: 'НИУ ВШЭ',
      course: 3,
      group_header: 'БЭК-201',
      training_form: ['extramural'],
      is_telegram_contact: true,
      is_viber_contact: true,
      is_whatsapp_contact: true,
      telegram: 'maria_iv',
      sms_delivery: true,
      email_delivery: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = await get(c.access);
    expect(ProfileSchema.parse(res.json())).toEqual(p);
    expect(p).toMatchObject({
      fio: 'Иванова Мария-Луиза',
      birthday: '2002-09-01',
      email: c.email,
      sex: 'female',
      phone: '+79161234567',
      university: 'НИУ ВШЭ',
      course: '3',
      group_header: 'БЭК-201',
      is_telegram_contact: true,
      is_viber_contact: true,
      is_whatsapp_contact: true,
      telegram: '@maria_iv',
      sms_delivery: true,
      email_delivery: false,
    });
    expect(p.education.filter((o) => o.selected).map((o) => o.id)).toEqual(['bachelor', 'master']);
    expect(p.training_form.filter((o) => o.selected).map((o) => o.id)).toEqual(['extramural']);

    // A partial patch touches only what it sends; empty values clear.
    const again = await patch(c.access, { course: '', education: [], is_viber_contact: false });
    expect(again.statusCode, again.body).toBe(200);
    const q = await get(c.access);
    expect(q).toMatchObject({ course: '', is_viber_contact: false, fio: 'Иванова Мария-Луиза' });
    expect(q.education.some((o) => o.selected)).toBe(false);
  });

  it('reads 1970-01-01 and 1996-01-01 as no birthday, and stores them as none', async () => {
    const c = await registerCustomer(t.app);
    for (const day of ['1970-01-01', '1996-01-01']) {
      expect((await patch(c.access, { birthday: '2000-01-02' })).statusCode).toBe(200);
      const res = await patch(c.access, { birthday: day });
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(c.access)).birthday).toBeNull();
    }
    // And a legacy row holding one reads as not set.
    await t.app.database.db
      .updateTable('users')
      .set({ birthday: '1996-01-01' })
      .where('email', '=', c.email)
      .execute();
    expect((await get(c.access)).birthday).toBeNull();
    expect((await patch(c.access, { birthday: null })).statusCode).toBe(200);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['fio', { fio: 'A' }, profileMessages.fioInvalid],
    ['fio', { fio: 'Иван 2' }, profileMessages.fioInvalid],
    ['fio', { fio: 'Я'.repeat(151) }, profileMessages.fioInvalid],
    ['birthday', { birthday: '2999-01-01' }, profileMessages.birthdayFuture],
    ['birthday', { birthday: '1899-05-05' }, profileMessages.birthdayTooOld],
    ['birthday', { birthday: '31.12.2000' }, profileMessages.birthdayInvalid],
    ['sex', { sex: 'other' }, profileMessages.sexInvalid],
    ['phone', { phone: '12345' }, profileMessages.phoneInvalid],
    ['education.0', { education: ['phd'] }, profileMessages.educationInvalid],
    ['training_form.0', { training_form: ['night'] }, profileMessages.trainingFormInvalid],
    ['university', { university: 'у'.repeat(301) }, profileMessages.universityTooLong],
    ['course', { course: 7 }, profileMessages.courseInvalid],
    ['course', { course: '0' }, profileMessages.courseInvalid],
    ['group_header', { group_header: 'г'.repeat(51) }, profileMessages.groupTooLong],
    ['telegram', { telegram: '@abc' }, profileMessages.telegramInvalid],
    ['telegram', { telegram: '@имя_пользователя' }, profileMessages.telegramInvalid],
    ['is_viber_contact', { is_viber_contact: 'yes' }, profileMessages.flagInvalid],
    ['email', { email: 'other@example.com' }, profileMessages.emailReadOnly],
    ['telegram', { is_telegram_contact: true, telegram: '' }, profileMessages.telegramRequired],
    ['sms_delivery', { sms_delivery: true, phone: '' }, profileMessages.smsNeedsPhone],
  ];

  it.each(bad)(
    'refuses a bad %s with its Russian message and stores nothing',
    async (field, body, message) => {
      const c = await registerCustomer(t.app);
      const before = await get(c.access);
      // A good field beside the bad one must not be stored either.
      const res = await patch(c.access, { university: 'МФТИ', group_header: 'Б01-001', ...body });
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json() as { detail: string; errors: Record<string, string[]> };
      expect(answer.errors[field]).toContain(message);
      expect(answer.detail).toBe(Object.values(answer.errors)[0]?.[0]);
      expect(await get(c.access)).toEqual(before);
    },
  );

  it('takes the e-mail sent back unchanged, in any case', async () => {
    const c = await registerCustomer(t.app);
    const res = await patch(c.access, { email: c.email.toUpperCase(), fio: 'Пётр Петров' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(c.access)).email).toBe(c.email);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: api.profile.root, payload: {} })).statusCode).toBe(
      401,
    );
  });
});
