import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerCustomer } from './helpers';
import { DEMO_EMAIL, DEMO_OFFER_EMAIL } from '../src/db/seed';

const script = resolve(import.meta.dirname, '../../../scripts/reset-demo.mjs');
const dir = mkdtempSync(join(tmpdir(), 'cabinet-reset-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run reset-demo`'s script with only the given settings (empty ones shadow a .env). */
function reset(env: Record<string, string>) {
  return spawnSync(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: '', DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
}

// The script is for the SQLite file: DATABASE_URL '' keeps these apps on it under test:services too.
describe('npm run reset-demo', () => {
  it('removes the SQLite database and the uploads, and the next start seeds the demo customer again', async () => {
    const sqlite = join(dir, 'cabinet.sqlite');
    const files = join(dir, 'files');
    const first = await buildTestApp({ NODE_ENV: 'development', SQLITE_PATH: sqlite, DATABASE_URL: '' });
    await registerCustomer(first.app, { email: 'someone@example.com' });
    const before = await first.app.database.db.selectFrom('users').select('email').execute();
    expect(before.map((u) => u.email).sort()).toEqual([DEMO_EMAIL, DEMO_OFFER_EMAIL, 'someone@example.com']);
    await first.close();
    mkdirSync(join(files, 'ab'), { recursive: true });
    writeFileSync(join(files, 'ab', 'upload.pdf'), 'x');
    writeFileSync(`${sqlite}-wal`, '');

    const run = reset({ NODE_ENV: 'development', SQLITE_PATH: sqlite, FILES_DIR: files });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Demo data reset');
    expect(existsSync(sqlite)).toBe(false);
    expect(existsSync(`${sqlite}-wal`)).toBe(false);
    expect(existsSync(files)).toBe(false);

    const again = await buildTestApp({ NODE_ENV: 'development', SQLITE_PATH: sqlite, DATABASE_URL: '' });
    try {
      const emails = (await again.app.database.db.selectFrom('users').select('email').execute()).map(
        (u) => u.email,
      );
      expect(emails.sort()).toEqual([DEMO_EMAIL, DEMO_OFFER_EMAIL]);
    } finally {
      await again.close();
    }
  });

  it.each([
    [{ NODE_ENV: 'production' }, /production/],
    [{ DATABASE_URL: 'postgres://u:p@localhost:5432/cabinet' }, /PostgreSQL/],
  ])('refuses and deletes nothing with %j', (env, message) => {
    const sqlite = join(dir, 'kept.sqlite');
    writeFileSync(sqlite, 'x');
    const run = reset({ SQLITE_PATH: sqlite, FILES_DIR: join(dir, 'kept-files'), ...env });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(existsSync(sqlite)).toBe(true);
  });
});
