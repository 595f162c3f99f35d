import {
  STAFF_REFRESH_COOKIE_NAME,
  StaffMeSchema,
  StaffTokenSchema,
  api,
  authMessages,
  staffApi,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { STAFF_PASSWORD, createStaff } from './staff-fixtures';

interface Answer {
  statusCode: number;
  cookies: Array<{ name: string; value: string; [k: string]: unknown }>;
  json(): unknown;
}
const cookieOf = (res: Answer) => res.cookies.find((c) => c.name === STAFF_REFRESH_COOKIE_NAME);

describe('staff sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ REFRESH_GRACE_SECONDS: '10' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: staffApi.login, payload: { email, password }, remoteAddress });
  const refresh = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: staffApi.refresh,
      ...(token === undefined ? {} : { cookies: { [STAFF_REFRESH_COOKIE_NAME]: token } }),
    });
  const me = (access: string) => t.app.inject({ method: 'GET', url: staffApi.me, headers: bearer(access) });

  it('signs a manager in: a staff token with the role, and the refresh cookie on its own path', async () => {
    const m = await createStaff(t.app, 'manager');
    const res = await login(m.email.toUpperCase(), STAFF_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = StaffTokenSchema.parse(res.json());
    expect(body.staff).toEqual({ id: m.id, email: m.email, role: 'manager', name: 'Ольга' });
    expect(body.expires_in).toBe(300);
    const claims = JSON.parse(Buffer.from(body.access.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ aud: 'staff', role: 'manager', sub: String(m.id) });
    expect(cookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/staff/auth/' });
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
    const who = await me(body.access);
    expect(who.statusCode).toBe(200);
    expect(StaffMeSchema.parse(who.json())).toEqual(body.staff);
  });

  it('refuses a wrong password and an unknown e-mail alike, with the failures left', async () => {
    const p = await createStaff(t.app, 'performer');
    const wrong = await login(p.email, 'not-the-password', '10.1.0.1');
    const unknown = await login('nobody-staff@example.com', STAFF_PASSWORD, '10.1.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: authMessages.badCredentials, attempts_left: 4 });
      expect(cookieOf(res)).toBeUndefined();
    }
  });

  it('limits failures per e-mail as customer sign-in does (reserved before the check: 5 of 30 verified)', async () => {
    const p = await createStaff(t.app, 'performer');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(p.email, `wrong-${i}`, `10.2.${i}.1`)),
    );
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(25);
    expect(refused[0]!.json()).toEqual({ detail: authMessages.tooManyAttempts });
    // The right password waits too: the e-mail is locked for the window.
    expect((await login(p.email, STAFF_PASSWORD, '10.2.99.1')).statusCode).toBe(429);
  });

  it('keeps staff failures apart from a customer’s with the same e-mail', async () => {
    const p = await createStaff(t.app, 'performer');
    for (let i = 0; i < 5; i += 1) await login(p.email, `wrong-${i}`, `10.3.${i}.1`);
    const customer = await t.app.inject({
      method: 'POST',
      url: api.auth.login,
      payload: { email: p.email, password: 'whatever-pass' },
      remoteAddress: '10.3.9.1',
    });
    expect(customer.statusCode).toBe(400);
  });

  it('rotates the refresh token; a replay after the grace window revokes the family', async () => {
    const p = await createStaff(t.app, 'performer');
    const first = await refresh(p.refresh);
    expect(first.statusCode).toBe(200);
    const body = StaffTokenSchema.parse(first.json());
    expect(body.staff.role).toBe('performer');
    const next = cookieOf(first)!.value;
    expect(next).not.toBe(p.refresh);
    expect((await me(body.access)).statusCode).toBe(200);

    // A second tab with the old token within the grace window gets the same successor.
    const twin = await refresh(p.refresh);
    expect(twin.statusCode).toBe(200);
    expect(cookieOf(twin)!.value).toBe(next);

    await t.app.database.db
      .updateTable('staff_refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000).toISOString() })
      .where('staff_id', '=', p.id)
      .where('rotated_at', 'is not', null)
      .execute();
    const replay = await refresh(p.refresh);
    expect(replay.statusCode).toBe(401);
    expect(cookieOf(replay)?.value).toBe('');
    // The whole family went: the successor is refused too.
    expect((await refresh(next)).statusCode).toBe(401);
    const rows = await t.app.database.db
      .selectFrom('staff_refresh_tokens')
      .select(['revoked_at', 'token_hash'])
      .where('staff_id', '=', p.id)
      .execute();
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(p.refresh);
  });

  it('never takes a customer’s refresh cookie or a staff one at the customer’s door', async () => {
    const p = await createStaff(t.app, 'performer');
    const atCustomers = await t.app.inject({
      method: 'POST',
      url: api.auth.refresh,
      cookies: { refresh_token: p.refresh },
    });
    expect(atCustomers.statusCode).toBe(401);
    expect((await refresh(p.refresh)).statusCode).toBe(200);
  });

  it('logs out: the family is revoked and the cookie cleared', async () => {
    const m = await createStaff(t.app, 'manager');
    const res = await t.app.inject({
      method: 'POST',
      url: staffApi.logout,
      cookies: { [STAFF_REFRESH_COOKIE_NAME]: m.refresh },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: authMessages.loggedOut });
    expect(cookieOf(res)?.value).toBe('');
    expect((await refresh(m.refresh)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: staffApi.logout })).statusCode).toBe(200);
  });

  it('refuses cross-site refreshes and logouts', async () => {
    const m = await createStaff(t.app, 'manager');
    for (const url of [staffApi.refresh, staffApi.logout]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        cookies: { [STAFF_REFRESH_COOKIE_NAME]: m.refresh },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await refresh(m.refresh)).statusCode).toBe(200);
  });

  it('lets a deactivated member neither sign in nor refresh', async () => {
    const p = await createStaff(t.app, 'performer', { is_active: 0 });
    const res = await login(p.email, STAFF_PASSWORD, '10.4.0.1');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { detail: string }).detail).toBe(authMessages.badCredentials);
    expect((await refresh(p.refresh)).statusCode).toBe(401);
    expect((await me(p.auth.authorization.slice(7))).statusCode).toBe(401);
  });
});

