import { latestMail, linkIn, type TestApp } from './helpers';

/** Helpers for the links the sign-in flows e-mail and the accounts they act on. */

const CONFIRM_SCREEN = 'http://localhost:3000/email-confirm?token=';

/** The token of the newest confirmation link (registration or social e-mail step) sent to an address. */
export async function confirmTokenIn(t: TestApp, to: string): Promise<string> {
  const link = linkIn((await latestMail(t.app, to)).text, CONFIRM_SCREEN);
  return new URL(link).searchParams.get('token')!;
}

export const confirmEmail = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/client/auth/email_confirm/', payload: { token } });

/** Follows the link of the registration mail. */
export async function confirmRegistration(t: TestApp, email: string): Promise<void> {
  const res = await confirmEmail(t, await confirmTokenIn(t, email));
  if (res.statusCode !== 200) throw new Error(`confirmation failed: ${res.statusCode} ${res.body}`);
}

export const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/client/auth/login/', payload: { email, password } });

export const refresh = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client/auth/token/refresh/',
    cookies: { refresh_token: token },
  });

export function userRow(t: TestApp, email: string) {
  return t.app.database.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

export async function userCount(t: TestApp, email: string): Promise<number> {
  const rows = await t.app.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
  return rows.length;
}
