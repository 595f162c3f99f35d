import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startDigest } from './digest';
import chatRoutes from './routes';
import { ChatService } from './service';
import socketRoutes from './socket';
import { Presence } from './types';

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
    const presence = new Presence();
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
