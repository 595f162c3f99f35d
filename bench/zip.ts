// The order workspace's zip (`POST /api/client/orders/{id}/files/download-zip/`) under load it
// must stand: one order with 40 files of 25 MB (1 000 MB), downloaded over HTTP from a real server
// process on a temporary SQLite file and files directory. Prints the server's peak RSS growth
// while it streams (VmRSS sampled every 50 ms; target ≤ 64 MB) and its throughput beside
// `cat files > /dev/null` timed in the same run (target ≥ 0.5×), and beside a bare Node HTTP
// server streaming the same files without a zip: the ceiling of any HTTP download on the machine.
// Medians of BENCH_ZIP_RUNS (3) runs, interleaved.
//
// BENCH_ZIP_FILES (40) and BENCH_ZIP_MB (25) change the order's size; BENCH_ZIP_MIME
// (application/pdf: stored as is) picks how the files are zipped — text/plain deflates them.
// BENCH_PROFILE=<folder> writes the server's CPU profile there when it stops;
// BENCH_ZIP_BARE_CHUNK the bare server's read size (1 MB, as the zip's).
// BENCH_ZIP_S3=1 keeps the files in a bucket of s3rver, run in this process (ADR 040), rather
// than on the disk: the server's RSS and throughput only, without `cat` and the bare stream.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
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
import { startS3 } from '../apps/server/test/support/s3';

