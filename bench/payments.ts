// Money under contention ("Measured"): one customer with money on the balance, and 200
// requests fired at once against it — balance payments of orders «Ожидает оплаты» and
// withdrawals to a card (`POST repayment/`, after the SMS verification, its code read from the
// dev outbox), mixed, asking for more than the balance holds, so that some must be refused.
// Against the real server (`node --import tsx apps/server/src/server.ts`, a child process, the
// test provider) on a temporary SQLite file, and with `--pg` also on a PostgreSQL database of the
// bench's own (created on BENCH_PG_URL / DATABASE_URL's server, dropped at the end).
//
// Prints per database: throughput and latency p50/p99 of the 200, how many succeeded and were
// refused (409 «На балансе недостаточно средств»), the final balance — which must be the top-up
// minus exactly what succeeded, and never below zero — every success sent again with its
// Idempotency-Key (the first answer, nothing moved), and the ledger check after the server
// stopped: checkLedger imported, and `npm run ledger:check` on the same database. Baseline, in
// the same round and just before: as many concurrent reads of the same customer's balance
// (`PATCH profile/status/`, what the header asks). Exits 1 when a check fails.
//
// BENCH_PAYMENTS_REQUESTS (200) in all, half payments and half withdrawals; BENCH_PAYMENTS_ROUNDS
// (3) rounds of them per database, each against a fresh top-up, their figures printed one by one.
// `--pg` adds PostgreSQL, `--only-pg` runs it alone.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { api, paymentMessages, paymentsApi } from '../packages/contract/src/index';
import { openDatabase } from '../apps/server/src/db/index';
import { CpuMeter, cpuSeconds, freePort, latencyLine, postgresBackends, sleep } from './chat-support';
import { awaitingOrders, money, request, scene, topUp, type Answer, type Scene } from './payments-scene';
import { checkLedger, type LedgerCheck } from '../apps/server/src/modules/ledger';

const REQUESTS = Number(process.env.BENCH_PAYMENTS_REQUESTS ?? 200);
const ROUNDS = Number(process.env.BENCH_PAYMENTS_ROUNDS ?? 3);
const args = new Set(process.argv.slice(2));
const ONLY_PG = args.has('--only-pg');
const WITH_PG = ONLY_PG || args.has('--pg');
const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A withdrawal, in kopecks: every request asks for 300–700 ₽. */
const WITHDRAWAL = 300_00;

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

interface Server {
  url: string;
  proc: ChildProcess;
}

async function startServer(env: Record<string, string>, dir: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', tsx, serverEntry], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      SMTP_URL: '',
      REDIS_URL: '',
      SMS_URL: '',
      PAYMENTS_PROVIDER: 'test',
      ACCESS_TOKEN_TTL: '3600',
      FILES_DIR: join(dir, 'files'),
      WEB_DIST: join(dir, 'no-web-build'),
      PUBLIC_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i += 1) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${url}${api.health}`)).ok) return { url, proc };
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the server did not start in 60 s');
    await sleep(100);
  }
}

async function stopServer(server: Server): Promise<void> {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  const exited = new Promise((r) => server.proc.once('exit', r));
  server.proc.kill('SIGTERM');
  await exited;
}

/** A database of the bench's own on the PostgreSQL server, dropped by `drop()`. */
async function createPgDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `bench_payments_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** One request of the load: sending it again sends the same body with the same Idempotency-Key. */
interface Call {
  kind: 'payment' | 'withdrawal' | 'read';
  amount: number;
  send(): Promise<Answer>;
}

interface Shot extends Answer {
  call: Call;
  ms: number;
}

/** Fires every call at once and times each. */
async function fire(calls: Call[]): Promise<{ shots: Shot[]; wallMs: number }> {
  const t0 = performance.now();
  const shots = await Promise.all(
    calls.map(async (call) => {
      const start = performance.now();
      const r = await call.send();
      return { ...r, call, ms: performance.now() - start };
    }),
  );
  return { shots, wallMs: performance.now() - t0 };
}

function balancePayment(s: Scene, order: { id: number; price: number }): Call {
  const key = randomUUID();
  return {
    kind: 'payment',
    amount: order.price,
    send: () =>
      request(s.base, 'POST', paymentsApi.pay, {
        token: s.token,
        headers: { 'idempotency-key': key },
        body: { purpose: 'order', object_id: order.id, payment_method: 'balance' },
      }),
  };
}

