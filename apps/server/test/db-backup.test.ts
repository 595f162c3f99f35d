import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index';
import { checkLedger } from '../src/modules/ledger';
import { buildTestApp, type TestApp } from './helpers';
import { orderBody, placeOrder, workTypes } from './orders-fixtures';
import { giveMoney, payCustomer, type PayCustomer } from './payments-fixtures';

const repoRoot = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'cabinet-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a script of apps/server/src/scripts in a process of its own; resolves when it has exited. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/scripts/${script}`, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('exit', (code) => done({ code, stdout, stderr })),
  );
}

async function ids(db: TestApp['app']['database']['db'], table: 'orders' | 'ledger_txns'): Promise<number[]> {
  const rows = await db.selectFrom(table).select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

// SQLite's file is what is copied; on PostgreSQL (test:services) the command refuses, tested below.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm run db:backup on SQLite', () => {
  let t: TestApp;
  let customer: PayCustomer;
  let write: () => Promise<void>;

  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: join(dir, 'files') });
    customer = await payCustomer(t.app);
    const [workType] = await workTypes(t.app, customer.auth);
    // One order placed through the API and one top-up booked on the ledger: the writes a
    // running server makes.
    write = async () => {
      await placeOrder(t.app, customer.auth, orderBody(workType!));
      await giveMoney(t.app, customer.id, 100_00);
    };
    for (let i = 0; i < 30; i += 1) await write();
  });
  afterAll(() => t.close());

  it('copies every row committed before it started while writes go on, and the copy balances', async () => {
    const before = {
      orders: await ids(t.app.database.db, 'orders'),
      txns: await ids(t.app.database.db, 'ledger_txns'),
    };
    expect(before.orders.length).toBeGreaterThanOrEqual(30);
    expect(before.txns.length).toBeGreaterThanOrEqual(30);

    let running = true;
    let during = 0;
    const writer = (async () => {
      while (running) {
        await write();
        during += 1;
      }
    })();
    const backupFile = join(dir, 'copies', 'during-writes.sqlite');
    const backup = await runScript('db-backup.ts', [backupFile], { SQLITE_PATH: t.config.SQLITE_PATH });
    running = false;
    await writer;

    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout.split('\n')[0]!)).toMatchObject({ backup: backupFile });
    // The server went on writing while the backup process started and copied.
    expect(during).toBeGreaterThan(0);
    expect(readdirSync(dirname(backupFile))).toEqual(['during-writes.sqlite']);

    // Restored: the copy opened as the database.
    const restored = openDatabase({ sqlitePath: backupFile });
    try {
      const after = { orders: await ids(restored.db, 'orders'), txns: await ids(restored.db, 'ledger_txns') };
      expect(after.orders).toEqual(expect.arrayContaining(before.orders));
      expect(after.txns).toEqual(expect.arrayContaining(before.txns));
      // Nothing the live database does not have, and every ledger txn whole.
      const live = {
        orders: await ids(t.app.database.db, 'orders'),
        txns: await ids(t.app.database.db, 'ledger_txns'),
      };
      expect(live.orders).toEqual(expect.arrayContaining(after.orders));
      expect(live.txns).toEqual(expect.arrayContaining(after.txns));
      const check = await checkLedger(restored.db);
      expect(check, JSON.stringify(check)).toMatchObject({ ok: true });
    } finally {
      await restored.close();
    }

    // And the project's own check says so of the copy.
    const ledger = await runScript('ledger-check.ts', [], { SQLITE_PATH: backupFile });
    expect(ledger.code, ledger.stdout + ledger.stderr).toBe(0);
    expect(ledger.stdout).toMatch(/the books balance/);
  });

  it('writes a timestamped file under the data directory by default, and never overwrites one', async () => {
    const first = await runScript('db-backup.ts', [], { SQLITE_PATH: t.config.SQLITE_PATH });
    expect(first.code, first.stderr).toBe(0);
    const { backup } = JSON.parse(first.stdout.split('\n')[0]!) as { backup: string };
    expect(dirname(backup)).toBe(join(dirname(t.config.SQLITE_PATH), 'backups'));
    expect(backup).toMatch(/cabinet-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    expect(existsSync(backup)).toBe(true);

    const again = await runScript('db-backup.ts', [backup], { SQLITE_PATH: t.config.SQLITE_PATH });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });
});

describe('npm run db:backup on PostgreSQL', () => {
  it('refuses, exits non-zero and says to use pg_dump', async () => {
    const res = await runScript('db-backup.ts', [join(dir, 'never.sqlite')], {
      DATABASE_URL: 'postgres://cabinet@127.0.0.1:1/cabinet',
    });
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/DATABASE_URL points at PostgreSQL/);
    expect(res.stderr).toMatch(/pg_dump/);
    expect(existsSync(join(dir, 'never.sqlite'))).toBe(false);
  });
});
