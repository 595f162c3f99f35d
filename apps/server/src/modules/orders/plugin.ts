import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sqliteListPageReader } from './repo-list';
import routes from './routes';
import { sqliteListReader, sqliteListVersion } from './repo';
import { OrdersService } from './service';
import { sweepInterval } from './sweep';
import { runEvery } from '../../plugins/jobs';

export { default as staffOrderRoutes } from './staff/routes';

declare module 'fastify' {
  interface FastifyInstance {
    ordersService: OrdersService;
  }
}

/** Orders, drafts, their files and prices (spec §7 "Orders"). */
export default fp(
  async function ordersModule(app: FastifyInstance) {
    const orders = new OrdersService({
      db: app.database.db,
      storage: app.storage,
      mailer: app.mailer,
      config: app.config,
      events: app.orderEvents,
      ...(app.database.reader
        ? {
            listVersion: sqliteListVersion(app.database.reader),
            listReader: sqliteListReader(app.database.db, app.database.reader),
            listPageReader: sqliteListPageReader(app.database.reader),
          }
        : {}),
    });
    app.decorate('ordersService', orders);
    await app.register(routes);

    runEvery(app, {
      name: 'sweep of unattached uploads',
      everyMs: sweepInterval(app.config.UPLOAD_SWEEP_AFTER_HOURS),
      run: () => orders.sweepUploads(),
      done: { message: 'swept unattached uploads', countKey: 'removed' },
    });
  },
  { name: 'orders-module', dependencies: ['db', 'auth', 'storage', 'mailer', 'chat-bus'] },
);
