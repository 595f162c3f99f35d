import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import routes from './routes';
import { StaffAuthService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    staffAuth: StaffAuthService;
  }
}

/** Staff accounts (managers and authors): sign-in, sessions, `me`, the authors list (ADR 014). */
export default fp(
  async function staffModule(app: FastifyInstance) {
    app.decorate(
      'staffAuth',
      new StaffAuthService({
        db: app.database.db,
        config: app.config,
        limits: app.rateLimits,
        accessTokens: app.accessTokens,
      }),
    );
    await app.register(routes);
  },
  { name: 'staff-module', dependencies: ['db', 'auth', 'rate-limits'] },
);
