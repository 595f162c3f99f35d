import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EmailConfirmResponseSchema,
  ProfileSchema,
  SocialLinksResponseSchema,
  TokensResponseSchema,
  authMessages,
} from '@cabinet/contract';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapUserInfo } from '../src/modules/socials/providers';
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
import {
  confirmEmail,
  confirmRegistration,
  confirmTokenIn as socialConfirmToken,
  login,
  refresh,
  userCount,
  userRow,
} from './email-links';

const PUBLIC = 'http://localhost:3000';

describe('social sign-in against a real OAuth 2.0 server', () => {
  let oauth: OAuth2Server;
  let t: TestApp;
  let googleEnv: Record<string, string>;

  beforeAll(async () => {
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    const issuer = oauth.issuer.url!;
    googleEnv = {
      OAUTH_GOOGLE_CLIENT_ID: 'cabinet-client',
      OAUTH_GOOGLE_CLIENT_SECRET: 'cabinet-secret',
      OAUTH_GOOGLE_AUTH_URL: `${issuer}/authorize`,
      OAUTH_GOOGLE_TOKEN_URL: `${issuer}/token`,
      OAUTH_GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    };
    t = await buildTestApp(googleEnv);
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
  async function signInWithGoogle(
    opts: { tamperState?: boolean; dropCookie?: boolean; cookies?: Record<string, string> } = {},
    app = t.app,
  ) {
    const start = await app.inject({ method: 'GET', url: '/client/api/socials/start/google/' });
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
    const callback = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { ...opts.cookies, ...(opts.dropCookie ? {} : { social_oauth: flow!.value }) },
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

  async function autoLoginResponse(location: URL) {
    const token = location.searchParams.get('al');
    const res = await t.app.inject({ method: 'POST', url: '/api/client/auth/al/', payload: { token } });
    expect(res.statusCode).toBe(200);
    return res;
  }

  it('counts an account made through a network against the address’s accounts an hour, as a registration', async () => {
    const limited = await buildTestApp({ ...googleEnv, REGISTRATIONS_PER_IP_HOUR: '1' });
    try {
      const first = uniqueEmail('net-first');
      nextUserInfo({ sub: `g-${Math.random()}`, email: first, email_verified: true });
      expect((await signInWithGoogle({}, limited.app)).searchParams.get('al')).toBeTruthy();
      expect(await userCount(limited, first)).toBe(1);

      // The second new account from the same address within the hour: /login says why, in Russian.
      const second = uniqueEmail('net-second');
      nextUserInfo({ sub: `g-${Math.random()}`, email: second, email_verified: true });
      const refused = await signInWithGoogle({}, limited.app);
      expect(refused.pathname).toBe('/login');
      expect(refused.searchParams.get('msg')).toMatch(/[а-яё]/i);
      expect(await userCount(limited, second)).toBe(0);

      // The one already made still signs in through its network: the limit is on new accounts.
      nextUserInfo({ sub: `g-${Math.random()}`, email: first, email_verified: true });
      expect((await signInWithGoogle({}, limited.app)).searchParams.get('al')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

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
    // Nobody asked for consent to advertising on this path: not subscribed.
    expect(profile.unisender_status.id).toBe(0);

    // Next time the same Google account signs in to the same customer, whatever e-mail it reports.
    nextUserInfo({ sub, email: uniqueEmail('changed'), email_verified: true });
    const again = await autoLogin(await signInWithGoogle());
    expect(again.id).toBe(profile.id);
  });

  it('records the tracking cookies on a customer it creates, and not on a later sign-in', async () => {
    const email = uniqueEmail('google-utm');
    const sub = `g-${Math.random()}`;
    nextUserInfo({ sub, email, email_verified: true });
    const cookies = { utm: 'utm_campaign=social', admitad_uid: 'abc123', landing: 'https://example.com/x' };
    const profile = await autoLogin(await signInWithGoogle({ cookies }));
    const attribution = () =>
      t.app.database.db
        .selectFrom('users')
        .select(['referrer', 'landing', 'campaign', 'affiliate_uid'])
        .where('id', '=', profile.id)
        .executeTakeFirstOrThrow();
    const expected = {
      referrer: null,
      landing: 'https://example.com/x',
      campaign: 'utm_campaign=social',
      affiliate_uid: 'abc123',
    };
    expect(await attribution()).toEqual(expected);
    nextUserInfo({ sub, email, email_verified: true });
    await autoLogin(await signInWithGoogle({ cookies: { utm: 'utm_campaign=later' } }));
    expect(await attribution()).toEqual(expected);
  });

  it('links a customer who proved their e-mail, keeping their password and sessions', async () => {
    const c = await registerCustomer(t.app);
    await confirmRegistration(t, c.email);
    nextUserInfo({ sub: `g-${Math.random()}`, email: c.email, email_verified: true });
    const profile = await autoLogin(await signInWithGoogle());
    expect(profile.email).toBe(c.email);
    expect(await userCount(t, c.email)).toBe(1);
    expect((await login(t, c.email, PASSWORD)).statusCode).toBe(200);
    expect((await refresh(t, c.refresh)).statusCode).toBe(200);
    expect(await mailCount(t.app, c.email)).toBe(1); // the welcome mail only
  });

  it('takes an account registered in wait for its owner away from the registrant (pre-hijacking)', async () => {
    // The attacker registers the victim's address with a password of theirs, and keeps a session
    // and a pending change of the address to their own.
    const victimEmail = uniqueEmail('victim');
    const attacker = await registerCustomer(t.app, { email: victimEmail });
    const attackerEmail = uniqueEmail('attacker');
    const change = await t.app.inject({
      method: 'POST',
      url: '/client/api/change-email/request-change/',
      headers: bearer(attacker.access),
      payload: { email: attackerEmail, password: PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    const changeLink = linkIn(
      (await latestMail(t.app, attackerEmail)).text,
      `${PUBLIC}/client/api/change-email/confirm/`,
    );

    // The victim signs in with Google, which vouches for the address.
    nextUserInfo({ sub: `g-${Math.random()}`, email: victimEmail, email_verified: true });
    const profile = await autoLogin(await signInWithGoogle());
    expect(profile.email).toBe(victimEmail);

    expect((await login(t, victimEmail, PASSWORD)).statusCode).toBe(400);
    expect((await refresh(t, attacker.refresh)).statusCode).toBe(401);
    const follow = await t.app.inject({ method: 'GET', url: new URL(changeLink).pathname });
    // Refused: the browser is sent home with the reason, and the address stays the victim's.
    expect(follow.statusCode).toBe(302);
    expect(new URL(String(follow.headers.location)).searchParams.get('msg')).toBe(authMessages.linkInvalid);
    const mail = await latestMail(t.app, victimEmail);
    expect(mail.subject).toBe('Вход через соцсеть: прежний пароль отключён');
    expect(mail.text).toContain(`${PUBLIC}/change-password/`);
    const row = await userRow(t, victimEmail);
    expect(row.password_hash).toBeNull();
    expect(row.email_confirmed_at).not.toBeNull();
  });

  it('does not take away anything on the next sign-in: the address is proved by then', async () => {
    const email = uniqueEmail('twice');
    await registerCustomer(t.app, { email });
    const sub = `g-${Math.random()}`;
    nextUserInfo({ sub, email, email_verified: true });
    await autoLogin(await signInWithGoogle());
    const mails = await mailCount(t.app, email);

    nextUserInfo({ sub: `g-other-${Math.random()}`, email, email_verified: true });
    const first = await autoLoginResponse(await signInWithGoogle());
    nextUserInfo({ sub, email, email_verified: true });
    await autoLogin(await signInWithGoogle());
    expect((await refresh(t, refreshCookieOf(first)!.value)).statusCode).toBe(200);
    expect(await mailCount(t.app, email)).toBe(mails);
  });

  it('asks for an e-mail when the provider gives none; a link e-mailed to it finishes the sign-in', async () => {
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
    expect(res.json()).toEqual({ detail: authMessages.socialEmailSent });
    expect(refreshCookieOf(res)).toBeUndefined();
    expect(await userCount(t, email)).toBe(0);

    const confirmToken = await socialConfirmToken(t, email);
    const confirmed = await confirmEmail(t, confirmToken);
    expect(confirmed.statusCode).toBe(200);
    const body = EmailConfirmResponseSchema.parse(confirmed.json());
    expect(body.detail).toBe(authMessages.socialEmailConfirmed);
    expect(refreshCookieOf(confirmed)?.value).toBeTruthy();
    const profile = ProfileSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/client/profile/',
          headers: bearer(body.tokens!.access),
        })
      ).json(),
    );
    expect(profile).toMatchObject({ email, fio: 'Без Почты' });
    expect((await userRow(t, email)).email_confirmed_at).not.toBeNull();

    // Used up.
    const reuse = await confirmEmail(t, confirmToken);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ detail: authMessages.linkInvalid });

    // And the account is linked: the next sign-in goes straight in.
    nextUserInfo({ sub });
    expect((await autoLogin(await signInWithGoogle())).id).toBe(profile.id);
  });

  it('sends the e-mail step to the e-mail step when Google does not say the address is verified', async () => {
    const c = await registerCustomer(t.app);
    await confirmRegistration(t, c.email);
    for (const claim of [{ email_verified: false }, { email_verified: 'false' }, {}]) {
      nextUserInfo({ sub: `g-${Math.random()}`, email: c.email, ...claim });
      const location = await signInWithGoogle();
      expect(location.pathname).toBe('/socials-email-auth');
    }
    const links = await t.app.database.db
      .selectFrom('social_accounts')
      .innerJoin('users', 'users.id', 'social_accounts.user_id')
      .select('social_accounts.id')
      .where('users.email', '=', c.email)
      .execute();
    expect(links).toHaveLength(0);
  });

  it('joins an account by a typed e-mail only when its owner follows the link', async () => {
    const victim = await registerCustomer(t.app);
    const sub = `g-${Math.random()}`;
    nextUserInfo({ sub });
    const token = (await signInWithGoogle()).searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token, email: victim.email },
    });
    // The same answer as for a new address: the step does not tell who has an account.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: authMessages.socialEmailSent });
    expect((await login(t, victim.email, PASSWORD)).statusCode).toBe(200);
    expect((await refresh(t, victim.refresh)).statusCode).toBe(200);

    // The pending token survives, so the person can give another address.
    const other = await t.app.inject({
      method: 'POST',
      url: '/client/api/socials/profile/',
      payload: { token, email: uniqueEmail('other') },
    });
    expect(other.statusCode).toBe(200);

    // The owner follows the link: the network joins their account, which had never proved its
    // address, so whatever its registrant held is taken away as on a verified sign-in.
    const confirmed = await confirmEmail(t, await socialConfirmToken(t, victim.email));
    expect(confirmed.statusCode).toBe(200);
    const profile = ProfileSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/client/profile/',
          headers: bearer(EmailConfirmResponseSchema.parse(confirmed.json()).tokens!.access),
        })
      ).json(),
    );
    expect(profile.email).toBe(victim.email);
    expect((await login(t, victim.email, PASSWORD)).statusCode).toBe(400);
    nextUserInfo({ sub });
    expect((await autoLogin(await signInWithGoogle())).id).toBe(profile.id);
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

