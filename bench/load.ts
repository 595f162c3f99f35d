// The cabinet under a mixed load (`npm run load -w bench`): many customers with data spread as a
// real service's would be, and the requests the web app makes, in the proportions real use has —
// sign-in 2 %, orders list 40 %, order page 25 %, chat send 20 %, file download 10 %, payment
// status 3 % — every request another customer's (or order's, or file's), so that caches miss as
// they do with real people; the chat sends are writes.
//
// The server runs as production runs it: the compiled server (apps/server/dist/server.js, built
// first when missing) in child processes, started on
//   - SQLite, one instance, direct;
//   - PostgreSQL, one instance, direct;
//   - PostgreSQL + Redis, two instances behind nginx (docs/nginx/cabinet.conf, the site file
//     docs/deploy.md shows and the scale-out test runs; TLS on loopback, as in production).
// For each: a fixed rate (BENCH_RATE, 200 req/s) of requests arriving independently (Poisson, an
// open loop of the bench's own: see openLoop for why not autocannon's rate), each route drawn by
// its share, with p50/p99 per route; then as fast as the machine goes through autocannon (one
// instance per route, connections split by share), with req/s per route and in all. Baselines in the same run: a bare Fastify JSON route, direct and
// behind the same nginx, at the same rate and flat out; and the orders list alone, flat out, over
// every customer in rotation, against the bare route (the ratio ADR 008 tracks).
//
// The load generators share the machine's two cores with the servers: a two-instance run
// measures nginx's and the fan-out's overhead, not scaling.
//
// BENCH_CUSTOMERS (10 000), BENCH_DURATION seconds a phase (15), BENCH_RATE (200),
// BENCH_CASES (sqlite,pg,pg2), BENCH_PG_URL (postgres@127.0.0.1:5432).
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { api, paymentsApi } from '../packages/contract/src/index';
import { openDatabase, type Database } from '../apps/server/src/db/index';
import { NGINX_BIN, renderSite, selfSignedCertificate, startNginx } from '../apps/server/test/support/nginx';
import { createDatabase, freePort, sleep, startRedis } from './chat-support';
import { PASSWORD, pick, seed, type Seeded } from './load-seed';
import { openLoop as openLoopFor, type Request, type RouteFigures } from './open-loop';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests?: Array<{ setupRequest: (req: Request) => Request }>;
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; the few fields read here are typed above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const repoRoot = resolve(import.meta.dirname, '..');
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const CASES = (process.env.BENCH_CASES ?? 'sqlite,pg,pg2').split(',').filter(Boolean);
/** Connections for a flat-out run, split between the routes by their share. */
const CONNECTIONS = 20;

type RouteName = 'sign-in' | 'orders list' | 'order page' | 'chat send' | 'file download' | 'payment status';
const MIX: Array<[RouteName, number]> = [
  ['sign-in', 0.02],
  ['orders list', 0.4],
  ['order page', 0.25],
  ['chat send', 0.2],
  ['file download', 0.1],
  ['payment status', 0.03],
];

/** One request of a route, for a random customer (or their order, file or payment). */
function requestOf(route: RouteName, s: Seeded): Request {
  const auth = (c: number) => ({ authorization: `Bearer ${s.tokens[c]}` });
  switch (route) {
    case 'sign-in': {
      const c = Math.floor(Math.random() * s.emails.length);
      return {
        method: 'POST',
        path: api.auth.login,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: s.emails[c], password: PASSWORD }),
      };
    }
    case 'orders list': {
      const c = Math.floor(Math.random() * s.tokens.length);
      return { method: 'GET', path: `${api.orders.root}?tab=active`, headers: auth(c) };
    }
    case 'order page': {
      const [c, id] = pick(s.orders);
      return { method: 'GET', path: api.orders.byId(id), headers: auth(c) };
    }
    case 'chat send': {
      const [c, id] = pick(s.orders);
      return {
        method: 'POST',
        path: api.orders.messages(id),
        headers: { ...auth(c), 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: randomUUID(), text: 'Посмотрите, пожалуйста, правки к введению.' }),
      };
    }
    case 'file download': {
      const [c, id, fileId] = pick(s.files);
      return { method: 'GET', path: api.orders.fileDownload(id, fileId), headers: auth(c) };
    }
    case 'payment status': {
      const [c, id] = pick(s.payments);
      return { method: 'GET', path: paymentsApi.result(id), headers: auth(c) };
    }
  }
}

const badOf = (r: AutocannonResult) => r.non2xx + r.errors + r.timeouts;

/** The mix against `url` as fast as it goes: one autocannon per route, connections by share. */
async function runMix(url: string, s: Seeded): Promise<RouteFigures[]> {
  const runs = MIX.map(async ([route, share]) => {
    const connections = Math.max(1, Math.round(CONNECTIONS * share));
    const r = await autocannon({
      url,
      connections,
      duration: DURATION_S,
      requests: [{ setupRequest: () => requestOf(route, s) }],
    });
    return { route, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: badOf(r) };
  });
  return Promise.all(runs);
}

