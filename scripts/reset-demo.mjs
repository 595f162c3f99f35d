// `npm run reset-demo`: forget every local account, order and upload, so that the next start seeds
// the demo customer into an empty database again (SEED_DEMO=auto). SQLite only, never in production.
import { existsSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const env = process.env;

if (env.NODE_ENV === 'production') {
  console.error('reset-demo: NODE_ENV is production; refusing to delete data.');
  process.exit(1);
}
if (env.DATABASE_URL) {
  console.error(
    'reset-demo: DATABASE_URL points at PostgreSQL; drop and recreate that database yourself ' +
      '(dropdb, createdb); the server migrates and seeds it at the next start.',
  );
  process.exit(1);
}

const sqlite = env.SQLITE_PATH || 'data/cabinet.sqlite';
const files = env.FILES_DIR || 'data/files';
// `npm start` runs the server from the repository root, `npm run dev` from apps/server: a relative
// path names a place under each.
const bases = [root, join(root, 'apps/server')];
const places = (path) => (isAbsolute(path) ? [path] : bases.map((base) => resolve(base, path)));
const targets = [
  ...places(sqlite).flatMap((db) => [db, `${db}-wal`, `${db}-shm`, `${db}-journal`]),
  ...places(files),
];

let removed = 0;
for (const target of new Set(targets)) {
  if (!existsSync(target)) continue;
  rmSync(target, { recursive: true, force: true });
  console.log(`removed ${target}`);
  removed += 1;
}
// With S3 configured (ADR 040) the uploads are objects in the bucket, which this does not touch;
// the new database names none of them.
if (env.S3_ENDPOINT && env.S3_BUCKET) {
  console.log(`The uploads in the S3 bucket ${env.S3_BUCKET} stay there: empty the bucket yourself.`);
}
console.log(
  removed
    ? 'Demo data reset: the next `npm start` or `npm run dev` seeds demo@example.com again.'
    : 'Nothing to reset: no local database or uploads found.',
);
