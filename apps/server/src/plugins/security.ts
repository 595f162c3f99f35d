import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** The WebSocket origin of the product: ws:// or wss:// on PUBLIC_URL's host. */
export function webSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** Which analytics counters are configured: only their hosts are admitted. */
export interface CounterHosts {
  metrika?: boolean;
  ga4?: boolean;
}

/**
 * The hosts each counter's official tag needs (Yandex Metrika's and Google's CSP guides): its
 * script, the hits it sends (fetch/beacon) and the pixel it falls back to. Webvisor is off, so
 * Metrika needs no frames or sockets.
 */
export const COUNTER_CSP = {
  metrika: {
    scriptSrc: ['https://mc.yandex.ru', 'https://yastatic.net'],
    connectSrc: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
    imgSrc: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  },
  ga4: {
    scriptSrc: ['https://*.googletagmanager.com'],
    connectSrc: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ],
    imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
} as const;

/**
 * Helmet's options. The CSP allows only our own scripts; styles may be inline because Mantine
 * sets CSS variables through style attributes. Connections go to our own origin only, WebSockets
 * included (`'self'` does not cover ws: in every browser). No nonce: nothing here depends on the
 * request.
 */
export function helmetOptions(
  isProduction: boolean,
  publicUrl: string,
  counters: CounterHosts = {},
): FastifyHelmetOptions {
  const on = (['metrika', 'ga4'] as const).filter((name) => counters[name]).map((name) => COUNTER_CSP[name]);
  const extra = (directive: 'scriptSrc' | 'connectSrc' | 'imgSrc') => on.flatMap((c) => c[directive]);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra('scriptSrc')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra('imgSrc')],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", webSocketOrigin(publicUrl), ...extra('connectSrc')],
        // The title page's preview: a PDF the page itself built, shown from a blob: URL in a frame.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction,
  };
}

/**
 * The headers @fastify/helmet sets with these options, asked of the plugin itself once: a
 * throwaway instance runs it on one request, and what it set on the raw response is the set.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: Array<[string, string]> = [];
  probe.get('/', (_request, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      return [name, value];
    });
    return reply.send('');
  });
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    if (res.statusCode !== 200 || headers.length === 0) throw new Error('helmet set no headers');
  } finally {
    await probe.close();
  }
  return headers;
}

/**
 * Security headers on every answer — API, pages, files, errors — with exactly the values
 * @fastify/helmet gives them. The plugin rebuilds helmet from its options and renders the CSP
 * anew on every request (in an async hook and a second one); with no nonce the set never
 * changes, so it is computed once at start and one callback hook adds it to the reply's own
 * headers. Fastify then writes all the headers of an answer in one pass, where headers set on the
 * raw response (helmet's way) made Node store, check and merge every header of it twice.
 */
export default fp(async function securityPlugin(
  app: FastifyInstance,
  opts: { isProduction: boolean; publicUrl: string; counters?: CounterHosts },
) {
  const headers = await helmetHeaders(helmetOptions(opts.isProduction, opts.publicUrl, opts.counters));
  const names = headers.map(([name]) => name);
  const values = headers.map(([, value]) => value);
  const count = headers.length;
  const setSecurityHeaders: onRequestHookHandler = function setSecurityHeaders(_request, reply, done) {
    for (let i = 0; i < count; i += 1) void reply.header(names[i] as string, values[i] as string);
    done();
  };
  app.addHook('onRequest', setSecurityHeaders);
  // For the answers no hook runs for: what the router refuses itself (plugins/errors.ts).
  app.decorate('securityHeaders', headers);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (name, value), as helmet sets them. */
    securityHeaders: ReadonlyArray<readonly [string, string]>;
  }
}
