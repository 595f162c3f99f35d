import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../src/plugins/errors';
import { buildTestApp, type TestApp } from './helpers';

// What the router refuses before any route runs answers the same {detail} as every other error
// (plugins/errors.ts, frameworkErrors), not Fastify's own English {error, code, message, statusCode}.
describe('errors the router answers itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(['%', '%ED%A0%80', '%E0%A4%A'])(
    'answers 400 with {detail} to a path segment %s',
    async (segment) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/client/orders/${segment}/` });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: errorMessages.badUrl });
    },
  );

  it('answers 414 with {detail} to a path segment past maxParamLength', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/client/orders/${'1'.repeat(2_000)}/` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: errorMessages.longUrl });
  });

  it('carries the security headers every other answer carries', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/client/orders/%/' });
    const routed = await t.app.inject({ method: 'GET', url: '/api/client/orders/1/' });
    expect(refused.statusCode).toBe(400);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options']) {
      expect(routed.headers[name], name).toBeTruthy();
      expect(refused.headers[name], name).toBe(routed.headers[name]);
    }
  });

  it('still tells each request its id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/client/orders/%/',
      headers: { 'x-request-id': 'fuzz-1' },
    });
    expect(res.headers['x-request-id']).toBe('fuzz-1');
  });
});