function withdrawal(s: Scene): Call {
  const key = randomUUID();
  return {
    kind: 'withdrawal',
    amount: WITHDRAWAL,
    send: () =>
      request(s.base, 'POST', paymentsApi.repayment, {
        token: s.token,
        headers: { 'idempotency-key': key },
        body: {
          amount: WITHDRAWAL,
          card_number: '2200000000000004',
          recipient_name: 'Нагрузочная Проверка',
          country: 'RU',
        },
      }),
  };
}

const read = (s: Scene): Call => ({
  kind: 'read',
  amount: 0,
  send: () => request(s.base, 'PATCH', api.profile.status, { token: s.token }),
});

const succeededShot = (x: Answer) => x.status >= 200 && x.status < 300;
/** A refusal for want of money: 409 with the contract's message. */
const refusedShot = (x: Answer) => x.status === 409 && x.body.includes(paymentMessages.balanceShort);

/** Throughput, latency and CPU per request (the server's; PostgreSQL's backends beside it). */
function line(name: string, shots: Shot[], wallMs: number, cpuS: number, pgS?: number): string {
  const lat = latencyLine(shots.map((x) => x.ms));
  const perRequest = (seconds: number) => ((seconds * 1e6) / shots.length).toFixed(0);
  return (
    `${name.padEnd(44)} ${((shots.length * 1000) / wallMs).toFixed(0).padStart(5)} req/s   ` +
    `p50 ${lat.p50.toFixed(1).padStart(6)} ms   p99 ${lat.p99.toFixed(1).padStart(6)} ms   ` +
    `wall ${wallMs.toFixed(0)} ms   server CPU ${perRequest(cpuS)} µs/req` +
    (pgS === undefined ? '' : `, PostgreSQL ${perRequest(pgS)} µs/req`)
  );
}

interface Outcome {
  ok: boolean;
}