const FILES = Number(process.env.BENCH_ZIP_FILES ?? 40);
const FILE_MB = Number(process.env.BENCH_ZIP_MB ?? 25);
const MIME = process.env.BENCH_ZIP_MIME ?? 'application/pdf';
const RUNS = Number(process.env.BENCH_ZIP_RUNS ?? 3);
const MB = 1024 * 1024;
const SAMPLE_MS = 50;
/** Bytes per read of the bare baseline: the zip's own read size (zip.ts). */
const BARE_CHUNK = Number(process.env.BENCH_ZIP_BARE_CHUNK ?? 1024 * 1024);
const s3 = process.env.BENCH_ZIP_S3 === '1' ? await startS3('bench-zip') : null;

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
  ...s3?.env,
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
function downloadZip(
  port: number,
  orderId: number,
  token: string,
  path = api.orders.downloadZip(orderId),
): Promise<{ bytes: number; cpu: number }> {
  return new Promise((done, fail) => {
    const url = `http://127.0.0.1:${port}${path}`;
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

/**
 * The ceiling on this machine: a bare Node HTTP server streaming the same files one after another
 * (`fs.createReadStream` with the zip's read size → the response), no archive, no CRC.
 */
const BARE_SERVER = `
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
const paths = JSON.parse(process.env.BENCH_PATHS);
async function* files() {
  for (const p of paths) yield* createReadStream(p, { highWaterMark: Number(process.env.BENCH_CHUNK) });
}
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  Readable.from(files(), { objectMode: false }).pipe(res);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

/** Starts the bare server; its pid and port. */
async function startBare(paths: string[]): Promise<{ proc: ChildProcess; port: number }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      BENCH_PATHS: JSON.stringify(paths),
      BENCH_CHUNK: String(BARE_CHUNK),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((r) => proc.stdout?.once('data', r));
  return { proc, port };
}

interface Run {
  /** Wall seconds. */
  s: number;
  /** The server's CPU seconds. */
  cpu: number;
  bytes: number;
  curlCpu: number;
}

/** One download from a server process, timed on the wall and by the process's CPU. */
async function timed(pid: number, download: () => Promise<{ bytes: number; cpu: number }>): Promise<Run> {
  const cpuBefore = cpuSeconds(pid);
  const started = process.hrtime.bigint();
  const { bytes, cpu: curlCpu } = await download();
  return {
    s: Number(process.hrtime.bigint() - started) / 1e9,
    cpu: cpuSeconds(pid) - cpuBefore,
    bytes,
    curlCpu,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
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
let bare: ChildProcess | undefined;
try {
  await waitForHealth(port);
  const pid = server.pid as number;
  // On S3 the files are objects of s3rver: no paths for `cat` and the bare stream to read.
  const bareServer = s3 ? null : await startBare(paths);
  bare = bareServer?.proc;
  const bareDownload = () => downloadZip(bareServer?.port ?? 0, 0, '', '/');
  const zipDownload = () => downloadZip(port, orderId, token);
  // Warm both up (and the page cache).
  await zipDownload();
  if (bareServer) await bareDownload();
  await new Promise((r) => setTimeout(r, 500));
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, SAMPLE_MS);
  const zips: Run[] = [];
  const bares: Run[] = [];
  const cats: number[] = [];
  // Interleaved, so that a change in the machine's load falls on all three alike.
  for (let i = 0; i < RUNS; i += 1) {
    if (bareServer) cats.push(timeCat(paths));
    zips.push(await timed(pid, zipDownload));
    if (bareServer) bares.push(await timed(bareServer.proc.pid as number, bareDownload));
  }
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const bytes = zips[0]?.bytes ?? 0;
  if (zips.some((z) => z.bytes !== bytes)) throw new Error('the zip size changed between runs');
  if (bares.some((b) => b.bytes !== totalMb * MB)) throw new Error('the bare stream lost bytes');
  const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  if (s3) {
    const zipS = median(zips.map((z) => z.s));
    const zipCpu = median(zips.map((z) => z.cpu));
    console.log(
      `files on S3 (s3rver in the bench's process): ${FILES} × ${FILE_MB} MB (${totalMb} MB, ${MIME}); zip: ${(bytes / MB).toFixed(1)} MB`,
    );
    console.log(`runs: ${RUNS}, medians below`);
    console.log(`server RSS: baseline ${baseline.toFixed(1)} MB, peak ${peak.toFixed(1)} MB`);
    console.log(`peak RSS growth: ${(peak - baseline).toFixed(1)} MB (target ≤ 64 MB)`);
    console.log(
      `zip over HTTP: ${zipS.toFixed(2)} s (${list(zips.map((z) => z.s))}), ${(totalMb / zipS).toFixed(0)} MB/s; server CPU ${zipCpu.toFixed(2)} s (${list(zips.map((z) => z.cpu))}), ${(totalMb / zipCpu).toFixed(0)} MB per CPU second; load average ${loadavg()[0]?.toFixed(1)}`,
    );
  } else {
    const zipS = median(zips.map((z) => z.s));
    const zipCpu = median(zips.map((z) => z.cpu));
    const bareS = median(bares.map((b) => b.s));
    const bareCpu = median(bares.map((b) => b.cpu));
    const catS = median(cats);
    const zipMbS = totalMb / zipS;
    const bareMbS = totalMb / bareS;
    const catMbS = totalMb / catS;
    console.log(
      `files: ${FILES} × ${FILE_MB} MB (${totalMb} MB, ${MIME}); zip: ${(bytes / MB).toFixed(1)} MB`,
    );
    console.log(`runs: ${RUNS}, medians below (each run: cat, zip, bare stream)`);
    console.log(`server RSS: baseline ${baseline.toFixed(1)} MB, peak ${peak.toFixed(1)} MB`);
    console.log(`peak RSS growth: ${(peak - baseline).toFixed(1)} MB (target ≤ 64 MB)`);
    console.log(
      `zip over HTTP: ${zipS.toFixed(2)} s (${list(zips.map((z) => z.s))}), ${zipMbS.toFixed(0)} MB/s; server CPU ${zipCpu.toFixed(2)} s (${list(zips.map((z) => z.cpu))}), curl CPU ${median(zips.map((z) => z.curlCpu)).toFixed(2)} s`,
    );
    console.log(
      `bare stream over HTTP (no zip, ${BARE_CHUNK / MB} MB reads): ${bareS.toFixed(2)} s (${list(bares.map((b) => b.s))}), ${bareMbS.toFixed(0)} MB/s; its CPU ${bareCpu.toFixed(2)} s`,
    );
    console.log(`cat > /dev/null: ${catS.toFixed(2)} s (${list(cats)}), ${catMbS.toFixed(0)} MB/s`);
    console.log(`throughput ratio: ${(zipMbS / catMbS).toFixed(2)}× of cat (target ≥ 0.5×)`);
    console.log(
      `ceiling: the bare stream is ${(bareMbS / catMbS).toFixed(2)}× of cat; the zip is ${(zipMbS / bareMbS).toFixed(2)}× of the bare stream`,
    );
    // On a busy machine the wall times include the wait for a CPU: MB per server CPU second does not.
    console.log(
      `per server CPU second: zip ${(totalMb / zipCpu).toFixed(0)} MB, bare stream ${(totalMb / bareCpu).toFixed(0)} MB; load average ${loadavg()[0]?.toFixed(1)}`,
    );
  }
} finally {
  bare?.kill('SIGTERM');
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
  await s3?.close();
}
