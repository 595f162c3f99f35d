import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBus } from './bus';
import { startDigest } from './digest';
import chatRoutes from './routes';
import { ChatService } from './service';
import socketRoutes from './socket';
import type { ChatBus } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    chatBus: ChatBus;
    chatService: ChatService;
  }
}

/** The order chat (issue 10): REST history and sending, the socket, the bus, the e-mail digest. */
export default fp(
  async function chatModule(app: FastifyInstance) {
    const bus = createBus(app.config.REDIS_URL, app.log);
    app.decorate('chatBus', bus);
    const chat = new ChatService({
      db: app.database.db,
      config: app.config,
      mailer: app.mailer,
      bus,
      log: app.log,
    });
    app.decorate('chatService', chat);
    await app.register(chatRoutes);
    await app.register(socketRoutes);
    startDigest(app, chat);
    // Sockets close first (socket.ts's own onClose, registered later, runs earlier), then the bus.
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'chat-module', dependencies: ['db', 'auth', 'storage', 'mailer', 'orders-module'] },
);