async function runOn(
  label: string,
  env: Record<string, string>,
  dbUrl: string | undefined,
  sqlitePath: string,
  dir: string,
  pgDatabase?: string,
): Promise<Outcome> {
  console.log(`\n== ${label} ==`);
  const pgMeter = pgDatabase ? new CpuMeter(() => postgresBackends(pgDatabase)) : undefined;
  const server = await startServer(env, dir);
  let ok = true;
  try {
    const s = await scene(server.url);
    const payments = Math.floor(REQUESTS / 2);
    const withdrawals = REQUESTS - payments;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const orders = await awaitingOrders(s, payments);
      const demand = orders.reduce((a, o) => a + o.price, 0) + withdrawals * WITHDRAWAL;
      // About half of what is asked for: the other half must be refused.
      const topUpKopecks = Math.round(demand / 2 / 100) * 100;
      await topUp(s, topUpKopecks);
      const start = await money(s.base, s.token);

      const cpu0 = cpuSeconds(server.proc.pid ?? 0);
      const pg0 = pgMeter?.total() ?? 0;
      const baseline = await fire(Array.from({ length: REQUESTS }, () => read(s)));
      const cpu1 = cpuSeconds(server.proc.pid ?? 0);
      const pg1 = pgMeter?.total() ?? 0;
      // Payments and withdrawals interleaved, all in flight at once.
      const mixed: Call[] = [];
      for (let i = 0; i < Math.max(payments, withdrawals); i += 1) {
        const order = orders[i];
        if (order) mixed.push(balancePayment(s, order));
        if (i < withdrawals) mixed.push(withdrawal(s));
      }
      const load = await fire(mixed);
      const cpu2 = cpuSeconds(server.proc.pid ?? 0);
      const pg2 = pgMeter?.total() ?? 0;

      const succeeded = load.shots.filter(succeededShot);
      const refused = load.shots.filter(refusedShot);
      const failed = load.shots.filter((x) => !succeededShot(x) && !refusedShot(x));
      const spent = succeeded.reduce((a, x) => a + x.call.amount, 0);
      const end = await money(s.base, s.token);
      const ofKind = (kind: Call['kind'], list: Shot[]) => list.filter((x) => x.call.kind === kind).length;
      const baselineFailed = baseline.shots.filter((x) => x.status !== 200).length;
      console.log(
        `round ${round}: top-up ${rub(topUpKopecks)}, asked ${rub(demand)}; load ${loadavg()[0]?.toFixed(2)}`,
      );
      console.log(
        line(
          `  baseline: ${REQUESTS} × PATCH profile/status/`,
          baseline.shots,
          baseline.wallMs,
          cpu1 - cpu0,
          pgMeter ? pg1 - pg0 : undefined,
        ),
      );
      console.log(
        line(
          `  ${payments} balance payments + ${withdrawals} withdrawals`,
          load.shots,
          load.wallMs,
          cpu2 - cpu1,
          pgMeter ? pg2 - pg1 : undefined,
        ),
      );
      console.log(
        `  succeeded ${succeeded.length} (${ofKind('payment', succeeded)} payments, ${ofKind('withdrawal', succeeded)} withdrawals), ` +
          `refused ${refused.length} (409 «${paymentMessages.balanceShort}»), other ${failed.length}` +
          (baselineFailed ? `; baseline non-200: ${baselineFailed}` : ''),
      );
      for (const f of failed.slice(0, 3))
        console.log(`    ${f.call.kind} ${f.status}: ${f.body.slice(0, 200)}`);
      const adds = end === start - spent && end >= 0;
      console.log(
        `  balance ${rub(start)} → ${rub(end)} (${rub(start)} − ${rub(spent)} succeeded = ${rub(start - spent)}): ` +
          (adds ? 'adds up, never below zero' : 'DOES NOT ADD UP'),
      );
      // Every success sent again with its Idempotency-Key: the first answer, and nothing moves.
      const replays = await fire(succeeded.map((x) => x.call));
      const same = replays.shots.filter(
        (r, i) => r.status === succeeded[i]?.status && r.body === succeeded[i]?.body,
      );
      const afterReplay = await money(s.base, s.token);
      const idempotent = same.length === succeeded.length && afterReplay === end;
      console.log(
        `  ${succeeded.length} successes sent again with their keys: ${same.length} answered as the first time, ` +
          `balance ${rub(afterReplay)}: ${idempotent ? 'nothing moved' : 'MOVED OR ANSWERED OTHERWISE'}`,
      );
      // The next round tops up again on top of what is left.
      if (!adds || !idempotent || failed.length > 0 || baselineFailed > 0) ok = false;
    }
  } finally {
    await stopServer(server);
  }
  const database = openDatabase({ url: dbUrl, sqlitePath });
  let check: LedgerCheck;
  try {
    check = await checkLedger(database.db);
  } finally {
    await database.close();
  }
  console.log(
    `ledger check: ${check.ok ? 'balanced' : 'NOT BALANCED'} — ${check.txns} txns, ${check.unbalanced.length} unbalanced, ` +
      `${check.drifted.length} drifted balances, ${check.negative.length} customer accounts below zero`,
  );
  // The operator's command on the same database: it must say the same.
  const script = spawnSync('npm', ['run', '--silent', 'ledger:check'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: dbUrl ?? '', SQLITE_PATH: sqlitePath },
    encoding: 'utf8',
  });
  const said = `${script.stdout ?? ''}${script.stderr ?? ''}`.trim().split('\n').pop() ?? '';
  console.log(`npm run ledger:check: exit ${script.status} — ${said}`);
  return { ok: ok && check.ok && script.status === 0 };
}

function rub(kopecks: number): string {
  return `${(kopecks / 100).toLocaleString('ru-RU')} ₽`.replace(/\s/g, ' ');
}

const dir = mkdtempSync(join(tmpdir(), 'bench-payments-'));
console.log(
  `bench/payments: ${REQUESTS} concurrent requests × ${ROUNDS} rounds per database; ${cpus().length} CPUs, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
let allOk = true;
try {
  if (!ONLY_PG) {
    const sqlitePath = join(dir, 'bench.sqlite');
    const r = await runOn(
      'SQLite',
      { DATABASE_URL: '', SQLITE_PATH: sqlitePath },
      undefined,
      sqlitePath,
      dir,
    );
    allOk &&= r.ok;
  }
  if (WITH_PG) {
    const database = await createPgDatabase();
    try {
      const unused = join(dir, 'unused.sqlite');
      const r = await runOn(
        'PostgreSQL',
        { DATABASE_URL: database.url, SQLITE_PATH: unused },
        database.url,
        unused,
        dir,
        database.name,
      );
      allOk &&= r.ok;
    } finally {
      await database.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!allOk) {
  console.log('\nFAILED: see the lines above');
  process.exitCode = 1;
}
