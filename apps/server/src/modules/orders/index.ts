import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sqliteListPageReader } from './list-read';
import routes from './routes';
import { sqliteListReader, sqliteListVersion } from './repo';
import { OrdersService } from './service';
import { sweepInterval } from './sweep';

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

    // Every instance sweeps (the sweep is safe to run at once); the timer never holds the process
    // up, and a close waits for a sweep under way, which needs the database.
    let sweeping: Promise<void> | null = null;
    const timer = setInterval(() => {
      sweeping ??= orders
        .sweepUploads()
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'swept unattached uploads');
        })
        .catch((err: unknown) => app.log.error({ err }, 'sweep of unattached uploads failed'))
        .finally(() => {
          sweeping = null;
        });
    }, sweepInterval(app.config.UPLOAD_SWEEP_AFTER_HOURS));
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'orders-module', dependencies: ['db', 'auth', 'storage', 'mailer', 'chat-bus'] },
);
