import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ContentRepo } from './repo';
import routes from './routes';
import { ContentService } from './service';

/** Spaces, FAQ and banners. */
export default fp(
  async function contentModule(app: FastifyInstance) {
    await app.register(routes, { service: new ContentService(new ContentRepo(app.database.db)) });
  },
  { name: 'content-module', dependencies: ['db', 'auth'] },
);
