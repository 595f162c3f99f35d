import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import routes from './routes';
import { AuthService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
  }
}

/** Sign-in, sessions and one-time links; other modules sign people in through `authService`. */
export default fp(
  async function authModule(app: FastifyInstance) {
    app.decorate(
      'authService',
      new AuthService({
        database: app.database,
        config: app.config,
        mailer: app.mailer,
        limits: app.rateLimits,
        accessTokens: app.accessTokens,
      }),
    );
    await app.register(routes);
  },
  { name: 'auth-module', dependencies: ['db', 'auth', 'mailer', 'rate-limits'] },
);
