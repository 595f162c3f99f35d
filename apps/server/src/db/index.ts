import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { InlineLimitPlugin } from './inline-limit';
import type { DB } from './types';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * SQLite only (not in memory): a second connection, read-only, for point reads on the hot path
   * that may run outside Kysely's queue for the one main connection. It sees committed data only,
   * as another process would; never data of a transaction still open on the main connection.
   */
  reader?: SQLite.Database;
  /** PostgreSQL only: the pool's connections now (open, idle) and the queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// int8 (counts, sums) arrives as a string by default; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(opts: { url?: string | undefined; sqlitePath: string }): Database {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client losing its connection (a restart, a failover) must not crash the process:
    // the pool drops that client and the next query opens a new one.
    pool.on('error', (err) => console.error('PostgreSQL pool: idle client error', err.message));
    // Nor must a client in use that loses it between two statements (a transaction awaiting other
    // work, a periodic job's lock held for its run, ADR 036): pg emits that as an `error` event,
    // which unheard would end the process. Its next statement fails, and the pool drops it.
    const inUseError = (err: Error) => console.error('PostgreSQL pool: client in use lost', err.message);
    pool.on('acquire', (client) => client.on('error', inUseError));
    pool.on('release', (_err, client) => client.removeListener('error', inUseError));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  if (opts.sqlitePath !== ':memory:') mkdirSync(dirname(opts.sqlitePath), { recursive: true });
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new InlineLimitPlugin()],
  });
  if (opts.sqlitePath === ':memory:') return { db, dialect: 'sqlite', close: () => db.destroy() };
  const reader = new SQLite(opts.sqlitePath, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  // The reader serves the orders list's reads, a page's rows scattered through the table: reading
  // the file's pages through a memory map instead of a read() and a copy each made rendering a page
  // ~9 % cheaper (bench/README.md). It holds no memory of its own: the pages are the OS's cache.
  reader.pragma(`mmap_size = ${READER_MMAP_BYTES}`);
  return {
    db,
    dialect: 'sqlite',
    reader,
    close: async () => {
      reader.close();
      await db.destroy();
    },
  };
}

/** How much of the database file SQLite's reader connection maps into memory. */
export const READER_MMAP_BYTES = 256 * 1024 * 1024;

const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles SQL anew on every `prepare`, and Kysely prepares on every query. The
 * same few hundred statements run all the time, so keep them prepared (bounded; the oldest goes
 * first). A statement is only busy while iterated, which Kysely does only for streamed queries —
 * and we stream none.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

/** Timestamps are ISO-8601 UTC strings in both engines: they sort and compare as text. */
export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}
