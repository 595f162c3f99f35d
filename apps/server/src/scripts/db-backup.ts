import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config';

/**
 * `npm run db:backup [-- <file>]`: an online, consistent copy of the SQLite database of
 * SQLITE_PATH, taken while the server runs and writes, through SQLite's backup API (better-sqlite3's
 * `backup`). Without a file, `backups/cabinet-<UTC time>.sqlite` beside the database (under `data/`
 * by default). A relative path is taken from where the command was typed, and an existing file is
 * never overwritten. With DATABASE_URL (PostgreSQL) it refuses and points to pg_dump (README,
 * «Backups»). Exits 0 with a JSON line saying what it wrote, otherwise 1 (2 for PostgreSQL).
 *
 * The pages are copied in one step, which reads one snapshot: the copy holds every transaction
 * committed before it started, and none half. A backup copied in slices would start over at each
 * write the server makes meanwhile, and under steady writes might never finish. In WAL mode the
 * read blocks no writer.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

/** Every page in one step (the most better-sqlite3 takes). */
const ALL_PAGES = 0x7fffffff;

/** The database file: absolute, or under the repository root or apps/server (as ledger:check looks). */
function sqliteFile(path: string): string | null {
  if (path === ':memory:') return null;
  const candidates = isAbsolute(path) ? [path] : [resolve(root, path), resolve(root, 'apps/server', path)];
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** 2026-11-30T09-41-07Z: sorts by time and is a valid file name everywhere. */
function stamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

/** Copies the database at `source` to `destination` (a new file); resolves with its size and pages. */
async function backupSqlite(source: string, destination: string): Promise<{ bytes: number; pages: number }> {
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  mkdirSync(dirname(destination), { recursive: true });
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    const { totalPages } = await database.backup(partial, { progress: () => ALL_PAGES });
    // The copy is checked before it takes its name: a file under that name is a whole database.
    // It leaves WAL mode (the source's), so that it is one file, with no -wal or -shm beside it;
    // the server puts it back in WAL mode when it opens it.
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const result = copy.pragma('quick_check', { simple: true });
      if (result !== 'ok') throw new Error(`the copy does not pass quick_check: ${String(result)}`);
    } finally {
      copy.close();
    }
    renameSync(partial, destination);
    return { bytes: statSync(destination).size, pages: totalPages };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    database.close();
  }
}

async function main(): Promise<number> {
  let config;
  try {
    // Only the database settings matter here, as for ledger:check.
    config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (config.DATABASE_URL) {
    console.error(
      'db:backup: DATABASE_URL points at PostgreSQL; this command copies the SQLite file only.\n' +
        'Back PostgreSQL up with pg_dump, e.g.: pg_dump --format=custom --file=cabinet.dump "$DATABASE_URL"\n' +
        '(restore with pg_restore; see «Backups» in the README).',
    );
    return 2;
  }
  const source = sqliteFile(config.SQLITE_PATH);
  if (!source) {
    console.error(`db:backup: no database at ${config.SQLITE_PATH} (start the server once to create it)`);
    return 1;
  }
  const given = process.argv[2];
  const destination = given
    ? resolve(process.env.INIT_CWD ?? process.cwd(), given)
    : join(dirname(source), 'backups', `cabinet-${stamp()}.sqlite`);
  if (existsSync(destination)) {
    console.error(`db:backup: ${destination} already exists; name a new file`);
    return 1;
  }
  const started = Date.now();
  try {
    const { bytes, pages } = await backupSqlite(source, destination);
    console.log(
      JSON.stringify({ database: source, backup: destination, bytes, pages, ms: Date.now() - started }),
    );
    console.log(`db:backup: wrote ${destination}`);
    return 0;
  } catch (err) {
    console.error(`db:backup: failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

process.exitCode = await main();
