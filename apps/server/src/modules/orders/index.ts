import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import routes from './routes';
import { sqliteListVersion } from './repo';
import { OrdersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    ordersService: OrdersService;
  }
}

/** Orders, drafts, their files and prices (spec §7 "Orders"). */
export default fp(
  async function ordersModule(app: FastifyInstance) {
    app.decorate(
      'ordersService',
      new OrdersService({
        db: app.database.db,
        storage: app.storage,
        config: app.config,
        ...(app.database.reader ? { listVersion: sqliteListVersion(app.database.reader) } : {}),
      }),
    );
    await app.register(routes);
  },
  { name: 'orders-module', dependencies: ['db', 'auth', 'storage'] },
);
