import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import companyRoutes from './company-routes';
import routes from './routes';
import { ReferenceService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    referenceService: ReferenceService;
  }
}

/** Work types, packets, subjects, universities, plagiarism-check systems and the operator's details. */
export default fp(
  async function referenceModule(app: FastifyInstance) {
    app.decorate('referenceService', new ReferenceService(app.database.db));
    await app.register(routes);
    await app.register(companyRoutes);
  },
  { name: 'reference-module', dependencies: ['db', 'auth'] },
);
