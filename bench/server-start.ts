// The compiled server against the sources (ADR 037). Prints:
// - how long `node apps/server/build.mjs` takes, as a process (Node, rolldown and the build);
// - from the spawn to "Server listening", and the process's resident memory then, for the server
//   run from its sources through tsx (its cache of compiled files warm, and cold: a TMPDIR of its
//   own, as after a change or on a fresh machine) and for the compiled build on plain node;
// median (and min–max) of BENCH_RUNS (5), the three start-ups interleaved, on one temporary SQLite
// file the first start migrates, in test mode with no demo data and no web build.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = resolve(import.meta.dirname, '..');
const scratch = join(root, 'apps/server/.tmp');
mkdirSync(scratch, { recursive: true });
const outDir = mkdtempSync(join(scratch, 'bench-build-'));
const dir = mkdtempSync(join(tmpdir(), 'bench-server-start-'));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

/** Runs node with `args` to its end; resolves with the wall time in ms. */
function timed(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((done, fail) =>
    child.on('exit', (code) =>
      code === 0 ? done(performance.now() - started) : fail(new Error(`${args.join(' ')} exited ${code}`)),
    ),
  );
}

/** The resident memory of a process in MB (Linux), or NaN. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Starts the server with `args`, times it to "Server listening", takes its memory, stops it. */
function start(args: string[], env: Record<string, string> = {}): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      JWT_SECRET: '',
      SQLITE_PATH: join(dir, 'bench.sqlite'),
      FILES_DIR: join(dir, 'files'),
      WEB_DIST: join(dir, 'no-web-build'),
      ...env,
    },
  });
  let output = '';
  return new Promise((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!output.includes('Server listening')) return;
      const ms = performance.now() - started;
      const rss = rssMb(child.pid ?? 0);
      child.kill('SIGTERM');
      child.on('exit', () => done({ ms, rss }));
      output = '';
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) fail(new Error(`the server exited ${code}:\n${output}`));
    });
  });
}

try {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${RUNS} runs`,
  );
  const builds: number[] = [];
  for (let i = 0; i < RUNS; i += 1) builds.push(await timed(['apps/server/build.mjs', outDir]));
  console.log(
    `build (node apps/server/build.mjs): median ${median(builds).toFixed(0)} ms (${range(builds)})`,
  );

  const cases: Array<{ name: string; args: string[]; env?: () => Record<string, string> }> = [
    { name: 'sources, tsx, warm cache', args: ['--import', 'tsx', 'apps/server/src/server.ts'] },
    {
      name: 'sources, tsx, cold cache',
      args: ['--import', 'tsx', 'apps/server/src/server.ts'],
      env: () => ({ TMPDIR: mkdtempSync(join(dir, 'tsx-cache-')) }),
    },
    { name: 'compiled, plain node', args: [join(outDir, 'server.js')] },
  ];
  // The first start migrates the database and warms tsx's cache: not counted.
  await start(cases[0]!.args);
  const results = cases.map(() => ({ ms: [] as number[], rss: [] as number[] }));
  for (let i = 0; i < RUNS; i += 1) {
    for (const [n, c] of cases.entries()) {
      const r = await start(c.args, c.env?.());
      results[n]!.ms.push(r.ms);
      results[n]!.rss.push(r.rss);
    }
  }
  for (const [n, c] of cases.entries()) {
    const r = results[n]!;
    console.log(
      `start to listening, ${c.name}: median ${median(r.ms).toFixed(0)} ms (${range(r.ms)}), ` +
        `RSS ${median(r.rss).toFixed(0)} MB`,
    );
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}
