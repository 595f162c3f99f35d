import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { checkLedger } from '../modules/ledger';

/**
 * `npm run ledger:check`: checks the books of the configured database — DATABASE_URL,
 * or the SQLite file of SQLITE_PATH (a relative path is looked for under the repository root, where
 * `npm start` runs, and under apps/server, where `npm run dev` runs). Prints the result as JSON and
 * exits 1 unless every txn sums to zero, every cached balance matches its entries and no
 * customer's account is below zero.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

function sqliteFile(path: string): string | null {
  if (path === ':memory:') return null;
  const candidates = isAbsolute(path) ? [path] : [resolve(root, path), resolve(root, 'apps/server', path)];
  return candidates.find((p) => existsSync(p)) ?? null;
}

async function main(): Promise<number> {
  // Only the database settings matter here: the rest of the server's configuration (secrets, the
  // operator's details) need not be set to read the books.
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  let sqlitePath = config.SQLITE_PATH;
  if (!config.DATABASE_URL) {
    const found = sqliteFile(config.SQLITE_PATH);
    if (!found) {
      console.error(
        `ledger:check: no database at ${config.SQLITE_PATH} (start the server once to create it)`,
      );
      return 1;
    }
    sqlitePath = found;
  }
  const database = openDatabase({ url: config.DATABASE_URL, sqlitePath });
  try {
    const result = await checkLedger(database.db);
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : sqlitePath;
    console.log(JSON.stringify({ database: where, ...result }, null, 2));
    console.log(result.ok ? 'ledger:check: the books balance' : 'ledger:check: the books DO NOT balance');
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
