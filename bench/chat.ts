// The order chat under load ("Measured"): 1 000 sockets over two server instances
// (`node --import tsx apps/server/src/server.ts`, child processes) on a fresh PostgreSQL database
// and a redis-server of the bench's own. 500 orders, each with its customer's socket on one
// instance and its author's on the other; every order's two sides take turns writing, one message
// a second per order, each sent as the web app sends (`POST …/messages/` to the sender's own
// instance) and timed until the other party's socket, on the other instance, has it.
//
// Prints, for a steady window after a warm-up: delivery latency p50/p99, the instances' CPU per
// message (utime + stime from /proc, both instances; Redis, the database's PostgreSQL backends and
// the load generator beside it) and memory per socket (the instances' RSS growth once the sockets
// are open, per socket). Then one instance is stopped (SIGTERM) and started again on the same port
// while the load goes on; its clients reconnect with backoff and jitter and resume over REST, and
// at the end every participant must hold every message of its order exactly once, by id: checked
// against the database, printed as "exactly once: N/N"; the bench exits 1 otherwise.
//
// Baseline, in the same run and before it: the same participants and load over a bare `ws` relay
// through the same Redis (chat-relay.ts, two processes: a frame to relay 1 → Redis → relay 2 →
// the recipient), its p50/p99 and CPU per message, and the ratio of the two p99s.
//
// BENCH_CHAT_ORDERS (500) orders; BENCH_CHAT_INTERVAL_MS (1000) between two messages of an order;
// BENCH_CHAT_WARMUP (10) and BENCH_CHAT_SECONDS (60) seconds; BENCH_CHAT_RESTART_TAIL (20)
// seconds of load after the restarted instance is back; BENCH_CHAT_ONLY=app|baseline runs one.
// BENCH_PG_URL: the PostgreSQL server to create the database on (postgres@127.0.0.1:5432).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { api } from '../packages/contract/src/index';
import { AppClient, type Client, Ledger, RelayClient, type Sent } from './chat-load';
import { exactlyOnce, seed, type Pair } from './chat-data';
import { countsLine, latenciesOf, rssSettled, windowLines, type Meters, type Window } from './chat-report';
import {
  CpuMeter,
  createDatabase,
  freePort,
  latencyLine,
  postgresBackends,
  sleep,
  startRedis,
} from './chat-support';

const ORDERS = Number(process.env.BENCH_CHAT_ORDERS ?? 500);
const INTERVAL_MS = Number(process.env.BENCH_CHAT_INTERVAL_MS ?? 1000);
const WARMUP_S = Number(process.env.BENCH_CHAT_WARMUP ?? 10);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
const TAIL_S = Number(process.env.BENCH_CHAT_RESTART_TAIL ?? 20);
const ONLY = process.env.BENCH_CHAT_ONLY;
/** How long the end waits for the last messages to arrive. */
const DRAIN_MS = Number(process.env.BENCH_CHAT_DRAIN ?? 60) * 1000;
const RATE = (ORDERS * 1000) / INTERVAL_MS;

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
/** BENCH_PROFILE=<folder>: each instance writes a CPU profile there when it stops. */
const profile = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];
const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
const relayEntry = fileURLToPath(new URL('./chat-relay.ts', import.meta.url));

interface RedisRef {
  url: string;
  pid: number;
}

interface Proc {
  proc: ChildProcess;
  pid: number;
}

function spawnNode(
  entry: string,
  env: Record<string, string>,
  cwd: string,
  flags: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...flags, '--import', tsx, entry], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Stops a child; its exit code (server.ts exits 1 when a graceful close takes over 10 s). */
async function stopProc(p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (!p || p.proc.exitCode !== null || p.proc.signalCode !== null) return p?.proc.exitCode ?? null;
  const exited = new Promise<number | null>((r) => p.proc.once('exit', (code) => r(code)));
  p.proc.kill(signal);
  return exited;
}

/** Connects every client, 50 at a time, and waits for all of them to be ready. */
async function connectAll(clients: Client[]): Promise<void> {
  for (let i = 0; i < clients.length; i += 50) {
    await Promise.all(clients.slice(i, i + 50).map((c) => c.connect()));
  }
}

const TEXT = 'Добрый день! Посмотрите, пожалуйста, вторую главу — я добавил источники.';

/**
 * Every order writes a message each INTERVAL_MS, sides taking turns, the orders' clocks spread
 * evenly over the interval. Returns the function that stops it.
 */