/** One route flat out through autocannon. */
async function runOne(url: string, setup?: () => Request) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(setup ? { requests: [{ setupRequest: setup }] } : {}),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: badOf(r) };
}

/** The fixed-rate phase of this run's length. */
const openLoop = (url: string, rate: number, next: () => [string, Request]) =>
  openLoopFor(url, rate, DURATION_S, next);

/** A route of the mix drawn by its share. */
function drawRoute(): RouteName {
  let x = Math.random();
  for (const [route, share] of MIX) {
    x -= share;
    if (x < 0) return route;
  }
  return MIX[MIX.length - 1]?.[0] as RouteName;
}

const f0 = (n: number) => n.toFixed(0);
function printMix(title: string, rows: RouteFigures[]): number {
  console.log(`  ${title}`);
  let total = 0;
  for (const r of rows) {
    total += r.rps;
    console.log(
      `    ${r.route.padEnd(16)} ${f0(r.rps).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms` +
        (r.bad ? `   NOT 2xx: ${r.bad}` : ''),
    );
  }
  console.log(`    ${'all'.padEnd(16)} ${f0(total).padStart(6)} req/s`);
  return total;
}

async function waitForHealth(url: string, proc: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not start');
}

const serverEntry = join(repoRoot, 'apps/server/dist/server.js');
if (!existsSync(serverEntry)) execSync('npm run build -w apps/server', { cwd: repoRoot, stdio: 'inherit' });

