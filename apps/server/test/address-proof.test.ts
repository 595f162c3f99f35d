import { authMessages, registrationCancelMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmRegistration, login, refresh, userCount, userRow } from './email-links';
import {
  PASSWORD,
  bearer,
  buildTestApp,
  latestMail,
  linkIn,
  mailCount,
  refreshCookieOf,
  registerCustomer,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { orderBody, placeOrder, workTypes } from './orders-fixtures';

/**
 * Pre-hijacking through the sign-in paths other than social (ADR 025): someone registers the
 * victim's address with a password of theirs and waits. The first proof of the address by a path
 * the registrant did not control takes the account away from them; the registration mail's own
 * confirmation link does not (whoever set the password may be the owner).
 */

const PUBLIC = 'http://localhost:3000';
const NEW_PASSWORD = 'Novyi-Parol-Lipa-7';
const CANCEL_SCREEN = `${PUBLIC}/registration-cancel?token=`;

describe('the first proof of an address takes the account away from its registrant', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every test registers its customers from one address: the registration limit is not the subject.
    t = await buildTestApp({ RATE_MAX_PER_IP: '1000', REGISTRATIONS_PER_IP_HOUR: '1000' });
  });
  afterAll(() => t.close());

  /** The attacker registers the victim's address with a password, and links a network of theirs. */
  async function preHijacked(tag: string) {
    const email = uniqueEmail(tag);
    const attacker = await registerCustomer(t.app, { email });
    const { id } = await userRow(t, email);
    await t.app.database.db
      .insertInto('social_accounts')
      .values({ user_id: id, network: 'vk', subject: `attacker-${id}`, created_at: new Date().toISOString() })
      .execute();
    return { email, id, attacker };
  }

  const socialsOf = async (id: number) =>
    (await t.app.database.db.selectFrom('social_accounts').select('id').where('user_id', '=', id).execute())
      .length;

  async function signInByCode(email: string) {
    await t.app.inject({ method: 'POST', url: '/api/client/auth/login/', payload: { email } });
    const code = /Ваш код для входа: (\d{6})/.exec((await latestMail(t.app, email)).text)?.[1];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/verify/',
      payload: { email, code },
    });
    expect(res.statusCode).toBe(200);
    return res;
  }

  /** An `al` link e-mailed to the address, as the chat digest and registration send them. */
  async function followMailedLink(id: number, email: string) {
    const token = await t.app.authService.createOneTimeToken('auto_login', id, email, 60_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/client/auth/al/', payload: { token } });
    expect(res.statusCode).toBe(200);
    return res;
  }

  async function restore(email: string) {
    await t.app.inject({ method: 'POST', url: '/api/client/auth/password_change/', payload: { email } });
    const link = linkIn((await latestMail(t.app, email)).text, `${PUBLIC}/change-password/`);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/auth/password_change/${link.split('/').at(-2)}/`,
      payload: { password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res;
  }

  it.each([
    ['a code', 'Вход по коду: прежний пароль отключён', (v: { email: string }) => signInByCode(v.email)],
    [
      'an e-mailed sign-in link',
      'Вход по ссылке: прежний пароль отключён',
      (v: { id: number; email: string }) => followMailedLink(v.id, v.email),
    ],
    [
      'a password set from the restore link',
      'Смена пароля: прежний пароль отключён',
      (v: { email: string }) => restore(v.email),
    ],
  ])(
    'by %s: the password, sessions and networks set before it go, and the owner is told',
    async (_, subject, prove) => {
      const victim = await preHijacked('victim');
      const mailsBefore = await mailCount(t.app, victim.email);
      await prove(victim);

      expect((await login(t, victim.email, PASSWORD)).statusCode).toBe(400);
      expect((await refresh(t, victim.attacker.refresh)).statusCode).toBe(401);
      expect(await socialsOf(victim.id)).toBe(0);
      expect((await userRow(t, victim.email)).email_confirmed_at).not.toBeNull();
      const mail = await latestMail(t.app, victim.email);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain('Раньше этот адрес никто не подтверждал');
      expect(await mailCount(t.app, victim.email)).toBeGreaterThan(mailsBefore);
    },
  );

  it('takes nothing away on a second proof: the address is proved by then', async () => {
    const victim = await preHijacked('twice');
    const first = await signInByCode(victim.email);
    const mails = await mailCount(t.app, victim.email);
    await followMailedLink(victim.id, victim.email);
    await signInByCode(victim.email);
    expect((await refresh(t, refreshCookieOf(first)!.value)).statusCode).toBe(200);
    // The code mail only: no second notice.
    expect(await mailCount(t.app, victim.email)).toBe(mails + 1);
  });

  it('keeps a password made up and e-mailed at registration; the registrant’s session goes', async () => {
    const email = uniqueEmail('mailed');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/client/profile/',
      payload: { email, agree: true },
    });
    expect(reg.statusCode).toBe(200);
    const registrantRefresh = refreshCookieOf(reg)!.value;
    const welcome = await latestMail(t.app, email);
    const password = /Ваш пароль: (\S+)/.exec(welcome.text)?.[1];
    const al = new URL(linkIn(welcome.text, `${PUBLIC}/?al=`)).searchParams.get('al');
    const res = await t.app.inject({ method: 'POST', url: '/api/client/auth/al/', payload: { token: al } });
    expect(res.statusCode).toBe(200);

    expect((await refresh(t, registrantRefresh)).statusCode).toBe(401);
    expect((await login(t, email, password!)).statusCode).toBe(200);
    expect((await latestMail(t.app, email)).subject).toBe('Вход по ссылке: прежние сеансы завершены');
  });

  it('does not take anything away when the registration mail’s confirmation link proves the address', async () => {
    const c = await registerCustomer(t.app);
    await confirmRegistration(t, c.email);
    expect((await userRow(t, c.email)).email_confirmed_at).not.toBeNull();
    expect((await login(t, c.email, PASSWORD)).statusCode).toBe(200);
    expect((await refresh(t, c.refresh)).statusCode).toBe(200);
    expect(await mailCount(t.app, c.email)).toBe(1); // the welcome mail only
    // Nor does a later code: the address was proved.
    await signInByCode(c.email);
    expect((await login(t, c.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('the registration mail’s «not me» link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_MAX_PER_IP: '1000', REGISTRATIONS_PER_IP_HOUR: '1000' });
  });
  afterAll(() => t.close());

  async function notMeToken(email: string): Promise<string> {
    const mail = await latestMail(t.app, email);
    expect(mail.text).toContain(`Если вы не регистрировались — нажмите здесь: ${CANCEL_SCREEN}`);
    expect(mail.html).toContain(
      'Если вы не регистрировались — <a href="http://localhost:3000/registration-cancel?token=',
    );
    return new URL(linkIn(mail.text, CANCEL_SCREEN)).searchParams.get('token')!;
  }

  const cancel = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/client/auth/registration_cancel/', payload: { token } });

  it('deletes an account whose address nobody proved, with its data; opening the link alone does nothing', async () => {
    const c = await registerCustomer(t.app);
    const token = await notMeToken(c.email);
    const { id } = await userRow(t, c.email);
    const kinds = await workTypes(t.app, bearer(c.access));
    await placeOrder(t.app, bearer(c.access), orderBody(kinds[0]!));

    // A mail scanner fetching the link gets the screen: nothing is deleted until its button posts.
    await t.app.inject({ method: 'GET', url: `/registration-cancel?token=${token}` });
    expect(await userCount(t, c.email)).toBe(1);

    const res = await cancel(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: registrationCancelMessages.cancelled });
    expect(await userCount(t, c.email)).toBe(0);
    const db = t.app.database.db;
    for (const table of ['orders', 'refresh_tokens', 'one_time_tokens'] as const) {
      const rows = await db.selectFrom(table).select('id').where('user_id', '=', id).execute();
      expect(rows, table).toHaveLength(0);
    }
    expect((await login(t, c.email, PASSWORD)).statusCode).toBe(400);
    expect((await refresh(t, c.refresh)).statusCode).toBe(401);
    // Spent with the account.
    expect((await cancel(token)).json()).toEqual({ detail: authMessages.linkInvalid });
  });

  it('comes with the made-up password’s mail too', async () => {
    const email = uniqueEmail('mailed');
    await t.app.inject({ method: 'POST', url: '/api/client/profile/', payload: { email, agree: true } });
    expect((await cancel(await notMeToken(email))).statusCode).toBe(200);
    expect(await userCount(t, email)).toBe(0);
  });

  it('does nothing to an account whose address was proved', async () => {
    const c = await registerCustomer(t.app);
    const token = await notMeToken(c.email);
    await confirmRegistration(t, c.email);
    const res = await cancel(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: registrationCancelMessages.proved });
    expect(await userCount(t, c.email)).toBe(1);
    expect((await login(t, c.email, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps an account on which money has moved', async () => {
    const c = await registerCustomer(t.app);
    const token = await notMeToken(c.email);
    const { id } = await userRow(t, c.email);
    await t.app.database.db
      .insertInto('ledger_txns')
      .values({ kind: 'replenish', user_id: id, created_at: new Date().toISOString() })
      .execute();
    const res = await cancel(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: registrationCancelMessages.paid });
    expect(await userCount(t, c.email)).toBe(1);
  });

  it('refuses an unknown token', async () => {
    const res = await cancel('no-such-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: authMessages.linkInvalid });
  });
});
