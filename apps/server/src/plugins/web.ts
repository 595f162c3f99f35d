import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from './errors';

/** Paths that belong to the server, never to the SPA. */
export const SERVER_PREFIXES = ['/api/', '/client/api/', '/channels/', '/dev/'];

/**
 * Serves the built SPA: hashed assets immutably and pre-compressed (brotli, gzip),
 * `index.html` for every other non-API path and never cached.
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => path.startsWith(p));
    const wantsFile = /\.[a-z0-9]{1,8}$/i.test(path);
    if (isServerPath || wantsFile || !index || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: errorMessages.notFound });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
  });
});
