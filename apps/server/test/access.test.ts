import { PUBLIC_ENDPOINTS, authMessages } from '@cabinet/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

describe('access tokens and the public list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const sign = (claims: { sub?: string; exp?: number; iat?: number }, secret = t.config.JWT_SECRET) => {
    let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' });
    if (claims.sub) jwt = jwt.setSubject(claims.sub);
    if (claims.iat) jwt = jwt.setIssuedAt(claims.iat);
    if (claims.exp) jwt = jwt.setExpirationTime(claims.exp);
    return jwt.sign(new TextEncoder().encode(secret));
  };

  it('answers 401 {detail: "not authorized"} on every non-public /api route without a token', async () => {
    const closed = t.app.apiRoutes.filter((r) => !r.isPublic);
    expect(closed.length).toBeGreaterThanOrEqual(3);
    for (const route of closed) {
      const url = route.url.replace(/:[a-z_]+/gi, 'x');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual({ detail: authMessages.notAuthorized });
    }
  });

  it('lists only endpoints that exist, and every public route is in the list', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    for (const e of PUBLIC_ENDPOINTS) expect(registered).toContain(`${e.method} ${e.path}`);
    const publicRoutes = t.app.apiRoutes.filter((r) => r.isPublic).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(PUBLIC_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());
  });

  it('refuses expired, forged, malformed and subject-less tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const c = await registerCustomer(t.app);
    const tokens = [
      await sign({ sub: '1', iat: now - 600, exp: now - 300 }),
      await sign({ sub: '1', iat: now, exp: now + 300 }, 'another-secret-of-at-least-32-characters!!'),
      await sign({ iat: now, exp: now + 300 }),
      'not-a-jwt',
      `${c.access.slice(0, -2)}xx`,
    ];
    for (const token of tokens) {
      const res = await t.app.inject({ method: 'GET', url: '/api/client/profile/', headers: bearer(token) });
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual({ detail: authMessages.notAuthorized });
    }
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: '1', exp: now + 300 }),
    ).toString('base64url')}.`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/client/profile/', headers: bearer(unsigned) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/client/profile/', headers: bearer(c.access) }))
        .statusCode,
    ).toBe(200);
  });

  it('checks the token before validating the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/client/api/change-email/request-change/',
      payload: { email: 'broken' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('documents every API route with a tag in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const route of t.app.apiRoutes.filter((r) => r.url !== '/api/health/' && r.url !== '/api/docs')) {
      const path = route.url.replace(/:([a-z_]+)/gi, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op?.tags?.length, `${route.method} ${path}`).toBeGreaterThan(0);
    }
  });
});