describe('VK and Yandex e-mails are never taken as verified', () => {
  let oauth: OAuth2Server;
  let vkUserInfo: Server;
  let vkAnswer: unknown = {};
  let t: TestApp;

  beforeAll(async () => {
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    const issuer = oauth.issuer.url!;
    // VK ID posts for its user info, which the mock server answers only to GET.
    vkUserInfo = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(vkAnswer));
    });
    await new Promise<void>((resolve) => vkUserInfo.listen(0, '127.0.0.1', resolve));
    const vkPort = (vkUserInfo.address() as AddressInfo).port;
    t = await buildTestApp({
      OAUTH_YANDEX_CLIENT_ID: 'cabinet-client',
      OAUTH_YANDEX_CLIENT_SECRET: 'cabinet-secret',
      OAUTH_YANDEX_AUTH_URL: `${issuer}/authorize`,
      OAUTH_YANDEX_TOKEN_URL: `${issuer}/token`,
      OAUTH_YANDEX_USERINFO_URL: `${issuer}/userinfo`,
      OAUTH_VK_CLIENT_ID: 'cabinet-client',
      OAUTH_VK_CLIENT_SECRET: 'cabinet-secret',
      OAUTH_VK_AUTH_URL: `${issuer}/authorize`,
      OAUTH_VK_TOKEN_URL: `${issuer}/token`,
      OAUTH_VK_USERINFO_URL: `http://127.0.0.1:${vkPort}/user_info`,
    });
  });
  afterAll(async () => {
    await t.close();
    await oauth.stop();
    await new Promise((resolve) => vkUserInfo.close(resolve));
  });

  async function signIn(network: 'vk' | 'yandex') {
    const start = await t.app.inject({ method: 'GET', url: `/client/api/socials/start/${network}/` });
    const flow = start.cookies.find((c) => c.name === 'social_oauth')!;
    const provider = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { social_oauth: flow.value },
    });
    return new URL(String(callback.headers.location));
  }

  it.each([
    ['yandex', (email: string) => ({ id: `y-${Math.random()}`, default_email: email })],
    ['yandex', (email: string) => ({ sub: `y-${Math.random()}`, email, email_verified: true })],
    ['vk', (email: string) => ({ user: { user_id: `v-${Math.random()}`, email } })],
    ['vk', (email: string) => ({ sub: `v-${Math.random()}`, email, email_verified: true })],
  ] as const)('%s: an existing customer’s address goes to the e-mail step (%#)', async (network, answer) => {
    const c = await registerCustomer(t.app);
    await confirmRegistration(t, c.email);
    if (network === 'vk') vkAnswer = answer(c.email);
    else oauth.service.once('beforeUserinfo', (res) => void (res.body = answer(c.email)));
    const location = await signIn(network);
    expect(location.pathname).toBe('/socials-email-auth');
    expect((await login(t, c.email, PASSWORD)).statusCode).toBe(200);
  });

  it('yandex: a new address creates no account until it is proved', async () => {
    const email = uniqueEmail('yandex');
    oauth.service.once(
      'beforeUserinfo',
      (res) => void (res.body = { id: `y-${Math.random()}`, default_email: email }),
    );
    const location = await signIn('yandex');
    expect(location.pathname).toBe('/socials-email-auth');
    expect(await userCount(t, email)).toBe(0);
  });
});