function startLoad(pairs: Pair[], ledger: Ledger): () => void {
  const timers: NodeJS.Timeout[] = [];
  pairs.forEach((pair, i) => {
    let k = 0;
    const tick = () => {
      const from = k % 2 === 0 ? pair.customer : pair.performer;
      const to = from === pair.customer ? pair.performer : pair.customer;
      const clientId = `bench-${pair.orderId}-${k}`;
      const entry: Sent = {
        clientId,
        orderId: pair.orderId,
        from,
        to,
        text: `${TEXT} №${k}`,
        t0: performance.now(),
        phase: ledger.phase,
      };
      ledger.sent.set(clientId, entry);
      k += 1;
      from.write(entry);
    };
    const offset = (i * INTERVAL_MS) / pairs.length;
    timers.push(
      setTimeout(() => {
        tick();
        timers.push(setInterval(tick, INTERVAL_MS));
      }, offset),
    );
  });
  return () => {
    for (const t of timers) {
      clearTimeout(t);
      clearInterval(t);
    }
  };
}

/** Waits until every client's outbox is empty and every message reached its other party. */
async function drain(pairs: Pair[], ledger: Ledger): Promise<boolean> {
  const deadline = Date.now() + DRAIN_MS;
  for (;;) {
    const pending =
      pairs.some((p) => p.customer.outbox.length > 0 || p.performer.outbox.length > 0) ||
      [...ledger.sent.values()].some((s) => s.latency === undefined);
    if (!pending) return true;
    if (Date.now() > deadline) return false;
    await sleep(200);
  }
}

/**
 * After a drain that ran out of time: nothing more is sent, the POSTs in flight finish and their
 * frames get a moment to arrive, so that the check counts what was lost, not what was on its way.
 */
async function settle(clients: Client[]): Promise<void> {
  for (const c of clients) c.halt();
  const deadline = Date.now() + 30_000;
  while (clients.some((c) => !c.settled) && Date.now() < deadline) await sleep(100);
  await sleep(3000);
}

function notDrained(pairs: Pair[], ledger: Ledger): string {
  const queued = pairs.reduce((n, p) => n + p.customer.outbox.length + p.performer.outbox.length, 0);
  const away = [...ledger.sent.values()].filter((s) => s.latency === undefined).length - queued;
  return `  NOT DRAINED in ${DRAIN_MS / 1000} s (BENCH_CHAT_DRAIN): ${queued} messages still in the clients' outboxes, ${away} accepted and not yet at their other party — the load is more than the machine serves`;
}

const IDLE_S = 5;

/**
 * Runs the warm-up and the steady window on `pairs`; the steady window's figures. The load is left
 * running (the app's restart continues it); `stop` is returned.
 */
async function steadyWindow(
  pairs: Pair[],
  ledger: Ledger,
  meters: Meters,
): Promise<{ window: Window; stop: () => void }> {
  const idleFrom = meters.servers.total();
  await sleep(IDLE_S * 1000);
  const idle = (meters.servers.total() - idleFrom) / IDLE_S;
  ledger.phase = 'warmup';
  const stop = startLoad(pairs, ledger);
  await sleep(WARMUP_S * 1000);
  ledger.phase = 'steady';
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const before = {
    servers: meters.servers.total(),
    redis: meters.redis.total(),
    postgres: meters.postgres?.total() ?? 0,
    loadgen: process.cpuUsage(),
    t: performance.now(),
    sent: ledger.sent.size,
    accepted: ledger.counts.accepted,
  };
  await sleep(SECONDS * 1000);
  const after = {
    servers: meters.servers.total(),
    redis: meters.redis.total(),
    postgres: meters.postgres?.total() ?? 0,
    loadgen: process.cpuUsage(before.loadgen),
    t: performance.now(),
    sent: ledger.sent.size,
    accepted: ledger.counts.accepted,
  };
  lag.disable();
  ledger.phase = 'restart';
  const window: Window = {
    messages: after.sent - before.sent,
    accepted: after.accepted - before.accepted,
    servers: after.servers - before.servers,
    redis: after.redis - before.redis,
    postgres: after.postgres - before.postgres,
    loadgen: (after.loadgen.user + after.loadgen.system) / 1e6,
    lag: lag.percentile(99) / 1e6,
    steady: [...ledger.sent.values()].filter((s) => s.phase === 'steady'),
    wall: (after.t - before.t) / 1000,
    idle,
  };
  return { window, stop };
}

interface Result {
  p50: number;
  p99: number;
  perMessageUs: number;
  memoryKb: number;
  ok: boolean;
}

