import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/index';
import { migrateToLatest } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * True when the database answers a `select 1` within the time: the health check's question. A
 * PostgreSQL pool with no free connection would otherwise keep a load balancer's probe waiting.
 */
export async function databaseAnswers(database: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(database.db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
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