describe('user-info mappers', () => {
  it('read Google (OIDC), Yandex and VK ID shapes', () => {
    expect(
      mapUserInfo('google', { sub: '1', email: 'A@Example.com', name: 'Анна', email_verified: true }),
    ).toEqual({
      subject: '1',
      email: 'a@example.com',
      emailVerified: true,
      name: 'Анна',
    });
    expect(mapUserInfo('yandex', { id: '77', default_email: 'y@ya.ru', real_name: 'Юрий Яндексов' })).toEqual(
      {
        subject: '77',
        email: 'y@ya.ru',
        emailVerified: false,
        name: 'Юрий Яндексов',
      },
    );
    expect(
      mapUserInfo('vk', {
        user: { user_id: 42, email: 'v@vk.com', first_name: 'Вера', last_name: 'Кузина' },
      }),
    ).toEqual({ subject: '42', email: 'v@vk.com', emailVerified: false, name: 'Вера Кузина' });
  });

  it('fall back to the OIDC shape and drop missing or malformed e-mails', () => {
    expect(
      mapUserInfo('vk', { sub: 's', email: 'o@example.com', name: 'OIDC', email_verified: true }),
    ).toEqual({
      subject: 's',
      email: 'o@example.com',
      emailVerified: false,
      name: 'OIDC',
    });
    expect(mapUserInfo('yandex', { id: 5, default_email: 'not-an-email' })).toEqual({
      subject: '5',
      email: null,
      emailVerified: false,
      name: '',
    });
    expect(mapUserInfo('google', { email: 'x@example.com' })).toBeNull();
  });

  it('take only an explicit yes from Google as a verified e-mail', () => {
    const google = (claim: Record<string, unknown>) =>
      mapUserInfo('google', { sub: '1', email: 'a@example.com', ...claim })?.emailVerified;
    expect(google({ email_verified: true })).toBe(true);
    expect(google({ email_verified: 'true' })).toBe(true);
    expect(google({})).toBe(false);
    expect(google({ email_verified: false })).toBe(false);
    expect(google({ email_verified: 'false' })).toBe(false);
    expect(google({ email_verified: 1 })).toBe(false);
    expect(google({ email_verified: 'yes' })).toBe(false);
    expect(mapUserInfo('google', { sub: '1', email_verified: true })?.emailVerified).toBe(false);
  });
});