async function startInstance(env: Record<string, string>, dir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      SMTP_URL: '',
      WEB_DIST: join(dir, 'no-web-build'),
      PUBLIC_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The operator's details and a payment provider, which production requires to start.
      COMPANY_NAME: 'ООО «Бенч»',
      COMPANY_INN: '7700000000',
      COMPANY_OGRN: '1027700000000',
      COMPANY_ADDRESS: 'Москва',
      PAYMENTS_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS: 'true',
      // One address sends every request here: the per-address limits are not what is measured.
      RATE_MAX_PER_IP: '100000000',
      RATE_MAX_PER_EMAIL: '100000000',
      LOGIN_MAX_FAILS_PER_IP: '100000000',
      UPLOADS_PER_IP: '100000000',
      // Flat-out runs hold the event loop busy on purpose; shedding would answer 503s.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(url, proc);
  return {
    url,
    port,
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

async function behindNginx(ports: number[], dir: string) {
  const tls = await selfSignedCertificate(dir);
  const sitePort = await freePort();
  const socketPort = await freePort();
  const site = renderSite({
    INSTANCES: ports.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n'),
    SITE_LISTEN: `127.0.0.1:${sitePort}`,
    SOCKET_LISTEN: `127.0.0.1:${socketPort}`,
    SERVER_NAME: 'localhost',
    TLS_CERTIFICATE: tls.cert,
    TLS_CERTIFICATE_KEY: tls.key,
  });
  const nginx = await startNginx(dir, site, [sitePort, socketPort]);
  return { url: `https://127.0.0.1:${sitePort}`, stop: () => nginx.stop() };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const secret = randomBytes(32).toString('hex');
const cleanups: Array<() => Promise<unknown>> = [];
try {
  console.log(
    `Mixed cabinet load: ${CUSTOMERS} customers; ${DURATION_S} s a phase; ${cpus().length} CPUs, load ${load()}`,
  );
  console.log(`Mix: ${MIX.map(([r, s]) => `${r} ${(s * 100).toFixed(0)} %`).join(', ')}`);

  // Baselines: a bare Fastify JSON route, direct and behind nginx.
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => bare.close());
  const bareFlat = await runOne(bareUrl);
  const [bareRated] = await openLoop(bareUrl, RATE, () => ['bare', { method: 'GET', path: '/' }]);
  console.log(
    `bare Fastify GET / (JSON), direct: ${f0(bareFlat.rps)} req/s flat out; at ${RATE} req/s p50 ${bareRated?.p50} ms, p99 ${bareRated?.p99} ms`,
  );
  let bareNginxFlat: { rps: number } | undefined;
  if (existsSync(NGINX_BIN)) {
    const nginxDir = join(dir, 'nginx-bare');
    mkdirSync(nginxDir);
    const proxied = await behindNginx([Number(new URL(bareUrl).port)], nginxDir);
    cleanups.push(() => proxied.stop());
    bareNginxFlat = await runOne(`${proxied.url}/`);
    const [rated] = await openLoop(proxied.url, RATE, () => ['bare', { method: 'GET', path: '/' }]);
    console.log(
      `bare Fastify behind nginx (TLS):   ${f0(bareNginxFlat.rps)} req/s flat out (${(bareNginxFlat.rps / bareFlat.rps).toFixed(2)}× direct); at ${RATE} req/s p50 ${rated?.p50} ms, p99 ${rated?.p99} ms`,
    );
  } else {
    console.log(`${NGINX_BIN} is missing: the cases behind nginx are skipped (apt-get install nginx)`);
  }

  const summary: string[] = [];
  for (const name of CASES) {
    const caseDir = join(dir, name);
    const filesDir = join(caseDir, 'files');
    mkdirSync(filesDir, { recursive: true });
    const stops: Array<() => Promise<unknown>> = [];
    try {
      let env: Record<string, string>;
      let database: Database;
      if (name === 'sqlite') {
        const sqlitePath = join(caseDir, 'load.sqlite');
        database = openDatabase({ sqlitePath });
        env = { SQLITE_PATH: sqlitePath, DATABASE_URL: '', REDIS_URL: '', FILES_DIR: filesDir };
      } else {
        const pgDatabase = await createDatabase();
        stops.push(() => pgDatabase.drop());
        database = openDatabase({ url: pgDatabase.url, sqlitePath: ':memory:' });
        env = { DATABASE_URL: pgDatabase.url, REDIS_URL: '', FILES_DIR: filesDir };
      }
      const seeded = await seed(database, filesDir, secret, CUSTOMERS);
      await database.close();
      const instances = name === 'pg2' ? 2 : 1;
      if (instances > 1 && !existsSync(NGINX_BIN)) {
        console.log(`\n${name}: skipped, no nginx`);
        continue;
      }
      if (instances > 1) {
        const redis = await startRedis();
        stops.push(() => redis.stop());
        env = { ...env, REDIS_URL: redis.url };
      }
      const started = [];
      for (let i = 0; i < instances; i += 1) {
        const instance = await startInstance({ ...env, JWT_SECRET: secret }, caseDir);
        stops.push(() => instance.stop());
        started.push(instance);
      }
      let url = started[0]?.url as string;
      let how = 'one instance, direct';
      if (instances > 1) {
        const proxied = await behindNginx(
          started.map((i) => i.port),
          caseDir,
        );
        stops.push(() => proxied.stop());
        url = proxied.url;
        how = `${instances} instances behind nginx (TLS), Redis between them`;
      }
      console.log(`\n${name}: ${how}; ${seeded.counts}`);
      const mixed = (): [string, Request] => {
        const route = drawRoute();
        return [route, requestOf(route, seeded)];
      };
      // A warm-up: JIT, the token verifier's cache and the pools, not the data caches.
      await openLoop(url, RATE, mixed);
      const rated = await openLoop(url, RATE, mixed);
      rated.sort((a, b) => MIX.findIndex(([r]) => r === a.route) - MIX.findIndex(([r]) => r === b.route));
      printMix(`at ${RATE} req/s in all, Poisson arrivals (load ${load()})`, rated);
      const flat = await runMix(url, seeded);
      const total = printMix(`flat out, autocannon (load ${load()})`, flat);
      const list = await runOne(url, () => requestOf('orders list', seeded));
      const yardstick = instances > 1 && bareNginxFlat ? bareNginxFlat.rps : bareFlat.rps;
      console.log(
        `  the mix flat out: ${(total / yardstick).toFixed(2)}× the bare route${instances > 1 ? ' behind nginx' : ''}`,
      );
      console.log(
        `  orders list alone, flat out, every request another of ${CUSTOMERS} customers: ${f0(list.rps)} req/s, ` +
          `p99 ${list.p99} ms; ${(list.rps / yardstick).toFixed(2)}× the bare route${instances > 1 ? ' behind nginx' : ''} (target ≥ 0.35)`,
      );
      const worst = rated.filter((r) => r.route !== 'sign-in').sort((a, b) => b.p99 - a.p99)[0];
      const signIn = rated.find((r) => r.route === 'sign-in');
      const bad = [...rated, ...flat].reduce((n, r) => n + r.bad, 0) + list.bad;
      summary.push(
        `${name.padEnd(7)} at ${RATE} req/s: worst p99 ${worst?.p99} ms (${worst?.route}; target ≤ 15), ` +
          `sign-in p99 ${signIn?.p99} ms (≤ 100); flat out ${f0(total)} req/s; list ${(list.rps / yardstick).toFixed(2)}× bare; not 2xx: ${bad}`,
      );
    } finally {
      for (const stop of stops.reverse()) await stop();
    }
  }
  console.log('\nSummary');
  for (const line of summary) console.log(`  ${line}`);
  if (summary.length >= 2 && CASES.includes('pg') && CASES.includes('pg2')) {
    console.log('  (two instances share the same two cores as one: nginx and the fan-out cost, not scaling)');
  }
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
