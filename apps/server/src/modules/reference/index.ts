import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import routes from './routes';
import { ReferenceService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    referenceService: ReferenceService;
  }
}

/** Work types, packets, subjects, universities and plagiarism-check systems. */
export default fp(
  async function referenceModule(app: FastifyInstance) {
    app.decorate('referenceService', new ReferenceService(app.database.db));
    await app.register(routes);
  },
  { name: 'reference-module', dependencies: ['db', 'auth'] },
);