async function runBaseline(redis: RedisRef, dir: string): Promise<Result> {
  const ports = [await freePort(), await freePort()];
  const relays: Proc[] = [];
  try {
    for (const port of ports) {
      const proc = spawnNode(relayEntry, { PORT: String(port), REDIS_URL: redis.url }, dir);
      await new Promise<void>((done, fail) => {
        proc.stdout?.once('data', () => done());
        proc.once('exit', (code) => fail(new Error(`the relay exited with ${code}`)));
      });
      relays.push({ proc, pid: proc.pid as number });
    }
    const ledger = new Ledger();
    const pairs: Pair[] = Array.from({ length: ORDERS }, (_, i) => ({
      orderId: i + 1,
      customer: new RelayClient(`c${i + 1}`, i + 1, 'customer', ports[i % 2] as number, ledger),
      performer: new RelayClient(`p${i + 1}`, i + 1, 'staff', ports[(i + 1) % 2] as number, ledger),
    }));
    const clients = pairs.flatMap((p) => [p.customer, p.performer]);
    await sleep(1000);
    const rssBefore = await rssSettled(relays.map((r) => r.pid));
    await connectAll(clients);
    await sleep(2000);
    const rssAfter = await rssSettled(relays.map((r) => r.pid));
    const memoryKb = ((rssAfter[0]! - rssBefore[0]! + rssAfter[1]! - rssBefore[1]!) * 1024) / clients.length;
    const meters: Meters = {
      servers: new CpuMeter(() => relays.map((r) => r.pid)),
      redis: new CpuMeter(() => [redis.pid]),
    };
    const { window, stop } = await steadyWindow(pairs, ledger, meters);
    stop();
    const drained = await drain(pairs, ledger);
    for (const c of clients) c.close();
    const lines = windowLines('baseline (bare ws relay × 2 through Redis)', window, 'relays');
    lines.push(
      `  memory per socket: ${memoryKb.toFixed(1)} KB (relay RSS ${rssBefore.map((b, i) => `${b.toFixed(1)} → ${rssAfter[i]!.toFixed(1)} MB`).join(', ')})`,
    );
    lines.push(countsLine(ledger));
    if (!drained) lines.push(notDrained(pairs, ledger));
    console.log(lines.join('\n'));
    const lat = latencyLine(latenciesOf(window.steady));
    return {
      p50: lat.p50,
      p99: lat.p99,
      perMessageUs: (window.servers / window.accepted) * 1e6,
      memoryKb,
      ok: drained,
    };
  } finally {
    for (const r of relays) await stopProc(r);
  }
}

async function waitForHealth(port: number, proc: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${api.health}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not start');
}

