import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBus } from './bus';
import { OrderEvents, type OrderChanges } from './order-events';
import type { ChatBus } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    chatBus: ChatBus;
    /** Tells an order's customer, author and managers that it changed (ADR 026). */
    orderEvents: OrderChanges;
  }
}

/**
 * The socket's bus and the order events that ride on it, registered before the modules that change
 * orders (orders, staff, payments) so that they can tell the sockets; the chat module delivers.
 */
export default fp(
  async function chatBusPlugin(app: FastifyInstance) {
    const bus = createBus(app.config.REDIS_URL, app.log);
    app.decorate('chatBus', bus);
    app.decorate('orderEvents', new OrderEvents({ db: app.database.db, bus, log: app.log }));
    // onClose hooks run last-registered first: the sockets (socket.ts) close before the bus.
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'chat-bus', dependencies: ['db'] },
);
