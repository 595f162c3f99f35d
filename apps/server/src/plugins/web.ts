import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from './errors';

/** Paths that belong to the server, never to the SPA. */
const SERVER_PREFIXES = ['/api/', '/client/api/', '/channels/', '/dev/'];

/**
 * Serves the built SPA: hashed assets immutably and pre-compressed (brotli, gzip); for every other
 * non-API path, never cached, the page the build prerendered for it — a visitor screen or the
 * cabinet shell — or else the empty `index.html`.
 */
export default fp(async function webPlugin(app: FastifyInstance, opts: { dist: string }) {
  const dist = resolve(opts.dist);
  const indexPath = resolve(dist, 'index.html');
  const hasBuild = existsSync(indexPath);
  if (!hasBuild) app.log.warn({ dist }, 'web build not found: only the API is served');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        const immutable = /[/\\]assets[/\\]/.test(path);
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const index = hasBuild ? readFileSync(indexPath) : null;
  const prerendered = hasBuild ? loadPrerendered(resolve(dist, 'prerendered')) : new Map<string, Page>();
  const cabinetShell = hasBuild ? loadCabinetShell(resolve(dist, 'prerendered', 'cabinet')) : () => undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => path.startsWith(p));
    const wantsFile = /\.[a-z0-9]{1,8}$/i.test(path);
    if (isServerPath || wantsFile || !index || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: errorMessages.notFound });
    }
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const page = prerendered.get(path) ?? cabinetShell(path);
    if (!page) return reply.send(index);
    // The prerendered pages are a few tens of kilobytes: send them compressed when we may.
    void reply.header('vary', 'accept-encoding');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding =
      page.br && /\bbr\b/.test(accepts) ? 'br' : page.gz && /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gz);
    return reply.send(page.html);
  });
});

interface Page {
  html: Buffer;
  br: Buffer | null;
  gz: Buffer | null;
}

/**
 * The screens the build prerendered (scripts/prerender.mjs): `prerendered/login.html` answers
 * `/login`. Their markup paints before the scripts run; the app then takes the screen over.
 */
function loadPrerendered(dir: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  if (!existsSync(dir)) return pages;
  const read = (file: string) => (existsSync(file) ? readFileSync(file) : null);
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.html')) continue;
    const file = resolve(dir, name);
    pages.set(`/${name.slice(0, -'.html'.length)}`, {
      html: readFileSync(file),
      br: read(`${file}.br`),
      gz: read(`${file}.gz`),
    });
  }
  return pages;
}

/** An address pattern of the route table (`/order/:id/edit`) as a regular expression. */
function patternToRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`);
}

/**
 * The cabinet shell the build prerendered (scripts/prerender.mjs): `prerendered/cabinet/index.json`
 * says which file answers which cabinet address. An address with fixed segments wins over one with
 * a parameter in their place. Anything else — visitor screens, unknown paths — gets no shell.
 */
function loadCabinetShell(dir: string): (path: string) => Page | undefined {
  const manifestPath = resolve(dir, 'index.json');
  if (!existsSync(manifestPath)) return () => undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Array<{ pattern: string; file: string }>;
  const read = (file: string) => (existsSync(file) ? readFileSync(file) : null);
  const pages = new Map<string, Page>();
  const routes = manifest
    .map(({ pattern, file }) => {
      let page = pages.get(file);
      if (!page) {
        const path = resolve(dir, file);
        page = { html: readFileSync(path), br: read(`${path}.br`), gz: read(`${path}.gz`) };
        pages.set(file, page);
      }
      const fixed = pattern.split('/').filter((s) => s && !s.startsWith(':')).length;
      return { test: patternToRegExp(pattern), fixed, page };
    })
    .sort((a, b) => b.fixed - a.fixed);
  return (path) => routes.find((route) => route.test.test(path))?.page;
}
