import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authorRoutes } from './routes';
import { AuthorsService } from './service';
import { staffAuthorRoutes } from './staff-routes';

/** Authors' profiles and the customers' reviews of them: the customer's and the staff's routes. */
export default fp(
  async function authorsModule(app: FastifyInstance) {
    const service = new AuthorsService({ db: app.database.db, config: app.config, mailer: app.mailer });
    await app.register(authorRoutes, { service });
    await app.register(staffAuthorRoutes, { service });
  },
  { name: 'authors-module', dependencies: ['db', 'auth', 'mailer', 'orders-module', 'staff-module'] },
);