describe('staff device cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Registers customers from one address below: the registration limit is not the subject.
    t = await buildTestApp({ RATE_MAX_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: staffApi.login,
      payload: { email, password },
      remoteAddress,
      ...(device ? { cookies: { staff_device: device } } : {}),
    });

  /** The manager's browser after a sign-in: the staff device cookie it keeps. */
  async function managersBrowser(email: string, ip: string) {
    const res = await login(email, STAFF_PASSWORD, ip);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'staff_device');
    if (!cookie) throw new Error('no staff device cookie');
    return cookie;
  }

  it('lets the manager’s own browser in after a stranger’s five wrong passwords; any other browser waits', async () => {
    const m = await createStaff(t.app, 'manager');
    const device = await managersBrowser(m.email, '10.6.0.1');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/staff/auth/' });
    for (let i = 0; i < 5; i += 1) {
      expect((await login(m.email, `wrong-${i}`, `10.6.1.${i + 1}`)).statusCode).toBe(400);
    }
    expect((await login(m.email, STAFF_PASSWORD, '10.6.2.1')).statusCode).toBe(429);
    expect((await login(m.email, STAFF_PASSWORD, '10.6.0.1', device.value)).statusCode).toBe(200);
    // The manager's sign-in does not give the stranger a fresh budget.
    expect((await login(m.email, 'wrong-again', '10.6.1.9')).statusCode).toBe(429);
  });

  it('does not take a customer’s device cookie for a staff one, even naming the same number', async () => {
    const m = await createStaff(t.app, 'manager');
    // Customers and staff are numbered apart: register customers until one has the manager's id.
    let customerDevice: string | undefined;
    for (let i = 0; i < m.id + 5 && !customerDevice; i += 1) {
      const c = await registerCustomer(t.app);
      const signIn = await t.app.inject({
        method: 'POST',
        url: api.auth.login,
        payload: { email: c.email, password: c.password },
        remoteAddress: '10.7.0.1',
      });
      const id = await t.app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', c.email)
        .executeTakeFirstOrThrow();
      if (id.id === m.id) customerDevice = signIn.cookies.find((k) => k.name === 'device')?.value;
    }
    expect(customerDevice).toBeTruthy();
    for (let i = 0; i < 5; i += 1) await login(m.email, `wrong-${i}`, `10.7.1.${i + 1}`);
    expect((await login(m.email, STAFF_PASSWORD, '10.7.0.1', customerDevice)).statusCode).toBe(429);
  });
});