async function runApp(redis: RedisRef, dir: string): Promise<Result> {
  const database = await createDatabase();
  const secret = randomBytes(32).toString('hex');
  const ports = [await freePort(), await freePort()];
  const instances: Proc[] = [];
  const envOf = (port: number): Record<string, string> => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    SMTP_URL: '',
    JWT_SECRET: secret,
    // Longer than the run: a token's expiry (close 4401, refresh) is not what is measured.
    ACCESS_TOKEN_TTL: '3600',
    FILES_DIR: join(dir, 'files'),
    WEB_DIST: join(dir, 'no-web-build'),
    SQLITE_PATH: join(dir, 'unused.sqlite'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const start = async (i: number): Promise<Proc> => {
    const port = ports[i] as number;
    const proc = spawnNode(serverEntry, envOf(port), dir, profile);
    proc.stdout?.pipe(process.stdout);
    await waitForHealth(port, proc);
    return { proc, pid: proc.pid as number };
  };
  try {
    const seeded = await seed(ORDERS, database.url, secret);
    instances[0] = await start(0);
    instances[1] = await start(1);
    const ledger = new Ledger();
    const pairs: Pair[] = seeded.map((s, i) => ({
      orderId: s.orderId,
      customer: new AppClient(
        `c${s.orderId}`,
        s.orderId,
        'customer',
        ports[i % 2] as number,
        ledger,
        s.customerToken,
      ),
      performer: new AppClient(
        `p${s.orderId}`,
        s.orderId,
        'staff',
        ports[(i + 1) % 2] as number,
        ledger,
        s.performerToken,
      ),
    }));
    const clients = pairs.flatMap((p) => [p.customer, p.performer]);
    await sleep(1000);
    const rssBefore = await rssSettled(instances.map((r) => r.pid));
    await connectAll(clients);
    await sleep(2000);
    const rssAfter = await rssSettled(instances.map((r) => r.pid));
    const memoryKb = ((rssAfter[0]! - rssBefore[0]! + rssAfter[1]! - rssBefore[1]!) * 1024) / clients.length;
    const meters: Meters = {
      servers: new CpuMeter(() => instances.map((r) => r.pid)),
      redis: new CpuMeter(() => [redis.pid]),
      postgres: new CpuMeter(() => postgresBackends(database.name)),
    };
    const { window, stop } = await steadyWindow(pairs, ledger, meters);

    // The restart: one instance stopped (SIGTERM: its sockets close 1001) and started again on the
    // same port while the load goes on.
    const restartT0 = performance.now();
    const exitCode = await stopProc(instances[1]);
    const downS = (performance.now() - restartT0) / 1000;
    instances[1] = await start(1);
    const upS = (performance.now() - restartT0) / 1000;
    await sleep(TAIL_S * 1000);
    ledger.phase = 'drain';
    stop();
    const drained = await drain(pairs, ledger);
    const drainS = (performance.now() - restartT0) / 1000 - upS - TAIL_S;
    if (!drained) await settle(clients);
    for (const c of clients) c.close();

    const lines = windowLines('cabinet (2 instances, PostgreSQL, Redis)', window, 'instances');
    lines.push(
      `  memory per socket: ${memoryKb.toFixed(1)} KB (instance RSS ${rssBefore.map((b, i) => `${b.toFixed(1)} → ${rssAfter[i]!.toFixed(1)} MB`).join(', ')})`,
    );
    const restartSent = [...ledger.sent.values()].filter((s) => s.phase === 'restart');
    const byResume = restartSent.filter((s) => s.via === 'resume').length;
    lines.push(
      `restart: instance 2 SIGTERM → exited in ${downS.toFixed(1)} s with code ${exitCode}${exitCode === 0 ? '' : ' (its graceful close did not finish)'} → healthy again at ${upS.toFixed(1)} s; load went on ${TAIL_S} s more, then drained in ${drainS.toFixed(1)} s`,
      `  messages sent from the SIGTERM on: ${restartSent.length}; ${latencyLine(latenciesOf(restartSent)).text}; ${byResume} of them reached the other party by a resume page`,
      `  reconnects ${ledger.counts.reconnects}, sockets ready ${ledger.counts.connects} (${clients.length} at the start), resume pages ${ledger.counts.resumePages}, POST retries ${ledger.counts.postRetries}`,
    );
    lines.push(countsLine(ledger));

    if (!drained) lines.push(notDrained(pairs, ledger));
    const check = await exactlyOnce(database.url, pairs, ledger);
    lines.push(...check.lines);
    console.log(lines.join('\n'));
    const lat = latencyLine(latenciesOf(window.steady));
    return {
      p50: lat.p50,
      p99: lat.p99,
      perMessageUs: (window.servers / window.accepted) * 1e6,
      memoryKb,
      ok: drained && check.ok,
    };
  } finally {
    for (const p of instances) await stopProc(p);
    await database.drop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-chat-'));
const redis = await startRedis();
const ref: RedisRef = { url: redis.url, pid: redis.proc.pid as number };
let failed = false;
try {
  console.log(
    `chat: ${ORDERS} orders, ${ORDERS * 2} sockets over two processes; a message every ${INTERVAL_MS} ms per order, sides taking turns (${RATE.toFixed(0)} msg/s); warm-up ${WARMUP_S} s, measured ${SECONDS} s`,
  );
  let baseline: Result | undefined;
  let app: Result | undefined;
  if (ONLY !== 'app') baseline = await runBaseline(ref, dir);
  if (ONLY !== 'baseline') app = await runApp(ref, dir);
  if (baseline && app) {
    console.log(
      `ratio (cabinet / baseline): p99 ${(app.p99 / baseline.p99).toFixed(2)}× (target ≤ 2×), p50 ${(app.p50 / baseline.p50).toFixed(2)}×, CPU per message ${(app.perMessageUs / baseline.perMessageUs).toFixed(1)}×, memory per socket ${(app.memoryKb / baseline.memoryKb).toFixed(1)}×`,
    );
  }
  if (app) console.log(`target p99 ≤ 50 ms: ${app.p99 <= 50 ? 'met' : 'NOT met'} (${app.p99.toFixed(1)} ms)`);
  failed = !(baseline?.ok ?? true) || !(app?.ok ?? true);
} finally {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}
if (failed) {
  console.error('FAILED: see above');
  process.exitCode = 1;
}
