import { authMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from '../../test/helpers';

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
