import { api } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from '../../test/helpers';
import { helmetHeaders, helmetOptions, webSocketOrigin } from './security';

// The headers are computed once at start from @fastify/helmet instead of by it on every request.
// Written out here, they are what the plugin sent before, so that neither a change of ours nor an
// upgrade of helmet changes them unseen.
const CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self' ws://localhost:3000;frame-src 'self' blob:";
const EXPECTED: Record<string, string> = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const EXPECTED_PRODUCTION: Record<string, string> = {
  ...EXPECTED,
  'content-security-policy': CSP.replace(
    "'unsafe-inline';connect-src",
    "'unsafe-inline';upgrade-insecure-requests;connect-src",
  ),
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};
const NAMES = Object.keys(EXPECTED_PRODUCTION);

/** The security headers of an answer, and only those. */
function securityHeadersOf(res: { headers: Record<string, unknown> }) {
  return Object.fromEntries(NAMES.filter((n) => n in res.headers).map((n) => [n, res.headers[n]]));
}

describe('security headers', () => {
  it('are what @fastify/helmet sets with our options', async () => {
    const local = 'http://localhost:3000';
    expect(Object.fromEntries(await helmetHeaders(helmetOptions(false, local)))).toEqual(EXPECTED);
    expect(Object.fromEntries(await helmetHeaders(helmetOptions(true, local)))).toEqual(EXPECTED_PRODUCTION);
  });

  it('let the page open WebSockets to our own origin only', async () => {
    expect(webSocketOrigin('https://cabinet.example/')).toBe('wss://cabinet.example');
    expect(webSocketOrigin('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080');
    const headers = Object.fromEntries(await helmetHeaders(helmetOptions(true, 'https://cabinet.example')));
    const connectSrc = headers['content-security-policy']
      ?.split(';')
      .find((d) => d.startsWith('connect-src'));
    expect(connectSrc).toBe("connect-src 'self' wss://cabinet.example");
  });

  it('admit the analytics counters’ hosts only when their ids are configured', async () => {
    const local = 'http://localhost:3000';
    const directives = async (counters: { metrika?: boolean; ga4?: boolean }) =>
      (await helmetHeaders(helmetOptions(false, local, counters))).find(
        ([name]) => name === 'content-security-policy',
      )?.[1];
    expect(await directives({})).toBe(CSP);
    expect(await directives({ metrika: false, ga4: false })).toBe(CSP);
    expect(await directives({ metrika: true })).toBe(
      CSP.replace(
        "img-src 'self' data: blob:;",
        "img-src 'self' data: blob: https://mc.yandex.ru https://mc.yandex.com;",
      )
        .replace("script-src 'self';", "script-src 'self' https://mc.yandex.ru https://yastatic.net;")
        .replace(
          "connect-src 'self' ws://localhost:3000;",
          "connect-src 'self' ws://localhost:3000 https://mc.yandex.ru https://mc.yandex.com;",
        ),
    );
    expect(await directives({ ga4: true })).toBe(
      CSP.replace(
        "img-src 'self' data: blob:;",
        "img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com;",
      )
        .replace("script-src 'self';", "script-src 'self' https://*.googletagmanager.com;")
        .replace(
          "connect-src 'self' ws://localhost:3000;",
          "connect-src 'self' ws://localhost:3000 https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;",
        ),
    );
  });

  it('are sent with the counters’ hosts by an app configured with both ids', async () => {
    const app = await buildTestApp({ YANDEX_METRIKA_ID: '12345678', GA4_MEASUREMENT_ID: 'G-TEST1234' });
    try {
      const csp = String(
        (await app.app.inject({ method: 'GET', url: api.health })).headers['content-security-policy'],
      );
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
      expect(scriptSrc).toBe(
        "script-src 'self' https://mc.yandex.ru https://yastatic.net https://*.googletagmanager.com",
      );
      expect(csp).toContain('https://*.google-analytics.com');
    } finally {
      await app.close();
    }
  });

  describe.each([
    ['test', {}, EXPECTED],
    [
      'production',
      { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-enough-length-42' },
      EXPECTED_PRODUCTION,
    ],
  ] as const)('in %s', (_name, env, expected) => {
    let t: TestApp;
    let auth: { authorization: string };
    beforeAll(async () => {
      t = await buildTestApp(env);
      auth = bearer((await registerCustomer(t.app)).access);
    });
    afterAll(() => t.close());

    it('are sent, exactly, on API answers of every kind', async () => {
      const answers = [
        await t.app.inject({ method: 'GET', url: `${api.orders.root}?tab=active`, headers: auth }),
        await t.app.inject({ method: 'GET', url: `${api.orders.root}?tab=active`, headers: auth }), // cached page
        await t.app.inject({ method: 'HEAD', url: `${api.orders.root}?tab=active`, headers: auth }),
        await t.app.inject({ method: 'GET', url: api.profile.root, headers: auth }),
        await t.app.inject({ method: 'GET', url: `${api.orders.root}?tab=active` }), // 401
        await t.app.inject({ method: 'GET', url: `${api.orders.root}?tab=nope`, headers: auth }), // 400
        await t.app.inject({ method: 'GET', url: `${api.orders.root}?page=99`, headers: auth }), // 404
        await t.app.inject({ method: 'GET', url: '/api/nothing/' }), // no such route
        await t.app.inject({ method: 'GET', url: api.health }),
        await t.app.inject({
          method: 'POST',
          url: api.orders.root,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: '{"broken',
        }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 401, 400, 404, 404, 200, 400]);
      for (const res of answers) expect(securityHeadersOf(res)).toEqual(expected);
    });
  });
});
