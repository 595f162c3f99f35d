import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startDigest } from './digest';
import chatRoutes from './routes';
import { ChatService } from './service';
import socketRoutes from './socket';
import { createPresence } from './presence';

export { default as chatBusPlugin } from './bus-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    chatService: ChatService;
  }
}

/** The order chat: REST history and sending, the socket, the bus, the e-mail digest. */
export default fp(
  async function chatModule(app: FastifyInstance) {
    // The bus is the chat-bus plugin's (bus-plugin.ts): order events ride on it too.
    const bus = app.chatBus;
    // Who has a socket open, for the chat's pushes (ADR 044): shared through Redis when the bus is.
    const presence = createPresence(app.config.REDIS_URL, app.log);
    // Registered before the socket route's hooks, so it runs after them: the sockets are gone.
    app.addHook('onClose', async () => presence.close());
    const chat = new ChatService({
      db: app.database.db,
      config: app.config,
      mailer: app.mailer,
      bus,
      presence,
      push: app.notifications,
    });
    app.decorate('chatService', chat);
    await app.register(chatRoutes);
    await app.register(socketRoutes, { presence });
    startDigest(app, chat);
  },
  {
    name: 'chat-module',
    dependencies: ['db', 'auth', 'storage', 'mailer', 'chat-bus', 'orders-module', 'notifications'],
  },
);
