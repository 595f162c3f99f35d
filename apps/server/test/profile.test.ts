import {
  EDUCATION_OPTIONS,
  FinancesSchema,
  ProfileSchema,
  TRAINING_FORM_OPTIONS,
  authMessages,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refresh, userRow } from './email-links';
import {
  PASSWORD,
  bearer,
  buildTestApp,
  latestMail,
  linkIn,
  mailCount,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';

const PROFILE = '/api/client/profile/';
const CHANGE = '/client/api/change-email/request-change/';

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const getProfile = async (access: string) => {
    const res = await t.app.inject({ method: 'GET', url: PROFILE, headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    return ProfileSchema.parse(res.json());
  };

  it('has every field of the spec with empty values for a new customer', async () => {
    const c = await registerCustomer(t.app);
    const p = await getProfile(c.access);
    expect(p).toMatchObject({
      email: c.email,
      fio: '',
      birthday: null,
      sex: '',
      phone: '',
      university: '',
      course: '',
      group_header: '',
      telegram: '',
      is_telegram_contact: false,
      sms_delivery: true,
      email_delivery: true,
      diplom_half_price: { id: 0 },
      diplom_hp_popup: false,
    });
    expect(p.unisender_status.title).toMatch(/рассылк/);
    expect(p.education.map((o) => o.id)).toEqual(EDUCATION_OPTIONS.map((o) => o.id));
    expect(p.education.every((o) => !o.selected)).toBe(true);
    expect(p.training_form.map((o) => o.title)).toEqual(TRAINING_FORM_OPTIONS.map((o) => o.title));
  });

  it('normalises stored values: unset birthdays, phone with +, selected options', async () => {
    const c = await registerCustomer(t.app);
    const set = (values: Record<string, string>) =>
      t.app.database.db.updateTable('users').set(values).where('email', '=', c.email).execute();

    await set({
      birthday: '1970-01-01',
      phone: '79991234567',
      education: 'master',
      training_form: 'extramural,distance',
      sex: 'female',
    });
    let p = await getProfile(c.access);
    expect(p.birthday).toBeNull();
    expect(p.phone).toBe('+79991234567');
    expect(p.sex).toBe('female');
    expect(p.education.filter((o) => o.selected).map((o) => o.id)).toEqual(['master']);
    expect(p.training_form.filter((o) => o.selected).map((o) => o.id)).toEqual(['extramural', 'distance']);

    await set({ birthday: '1996-01-01' });
    expect((await getProfile(c.access)).birthday).toBeNull();
    await set({ birthday: '2001-09-30', sex: 'unknown' });
    p = await getProfile(c.access);
    expect(p.birthday).toBe('2001-09-30');
    expect(p.sex).toBe('');
  });

  it('answers finances as zero money and zero bonus until payments exist', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/profile/status/',
      headers: bearer(c.access),
    });
    expect(res.statusCode).toBe(200);
    expect(FinancesSchema.parse(res.json())).toEqual({ money: 0, bonus: 0 });
  });
});

