// Title pages and certificate PDFs in the document pool's worker threads (ADR 024). Prints:
// - the CPU of one maximum-size title page (every field at its longest, no space to break at),
//   built on this thread without a pool: the first and the median of BENCH_DOC_RENDERS (10);
// - how long a fresh pool thread takes to its first file (loading tsx, pdf-lib, fontkit, docx);
// - from a real server process (`node --import tsx apps/server/src/server.ts`, temporary SQLite):
//   /api/health/ idle (the baseline, in the same run), then while two maximum-size title pages
//   are in flight (target ≤ 300 ms), over BENCH_DOC_ROUNDS (5) rounds, and the pages' own time.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { api } from '../packages/contract/src/index';
import { DocumentPool } from '../apps/server/src/plugins/documents';
import { titlePageDocx } from '../apps/server/src/modules/title-page/docx';
import { titlePageLayout } from '../apps/server/src/modules/title-page/layout';
import { titlePagePdf } from '../apps/server/src/modules/title-page/pdf';
import type renderTitlePage from '../apps/server/src/modules/title-page/render';

const RENDERS = Number(process.env.BENCH_DOC_RENDERS ?? 10);
const ROUNDS = Number(process.env.BENCH_DOC_ROUNDS ?? 5);
const PROBE_EVERY_MS = 10;

/** Every field at its contract maximum, without a space: the most a layout can be asked to cut. */
const fields = {
  university: 'Ш'.repeat(300),
  faculty: 'Щ'.repeat(200),
  department: 'Ж'.repeat(200),
  work_type: 'Ю'.repeat(100),
  subject: 'Ш'.repeat(200),
  topic: 'Щ'.repeat(500),
  student_name: 'Ж'.repeat(150),
  group: 'Ю'.repeat(50),
  supervisor: 'Ш'.repeat(150),
  supervisor_title: 'Щ'.repeat(150),
  city: 'Ж'.repeat(100),
  year: 2026,
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** CPU (user + system) of `fn`, in ms: this process has no other thread busy meanwhile. */
async function cpuOf(fn: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

// 1. One maximum-size title page on this thread.
const layout = titlePageLayout(fields);
for (const [name, build] of [
  ['PDF', () => titlePagePdf(layout)],
  ['DOCX', () => titlePageDocx(layout)],
] as const) {
  const first = await cpuOf(build);
  const rest: number[] = [];
  for (let i = 0; i < RENDERS; i += 1) rest.push(await cpuOf(build));
  console.log(
    `max title page ${name} CPU on one thread: first ${ms(first)}, median of ${RENDERS} ${ms(median(rest))}`,
  );
}

// 2. A fresh pool thread to its first file, then a warm one.
{
  const pool = new DocumentPool({
    workers: 1,
    timeoutMs: 120_000,
    queueMax: 0,
    onError: (err) => console.error(err),
  });
  const render = pool.renderer<typeof renderTitlePage>(
    new URL('../apps/server/src/modules/title-page/render.ts', import.meta.url),
  );
  let started = performance.now();
  await render({ format: 'pdf', layout });
  const cold = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < RENDERS; i += 1) {
    started = performance.now();
    await render({ format: 'pdf', layout });
    warm.push(performance.now() - started);
  }
  await pool.close();
  console.log(`pool thread: start + first max PDF ${ms(cold)}; warm max PDF median ${ms(median(warm))}`);
}

// 3. A real server: /api/health/ idle, then during two maximum-size title pages.
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

const dir = mkdtempSync(join(tmpdir(), 'bench-documents-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
// cwd: the temporary directory, so that no .env of the checkout is read.
const server: ChildProcess = spawn(
  process.execPath,
  ['--import', tsx, fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url))],
  {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      SQLITE_PATH: join(dir, 'bench.sqlite'),
      FILES_DIR: join(dir, 'files'),
      WEB_DIST: join(dir, 'no-web-build'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      RATE_MAX_PER_IP: '100000',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

async function health(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/health/`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`health answered ${res.status}`);
  return performance.now() - started;
}

try {
  for (let i = 0; ; i += 1) {
    try {
      await health();
      break;
    } catch (err) {
      if (i > 600) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const reg = await fetch(`${base}${api.profile.root}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'documents@example.com', password: 'Bench-Secret-2026', agree: true }),
  });
  const token = ((await reg.json()) as { tokens: { access: string } }).tokens.access;
  const titlePage = async () => {
    const started = performance.now();
    const res = await fetch(`${base}${api.content.titlePage}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, format: 'pdf' }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`title page answered ${res.status}`);
    return performance.now() - started;
  };
  // The first page waits for the pool's threads, which start with the server: apart from the rounds.
  const first = await titlePage();

  const idle: number[] = [];
  for (let i = 0; i < 50; i += 1) idle.push(await health());
  const during: number[] = [];
  const pages: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let building = 2;
    const two = [titlePage(), titlePage()].map((p) =>
      p.finally(() => {
        building -= 1;
      }),
    );
    while (building > 0) {
      const t = await health();
      if (building > 0) during.push(t);
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
    pages.push(...(await Promise.all(two)));
  }
  console.log(`server: first max title page after start ${ms(first)} (threads starting with the server)`);
  console.log(
    `/api/health/ idle: median ${ms(median(idle))}, max ${ms(Math.max(...idle))} (baseline, 50 probes)`,
  );
  console.log(
    `/api/health/ during two max title pages: median ${ms(median(during))}, max ${ms(Math.max(...during))} ` +
      `(${during.length} probes over ${ROUNDS} rounds; target ≤ 300 ms)`,
  );
  console.log(
    `max title page PDF over HTTP, two at a time: median ${ms(median(pages))}, max ${ms(Math.max(...pages))}`,
  );
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
