// What bench/chat.ts needs around the load itself: ports, a Redis of its own, a PostgreSQL
// database of its own, process CPU and memory from /proc, percentiles and the reconnect backoff.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on('error', fail);
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The process's CPU seconds so far (user + system, in USER_HZ = 100 ticks a second); 0 once gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * The PostgreSQL backends serving one database: their process titles read
 * `postgres: [<cluster>: ]<user> <database> <host>(<port>) <state>`. The shared server's other
 * databases and its background processes (WAL writer, checkpointer) are not counted.
 */
export function postgresBackends(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (/^postgres: (?:\S+: )?\S+ (\S+) /.exec(cmd)?.[1] === database) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU seconds of a set of processes, remembered per pid: a process that ended keeps what it had
 * been seen to use (PostgreSQL backends come and go with the pools).
 */
export class CpuMeter {
  private readonly seen = new Map<number, number>();

  constructor(private readonly pids: () => number[]) {}

  /** Samples every process; the sum of everything seen so far. */
  total(): number {
    for (const pid of this.pids()) {
      const s = cpuSeconds(pid);
      if (s > 0) this.seen.set(pid, s);
    }
    let sum = 0;
    for (const s of this.seen.values()) sum += s;
    return sum;
  }
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/** p50 / p99 / max of latencies in ms, as one line's text. */
export function latencyLine(values: number[]): { p50: number; p99: number; text: string } {
  const sorted = Float64Array.from(values).sort();
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const max = sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN;
  return {
    p50,
    p99,
    text: `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms (${values.length} messages)`,
  };
}

/**
 * The delay before reconnect attempt `attempt` (0-based): "full jitter" exponential backoff, a
 * uniform draw in [0, min(cap, base·2^attempt)], so that a thousand sockets dropped at once by a
 * restart come back spread out instead of in one stampede.
 */
export function backoffMs(attempt: number, baseMs = 250, capMs = 5_000): number {
  return Math.random() * Math.min(capMs, baseMs * 2 ** attempt);
}

/** A redis-server of the bench's own on a free port: no persistence, stopped at the end. */
export async function startRedis(): Promise<{ url: string; proc: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((done, fail) => {
    let out = '';
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Ready to accept connections')) done();
    });
    proc.once('exit', (code) => fail(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  proc.stdout?.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    proc,
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A fresh database on the shared PostgreSQL (`BENCH_PG_URL`, the local server by default), dropped
 * by `drop()` once every instance has stopped.
 */
export async function createDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_chat_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // Only the bench's own processes use it, and they have stopped: force out what lingers.
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