describe('e-mail change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** `null` leaves the password out of the body. */
  const request = (access: string, email: string, password: string | null = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: CHANGE,
      headers: bearer(access),
      payload: password === null ? { email } : { email, password },
    });

  const cancel = (token: string) =>
    t.app.inject({ method: 'POST', url: '/client/api/change-email/cancel/', payload: { token } });

  /** The token of the stop link in the newest mail to the old address. */
  async function cancelToken(oldAddress: string) {
    const mail = await latestMail(t.app, oldAddress);
    const link = linkIn(mail.text, 'http://localhost:3000/email-change-cancel?token=');
    return new URL(link).searchParams.get('token')!;
  }

  /** A refused link opened in a browser lands on the home page, whose message modal says why. */
  function expectRefusedLink(res: { statusCode: number; headers: Record<string, unknown> }, message: string) {
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.origin + to.pathname).toBe('http://localhost:3000/');
    expect(to.searchParams.get('msg')).toBe(message);
  }

  async function confirmLink(to: string) {
    const link = linkIn(
      (await latestMail(t.app, to)).text,
      'http://localhost:3000/client/api/change-email/confirm/',
    );
    return new URL(link).pathname;
  }

  it('e-mails a confirmation to the new address; following it changes the e-mail once', async () => {
    const c = await registerCustomer(t.app);
    const next = uniqueEmail('new');
    const res = await request(c.access, next.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: authMessages.emailChangeSent });
    const path = await confirmLink(next);

    const follow = await t.app.inject({ method: 'GET', url: path });
    expect(follow.statusCode).toBe(302);
    const location = new URL(String(follow.headers.location));
    expect(location.origin + location.pathname).toBe('http://localhost:3000/profile');
    expect(location.searchParams.get('msg')).toBe(authMessages.emailChanged);

    const profile = ProfileSchema.parse(
      (await t.app.inject({ method: 'GET', url: PROFILE, headers: bearer(c.access) })).json(),
    );
    expect(profile.email).toBe(next);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: next, password: c.password },
    });
    expect(login.statusCode).toBe(200);

    const again = await t.app.inject({ method: 'GET', url: path });
    expectRefusedLink(again, authMessages.linkInvalid);
    expect(
      ProfileSchema.parse(
        (await t.app.inject({ method: 'GET', url: PROFILE, headers: bearer(c.access) })).json(),
      ).email,
    ).toBe(next);
  });

  it('refuses a taken or unchanged address at request time', async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const taken = await request(c.access, other.email);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      detail: authMessages.emailTaken,
      errors: { email: [authMessages.emailTaken] },
    });
    expect(await mailCount(t.app, other.email)).toBe(1); // only its own welcome mail

    const same = await request(c.access, c.email);
    expect(same.statusCode).toBe(400);
    expect((same.json() as { errors: Record<string, string[]> }).errors.email).toEqual([
      authMessages.emailSame,
    ]);

    const broken = await request(c.access, 'broken');
    expect((broken.json() as { errors: Record<string, string[]> }).errors.email).toEqual([
      authMessages.emailInvalid,
    ]);
  });

  it('refuses the link when the address was taken meanwhile', async () => {
    const c = await registerCustomer(t.app);
    const next = uniqueEmail('contested');
    await request(c.access, next);
    const path = await confirmLink(next);
    await registerCustomer(t.app, { email: next });
    const res = await t.app.inject({ method: 'GET', url: path });
    expectRefusedLink(res, authMessages.emailTaken);
  });

  it('refuses an expired link', async () => {
    const c = await registerCustomer(t.app);
    const next = uniqueEmail('late');
    await request(c.access, next);
    const path = await confirmLink(next);
    await t.app.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'email_change')
      .execute();
    const res = await t.app.inject({ method: 'GET', url: path });
    expectRefusedLink(res, authMessages.linkInvalid);
  });

  it('asks for the current password before sending anything', async () => {
    const c = await registerCustomer(t.app);
    const next = uniqueEmail('guarded');
    for (const [password, message] of [
      [null, authMessages.currentPasswordRequired],
      ['', authMessages.currentPasswordRequired],
      ['Ne-Tot-Parol-1', authMessages.currentPasswordWrong],
    ] as const) {
      const res = await request(c.access, next, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: message, errors: { password: [message] } });
    }
    expect(await mailCount(t.app, next)).toBe(0);
    expect(await mailCount(t.app, c.email)).toBe(1); // the welcome mail only
  });

  it('sends a customer without a password a link to set one at the current address instead', async () => {
    const c = await registerCustomer(t.app);
    await t.app.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('email', '=', c.email)
      .execute();
    const next = uniqueEmail('social-only');
    const res = await request(c.access, next, '');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string[]> }).errors.password).toEqual([
      authMessages.passwordNotSet,
    ]);
    expect(await mailCount(t.app, next)).toBe(0);
    linkIn((await latestMail(t.app, c.email)).text, 'http://localhost:3000/change-password/');
  });

  it('tells the old address, whose link stops the change and signs everyone out', async () => {
    const c = await registerCustomer(t.app);
    const next = uniqueEmail('stopped');
    expect((await request(c.access, next)).statusCode).toBe(200);
    const notice = await latestMail(t.app, c.email);
    expect(notice.subject).toBe('Запрошена смена e-mail');
    expect(notice.text).toContain(next);
    const path = await confirmLink(next);

    const stopped = await cancel(await cancelToken(c.email));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ detail: authMessages.emailChangeCancelled });
    const follow = await t.app.inject({ method: 'GET', url: path });
    expectRefusedLink(follow, authMessages.linkInvalid);
    expect((await userRow(t, c.email)).email).toBe(c.email);
    expect((await refresh(t, c.refresh)).statusCode).toBe(401);
  });

  it('refuses a stop link that is unknown, used, or late for a change already made', async () => {
    expect((await cancel('no-such-token')).json()).toEqual({ detail: authMessages.linkInvalid });

    const c = await registerCustomer(t.app);
    const next = uniqueEmail('done');
    await request(c.access, next);
    const token = await cancelToken(c.email);
    expect((await t.app.inject({ method: 'GET', url: await confirmLink(next) })).statusCode).toBe(302);
    expect((await cancel(token)).statusCode).toBe(400);
    expect((await refresh(t, c.refresh)).statusCode).toBe(200);
  });

  it('counts the followed link as proof of the new address', async () => {
    const c = await registerCustomer(t.app);
    const next = uniqueEmail('proved');
    await request(c.access, next);
    expect((await userRow(t, c.email)).email_confirmed_at).toBeNull();
    await t.app.inject({ method: 'GET', url: await confirmLink(next) });
    expect((await userRow(t, next)).email_confirmed_at).not.toBeNull();
  });
});
