// The order workspace's zip (`POST /api/client/orders/{id}/files/download-zip/`) under load it
// must stand: one order with 40 files of 25 MB (1 000 MB), downloaded over HTTP from a real server
// process on a temporary SQLite file and files directory. Prints the server's peak RSS growth
// while it streams (VmRSS sampled every 50 ms; target ≤ 64 MB) and its throughput beside
// `cat files > /dev/null` timed in the same run (target ≥ 0.5×).
//
// BENCH_ZIP_FILES (40) and BENCH_ZIP_MB (25) change the order's size; BENCH_ZIP_MIME
// (application/pdf: stored as is) picks how the files are zipped — text/plain deflates them.
// BENCH_PROFILE=<folder> writes the server's CPU profile there when it stops.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { api } from '../packages/contract/src/index';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

const FILES = Number(process.env.BENCH_ZIP_FILES ?? 40);
const FILE_MB = Number(process.env.BENCH_ZIP_MB ?? 25);
const MIME = process.env.BENCH_ZIP_MIME ?? 'application/pdf';
const MB = 1024 * 1024;
const SAMPLE_MS = 50;

const dir = mkdtempSync(join(tmpdir(), 'bench-zip-'));
const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  SQLITE_PATH: join(dir, 'bench.sqlite'),
  FILES_DIR: join(dir, 'files'),
  WEB_DIST: join(dir, 'no-web-build'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  ACCESS_TOKEN_TTL: '3600',
};

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on('error', fail);
  });
}

/** A customer, an order and its files: the rows through the app, the bytes straight to storage. */
async function seed(): Promise<{ token: string; orderId: number; paths: string[] }> {
  const app = await buildApp(loadConfig(env), { logger: false });
  await app.ready();
  const reg = await app.inject({
    method: 'POST',
    url: api.profile.root,
    payload: { email: 'zip@example.com', password: 'Bench-Secret-2026', agree: true },
  });
  const token = (reg.json() as { tokens: { access: string } }).tokens.access;
  const db = app.database.db;
  const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const order = await db
    .insertInto('orders')
    .values({ user_id: user.id, status_id: 5, topic: 'Бенчмарк архива', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const paths: string[] = [];
  for (let i = 0; i < FILES; i += 1) {
    const chunks = Array.from({ length: FILE_MB }, () => randomBytes(MB));
    const { storedName, size } = await app.storage.save(Readable.from(chunks));
    await db
      .insertInto('order_files')
      .values({
        order_id: order.id,
        user_id: user.id,
        kind: i % 4 === 3 ? 'final' : 'customer',
        original_name: `Файл ${i % 10}.pdf`,
        stored_name: storedName,
        size,
        mime: MIME,
        created_at: now,
      })
      .execute();
    paths.push(join(env.FILES_DIR, storedName.slice(0, 2), storedName));
  }
  await app.close();
  return { token, orderId: order.id, paths };
}

/** The process's CPU seconds so far (user + system, in USER_HZ = 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${api.health}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

/**
 * Downloads the zip with curl into /dev/null; resolves with the byte count and curl's CPU seconds.
 * curl, not Node's client: reading 1 GB from a socket in JavaScript cost the bench twice the
 * server's CPU, and on a busy machine that wait was in the figure.
 */
function downloadZip(port: number, orderId: number, token: string): Promise<{ bytes: number; cpu: number }> {
  return new Promise((done, fail) => {
    const url = `http://127.0.0.1:${port}${api.orders.downloadZip(orderId)}`;
    const curl = spawn(
      'sh',
      [
        '-c',
        'curl -sS -o /dev/null -w "%{http_code} %{size_download}\\n" -X POST "$@" && cat /proc/$$/stat',
        'sh',
        '-H',
        `authorization: Bearer ${token}`,
        '-H',
        'content-type: application/json',
        '--data',
        '{}',
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    curl.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    curl.on('error', fail);
    curl.on('exit', (code) => {
      const [status, size] = (out.split('\n')[0] ?? '').split(' ');
      if (code !== 0 || status !== '200') return fail(new Error(`zip download failed: ${code} ${out}`));
      // The shell's stat after curl ended: cutime and cstime hold curl's CPU (USER_HZ ticks).
      const fields = out.split('\n')[1]?.split(') ')[1]?.split(' ') ?? [];
      done({ bytes: Number(size), cpu: (Number(fields[13]) + Number(fields[14])) / 100 });
    });
  });
}

function timeCat(paths: string[]): number {
  const started = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', 'cat "$@" > /dev/null', 'cat', ...paths]);
  if (r.status !== 0) throw new Error(`cat failed: ${r.stderr.toString()}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const { token, orderId, paths } = await seed();
const totalMb = FILES * FILE_MB;
const port = await freePort();
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
// cwd: the temporary directory, so that no .env of the checkout is read.
const profile = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];
const server = spawn(
  process.execPath,
  [...profile, '--import', tsx, fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url))],
  {
    cwd: dir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
try {
  await waitForHealth(port);
  // Warm the route up (and the page cache), then take the baseline.
  await downloadZip(port, orderId, token);
  const catBefore = timeCat(paths);
  await new Promise((r) => setTimeout(r, 500));
  const pid = server.pid as number;
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, SAMPLE_MS);
  const cpuBefore = cpuSeconds(pid);
  const started = process.hrtime.bigint();
  const { bytes, cpu: clientCpu } = await downloadZip(port, orderId, token);
  const serverCpu = cpuSeconds(pid) - cpuBefore;
  const zipS = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const catAfter = timeCat(paths);
  const catS = (catBefore + catAfter) / 2;

  const zipMbS = totalMb / zipS;
  const catMbS = totalMb / catS;
  console.log(`files: ${FILES} × ${FILE_MB} MB (${totalMb} MB, ${MIME}); zip: ${(bytes / MB).toFixed(1)} MB`);
  console.log(`server RSS: baseline ${baseline.toFixed(1)} MB, peak ${peak.toFixed(1)} MB`);
  console.log(`peak RSS growth: ${(peak - baseline).toFixed(1)} MB (target ≤ 64 MB)`);
  console.log(
    `zip over HTTP: ${zipS.toFixed(2)} s, ${zipMbS.toFixed(0)} MB/s; server CPU ${serverCpu.toFixed(2)} s, curl CPU ${clientCpu.toFixed(2)} s`,
  );
  console.log(`cat > /dev/null: ${catS.toFixed(2)} s, ${catMbS.toFixed(0)} MB/s (mean of before and after)`);
  console.log(`throughput ratio: ${(zipMbS / catMbS).toFixed(2)}× (target ≥ 0.5×)`);
  // On a busy machine the wall times include the wait for a CPU: MB per server CPU second does not.
  console.log(
    `zip per server CPU second: ${(totalMb / serverCpu).toFixed(0)} MB; load average ${loadavg()[0]?.toFixed(1)}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
