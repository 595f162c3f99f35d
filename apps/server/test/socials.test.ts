import {
  ProfileSchema,
  SocialLinksResponseSchema,
  TokensResponseSchema,
  authMessages,
} from '@cabinet/contract';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapUserInfo } from '../src/modules/socials/providers';
import { PASSWORD, bearer, buildTestApp, registerCustomer, uniqueEmail, type TestApp } from './helpers';

const PUBLIC = 'http://localhost:3000';

describe('social sign-in against a real OAuth 2.0 server', () => {
  let oauth: OAuth2Server;
  let t: TestApp;

  beforeAll(async () => {
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    const issuer = oauth.issuer.url!;
    t = await buildTestApp({
      OAUTH_GOOGLE_CLIENT_ID: 'cabinet-client',
      OAUTH_GOOGLE_CLIENT_SECRET: 'cabinet-secret',
      OAUTH_GOOGLE_AUTH_URL: `${issuer}/authorize`,
      OAUTH_GOOGLE_TOKEN_URL: `${issuer}/token`,
      OAUTH_GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    });
  });
  afterAll(async () => {
    await t.close();
    await oauth.stop();
  });

  /** The provider's next user-info answer. */
  function nextUserInfo(body: Record<string, unknown>) {
    oauth.service.once('beforeUserinfo', (res) => {
      res.body = body;
    });
  }

  /** Runs the browser's part: start → provider → callback; returns where the callback sends it. */
  async function signInWithGoogle(opts: { tamperState?: boolean; dropCookie?: boolean } = {}) {
    const start = await t.app.inject({ method: 'GET', url: '/client/api/socials/start/google/' });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/client/api/socials/callback/google/`);
    const flow = start.cookies.find((c) => c.name === 'social_oauth');
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/client/api/socials/' });

    const provider = await fetch(authorize, { redirect: 'manual' });
    expect(provider.status).toBe(302);
    const back = new URL(provider.headers.get('location')!);
    if (opts.tamperState) back.searchParams.set('state', 'forged');
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: opts.dropCookie ? {} : { social_oauth: flow!.value },
    });
    expect(callback.statusCode).toBe(302);
    const cleared = callback.cookies.find((c) => c.name === 'social_oauth');
    expect(cleared?.value).toBe('');
    return new URL(String(callback.headers.location));
  }

  async function autoLogin(location: URL) {
    expect(location.origin + location.pathname).toBe(`${PUBLIC}/`);
    const token = location.searchParams.get('al');
    expect(token).toBeTruthy();
    const res = await t.app.inject({ method: 'POST', url: '/api/client/auth/al/', payload: { token } });
    expect(res.statusCode).toBe(200);
    const { tokens } = TokensResponseSchema.parse(res.json());
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/client/profile/',
      headers: bearer(tokens.access),
    });
    return ProfileSchema.parse(profile.json());
  }

  it('lists vk, google, yandex in order with links only for configured networks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/client/api/socials/links/' });
    expect(res.statusCode).toBe(200);
    expect(SocialLinksResponseSchema.parse(res.json())).toEqual([
      { link: '', network_name: 'vk' },
      { link: `${PUBLIC}/client/api/socials/start/google/`, network_name: 'google' },
      { link: '', network_name: 'yandex' },
    ]);
  });

  it('does not start an unconfigured network', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/client/api/socials/start/vk/' });
    expect(res.statusCode).toBe(404);
  });

  it('creates a customer from the provider’s e-mail and signs them in; the account is linked', async () => {
    const email = uniqueEmail('google');
    const sub = `g-${Math.random()}`;
    nextUserInfo({ sub, email, name: 'Мария Соколова', email_verified: true });
    const profile = await autoLogin(await signInWithGoogle());
    expect(profile).toMatchObject({ email, fio: 'Мария Соколова' });

    // Next time the same Google account signs in to the same customer, whatever e-mail it reports.
    nextUserInfo({ sub, email: uniqueEmail('changed'), email_verified: true });
    const again = await autoLogin(await signInWithGoogle());
    expect(again.id).toBe(profile.id);
  });

  it('links to the existing customer with the provider’s verified e-mail', async () => {
    const c = await registerCustomer(t.app);
    nextUserInfo({ sub: `g-${Math.random()}`, email: c.email, email_verified: true });
    const profile = await autoLogin(await signInWithGoogle());
    expect(profile.email).toBe(c.email);
    const users = await t.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', c.email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('asks for an e-mail when the provider gives none, then finishes with POST socials/profile', async () => {
    const sub = `g-${Math.random()}`;
    nextUserInfo({ sub, name: 'Без Почты' });
    const location = await signInWithGoogle();
    expect(location.origin + location.pathname).toBe(`${PUBLIC}/socials-email-auth`);
    const token = location.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const email = uniqueEmail('added');
    const res = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token, email },
    });
    expect(res.statusCode).toBe(200);
    const { tokens } = TokensResponseSchema.parse(res.json());
    expect(res.cookies.find((c) => c.name === 'refresh_token')?.value).toBeTruthy();
    const profile = ProfileSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/client/profile/', headers: bearer(tokens.access) })
      ).json(),
    );
    expect(profile).toMatchObject({ email, fio: 'Без Почты' });

    // Used up: the same token is now refused with the token-only body.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token, email },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ token: [authMessages.socialTokenInvalid] });

    // And the account is linked: the next sign-in goes straight in.
    nextUserInfo({ sub });
    expect((await autoLogin(await signInWithGoogle())).id).toBe(profile.id);
  });

  it('does not treat an e-mail the provider marks unverified as proof of ownership', async () => {
    const c = await registerCustomer(t.app);
    nextUserInfo({ sub: `g-${Math.random()}`, email: c.email, email_verified: false });
    const location = await signInWithGoogle();
    expect(location.pathname).toBe('/socials-email-auth');
  });

  it('refuses to attach a social account to someone else’s e-mail without their password', async () => {
    const victim = await registerCustomer(t.app);
    nextUserInfo({ sub: `g-${Math.random()}` });
    const token = (await signInWithGoogle()).searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token, email: victim.email },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: authMessages.socialEmailTaken,
      errors: { email: [authMessages.socialEmailTaken] },
    });
    // The token survives the refusal, so the person can give another address.
    const other = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token, email: uniqueEmail('other') },
    });
    expect(other.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: victim.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers a bad or expired pending token with {token: [...]} and no detail', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token: 'no-such-token', email: uniqueEmail() },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ token: [authMessages.socialTokenInvalid] });

    nextUserInfo({ sub: `g-${Math.random()}` });
    const token = (await signInWithGoogle()).searchParams.get('token')!;
    await t.app.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'social_pending')
      .execute();
    const expired = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token, email: uniqueEmail() },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ token: [authMessages.socialTokenInvalid] });
  });

  it('validates the e-mail of socials/profile with the usual field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token: 'x', email: 'broken' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string[]> }).errors.email).toEqual([
      authMessages.emailInvalid,
    ]);
  });

  it('sends the browser to /login with a message on a forged state or a lost cookie', async () => {
    for (const opts of [{ tamperState: true }, { dropCookie: true }]) {
      nextUserInfo({ sub: 'never-used', email: uniqueEmail(), email_verified: true });
      const location = await signInWithGoogle(opts);
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('msg')).toBe(authMessages.socialFailed);
      oauth.service.removeAllListeners('beforeUserinfo');
    }
  });

  it('sends the browser to /login when the provider refuses the code', async () => {
    oauth.service.once('beforeResponse', (res) => {
      res.statusCode = 400;
      res.body = { error: 'invalid_grant' };
    });
    const location = await signInWithGoogle();
    expect(location.searchParams.get('msg')).toBe(authMessages.socialFailed);
  });
});

describe('user-info mappers', () => {
  it('read Google (OIDC), Yandex and VK ID shapes', () => {
    expect(
      mapUserInfo('google', { sub: '1', email: 'A@Example.com', name: 'Анна', email_verified: true }),
    ).toEqual({
      subject: '1',
      email: 'a@example.com',
      name: 'Анна',
    });
    expect(mapUserInfo('yandex', { id: '77', default_email: 'y@ya.ru', real_name: 'Юрий Яндексов' })).toEqual(
      {
        subject: '77',
        email: 'y@ya.ru',
        name: 'Юрий Яндексов',
      },
    );
    expect(
      mapUserInfo('vk', {
        user: { user_id: 42, email: 'v@vk.com', first_name: 'Вера', last_name: 'Кузина' },
      }),
    ).toEqual({ subject: '42', email: 'v@vk.com', name: 'Вера Кузина' });
  });

  it('fall back to the OIDC shape and drop missing or malformed e-mails', () => {
    expect(mapUserInfo('vk', { sub: 's', email: 'o@example.com', name: 'OIDC' })).toEqual({
      subject: 's',
      email: 'o@example.com',
      name: 'OIDC',
    });
    expect(mapUserInfo('yandex', { id: 5, default_email: 'not-an-email' })).toEqual({
      subject: '5',
      email: null,
      name: '',
    });
    expect(mapUserInfo('google', { email: 'x@example.com' })).toBeNull();
  });
});
