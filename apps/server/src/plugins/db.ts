import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/index';
import { migrateToLatest } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { url?: string | undefined; sqlitePath: string }) {
    const database = openDatabase(opts);
    await migrateToLatest(database);
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'db' },
);
