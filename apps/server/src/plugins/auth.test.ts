import { authMessages } from '@cabinet/contract';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { createHmac, createSecretKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from '../../test/helpers';
import { VerifiedTokens, verifyHs256 } from './auth';

describe('HEAD requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // Fastify answers HEAD on every GET route with the GET handler; it used to run without the
  // token check (as user 0), the one way around the default-deny rule.
  it('need a token wherever the GET does', async () => {
    const closed = t.app.apiRoutes.filter((r) => r.method === 'GET' && !r.isPublic);
    expect(closed.length).toBeGreaterThanOrEqual(5);
    for (const route of closed) {
      const url = route.url.replace(/:[a-z_]+/gi, '1');
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, `HEAD ${route.url}`).toBe(401);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/client/orders/1/' });
    expect(res.json()).toEqual({ detail: authMessages.notAuthorized });
  });

  it('stay open where the GET is public, and answer a signed-in customer', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health/' })).statusCode).toBe(200);
    const auth = bearer((await registerCustomer(t.app)).access);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/client/orders/?tab=active', headers: auth });
    const get = await t.app.inject({ method: 'GET', url: '/api/client/orders/?tab=active', headers: auth });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('are not listed as endpoints of their own', () => {
    expect(t.app.apiRoutes.some((r) => r.method === 'HEAD')).toBe(false);
  });
});

describe('verifyHs256 with a key object', () => {
  const SECRET = 'a-test-secret-of-reasonable-length-0123456789';
  const NOW = 1_800_000_000;
  const forge = (header: unknown, claims: unknown) => {
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const input = `${part(header)}.${part(claims)}`;
    return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
  };

  it('decides as with the raw key, for our own header and any other spelling of it', async () => {
    const tokens = [
      await new SignJWT({ sub: '7' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(NOW + 60)
        .sign(new TextEncoder().encode(SECRET)),
      forge({ typ: 'JWT', alg: 'HS256' }, { sub: '7', exp: NOW + 60 }),
      forge({ alg: 'HS256' }, { sub: '7', exp: NOW + 60 }),
      forge({ alg: 'none', typ: 'JWT' }, { sub: '7', exp: NOW + 60 }),
      forge({ alg: 'HS256', typ: 'JWT', crit: ['x'] }, { sub: '7', exp: NOW + 60 }),
      forge({ alg: 'HS256', typ: 'JWT' }, { sub: '7', exp: NOW - 1 }),
    ];
    // Our header, with a signature made by another key.
    tokens.push(`${tokens[0]!.slice(0, tokens[0]!.lastIndexOf('.'))}.${'A'.repeat(43)}`);
    const raw = Buffer.from(SECRET, 'utf8');
    const keyObject = createSecretKey(raw);
    const decisions = tokens.map((token) => verifyHs256(token, keyObject, NOW));
    expect(decisions).toEqual(tokens.map((token) => verifyHs256(token, raw, NOW)));
    expect(decisions.map((claims) => claims !== null)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('VerifiedTokens', () => {
  const SECRET = 'a-test-secret-of-reasonable-length-0123456789';
  const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
  const NOW = 1_800_000_000;
  const forge = (claims: unknown, secret = SECRET, header: unknown = { alg: 'HS256', typ: 'JWT' }) => {
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const input = `${part(header)}.${part(claims)}`;
    return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  };
  /** What the check without memory decides, as `userIdOf` reports it. */
  const uncached = (token: string, now: number) => {
    const claims = verifyHs256(token, key, now);
    const id = Number(claims?.sub);
    return claims && Number.isSafeInteger(id) && id > 0 ? id : null;
  };

  it('still refuses a token it has seen once the token expires', () => {
    const checked = new VerifiedTokens(key);
    const token = forge({ sub: '5', exp: NOW + 10 });
    expect(checked.userIdOf(token, NOW)).toBe(5);
    expect(checked.userIdOf(token, NOW + 9)).toBe(5);
    expect(checked.userIdOf(token, NOW + 10)).toBeNull();
    expect(checked.userIdOf(token, NOW + 5000)).toBeNull();
    expect(checked.size).toBe(0);
  });

  it('keeps only tokens that passed, and at most maxEntries of them', () => {
    const checked = new VerifiedTokens(key, 3);
    const refused = [
      forge({ sub: '5', exp: NOW + 60 }, `${SECRET}!`),
      forge({ sub: '5', exp: NOW - 1 }),
      forge({ sub: '5', exp: NOW + 60, nbf: NOW + 1 }),
      forge({ sub: '0', exp: NOW + 60 }),
      forge({ sub: '5', exp: NOW + 60 }, SECRET, { alg: 'none' }),
      'not.a.token',
    ];
    for (const token of refused) expect(checked.userIdOf(token, NOW)).toBeNull();
    expect(checked.size).toBe(0);
    const good = [1, 2, 3, 4].map((id) => forge({ sub: String(id), exp: NOW + 60 }));
    for (const [i, token] of good.entries()) expect(checked.userIdOf(token, NOW)).toBe(i + 1);
    expect(checked.size).toBe(3);
    // The first one went out, and is checked afresh when it comes back.
    expect(checked.userIdOf(good[0]!, NOW)).toBe(1);
  });

  it('decides as the check without memory for any tokens at any times', () => {
    const token = fc.oneof(
      fc.record({
        sub: fc.constantFrom('1', '42', '0', 'x'),
        exp: fc.integer({ min: NOW - 20, max: NOW + 20 }),
        nbf: fc.option(fc.integer({ min: NOW - 20, max: NOW + 20 }), { nil: undefined }),
        forged: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(token, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(4), fc.integer({ min: NOW - 30, max: NOW + 30 })), { maxLength: 30 }),
        (specs, uses) => {
          const tokens = specs.map(({ forged, nbf, ...claims }) =>
            forge({ ...claims, ...(nbf === undefined ? {} : { nbf }) }, forged ? `${SECRET}?` : SECRET),
          );
          const checked = new VerifiedTokens(key, 2);
          for (const [i, now] of uses) {
            const t = tokens[i % tokens.length]!;
            expect(checked.userIdOf(t, now)).toBe(uncached(t, now));
          }
        },
      ),
    );
  });
});
