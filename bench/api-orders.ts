// Load test of the orders list against a bare Fastify JSON route as the yardstick, in one run:
// - one customer with 1 000 orders, whose page the list page cache always holds (target ≥ 0.35);
// - 5 000 customers with 20 orders each, every request another customer with their own access
//   token, so that the page cache misses as it does with real people (target ≥ 0.20, p99 ≤ 10 ms).
// The 101 000 orders share one table; the app runs on a temporary SQLite file with the real
// migrations. Prints req/s, p99 latency and both ratios to the bare route (the mean of a run
// before and one after the app's), and the CPU one page costs to render when the cache misses,
// measured in the process without HTTP.
//
// BENCH_DURATION: seconds per case (10). BENCH_PROFILE=<folder>: write a CPU profile of the
// server's thread during each case of the app (<folder>/<case>.cpuprofile), for Chrome DevTools.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { ORDERS_PAGE_SIZE, api } from '../packages/contract/src/index';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration?: number;
  /** Requests to send, instead of a duration. */
  amount?: number;
  workers?: number;
  headers?: Record<string, string>;
  /** With workers, `setupRequest` is the path of a CommonJS module exporting the function. */
  requests?: Array<{ setupRequest: string }>;
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; the few fields read here are typed above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CACHED_ORDERS = 1_000;
const ROTATING_CUSTOMERS = 5_000;
const ROTATING_ORDERS = 20;
const TOTAL_ORDERS = CACHED_ORDERS + ROTATING_CUSTOMERS * ROTATING_ORDERS;
const ROWS_PER_INSERT = 500;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 16];
const LIST = `${api.orders.root}?tab=active`;
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** The unit of /proc's CPU times (USER_HZ), 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_S = 100;
/** Pages rendered in the process for the CPU figure, each of another rotating customer. */
const RENDERED_PAGES = 20_000;

const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: '0',
  SQLITE_PATH: join(dir, 'bench.sqlite'),
  FILES_DIR: join(dir, 'files'),
  WEB_DIST: join(dir, 'no-web-build'),
  ACCESS_TOKEN_TTL: '3600',
});

interface Seeded {
  /** The access token of the customer with 1 000 orders. */
  cached: string;
  /** One access token for each of the customers with 20 orders. */
  rotating: string[];
  /** Their ids, in the same order. */
  rotatingIds: number[];
}

/** Users and orders written in bulk through the app's database, in one transaction. */
async function seed(app: FastifyInstance): Promise<Seeded> {
  const db = app.database.db;
  const now = new Date().toISOString();
  const workTypes = (await db.selectFrom('work_types').select('id').execute()).map((w) => w.id);
  const started = Date.now();
  const ids = await db.transaction().execute(async (trx) => {
    const emails = Array.from({ length: ROTATING_CUSTOMERS + 1 }, (_, i) =>
      i === 0 ? 'bench@example.com' : `customer-${i}@example.com`,
    );
    const userIds: number[] = [];
    for (let at = 0; at < emails.length; at += ROWS_PER_INSERT) {
      const rows = emails
        .slice(at, at + ROWS_PER_INSERT)
        .map((email) => ({ email, password_hash: null, created_at: now }));
      const inserted = await trx.insertInto('users').values(rows).returning('id').execute();
      userIds.push(...inserted.map((r) => r.id));
    }
    // Orders are spread through the table, as they are in real life: every 101st row is the
    // cached customer's, the rest go round the other customers.
    const every = TOTAL_ORDERS / CACHED_ORDERS;
    let others = 0;
    for (let from = 0; from < TOTAL_ORDERS; from += ROWS_PER_INSERT) {
      const rows = [];
      for (let n = from; n < Math.min(from + ROWS_PER_INSERT, TOTAL_ORDERS); n += 1) {
        const owner = n % every === 0 ? userIds[0] : userIds[1 + (others++ % ROTATING_CUSTOMERS)];
        const status = STATUSES[n % STATUSES.length] ?? 1;
        rows.push({
          user_id: owner ?? 0,
          status_id: status,
          is_fake: n % 50 === 7 ? 1 : 0,
          is_trash: status === 16 ? 1 : 0,
          trashed_from_status: status === 16 ? 1 : null,
          work_type_id: workTypes[n % workTypes.length] ?? null,
          topic: `Тема работы №${n}`,
          deadline: '2027-05-20',
          pages: 20 + (n % 30),
          originality: 60,
          links: '[]',
          cost: 1_000_000,
          discount: 0,
          price: 1_000_000,
          created_at: now,
          updated_at: now,
        } as const);
      }
      await trx.insertInto('orders').values(rows).execute();
    }
    return userIds;
  });
  console.log(
    `Inserted ${ids.length} customers and ${TOTAL_ORDERS} orders (${CACHED_ORDERS} of one customer, ` +
      `${ROTATING_ORDERS} of each other) in ${Date.now() - started} ms`,
  );
  const tokens = await Promise.all(ids.map(async (id) => (await app.accessTokens.issue(id)).access));
  return { cached: tokens[0] ?? '', rotating: tokens.slice(1), rotatingIds: ids.slice(1) };
}

/**
 * A module for autocannon's worker that gives every request the next customer's token, so that
 * consecutive requests never share a customer and each one comes back after 4 999 others.
 */
function rotatingTokens(tokens: string[]): string {
  const path = join(dir, 'rotate-tokens.cjs');
  writeFileSync(
    path,
    `const tokens = ${JSON.stringify(tokens)};
let next = 0;
module.exports = function setupRequest(request) {
  request.headers = { ...request.headers, authorization: 'Bearer ' + tokens[next] };
  next = (next + 1) % tokens.length;
  return request;
};
`,
  );
  return path;
}

/**
 * The CPU (user + system, this process) that rendering one page of the active tab costs when the
 * page cache misses: every call another rotating customer, in turn, so that each comes back after
 * 4 999 others, past the cache's 1 000 pages; the median of ten rounds. Steadier than req/s on a shared machine, as it counts only this process's
 * work.
 */
async function cpuPerPage(app: FastifyInstance, ids: number[]): Promise<number> {
  const orders = app.ordersService;
  const query = { tab: 'active', page: 1, page_size: ORDERS_PAGE_SIZE } as const;
  const rounds: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    const perRound = RENDERED_PAGES / 10;
    const start = process.cpuUsage();
    for (let i = 0; i < perRound; i += 1) {
      await orders.listJson(ids[(round * perRound + i) % ids.length] ?? 0, query);
    }
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / perRound);
  }
  rounds.sort((a, b) => a - b);
  return ((rounds[4] ?? 0) + (rounds[5] ?? 0)) / 2;
}

/**
 * The CPU time this process's main thread — the servers' event loop, not autocannon's worker — has
 * used, user and system (the kernel's share of writing answers to sockets), in µs; Linux only.
 */
function serverThreadCpu(): { user: number; system: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tick = 1e6 / CLOCK_TICKS_PER_S;
  return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick };
}

/** A CPU profile of this thread while `run` runs, written to BENCH_PROFILE/<name>.cpuprofile. */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

async function measure(
  name: string,
  url: string,
  how: { headers?: Record<string, string>; setupRequest?: string; warmUpRequests?: number } = {},
) {
  // The load generator runs in a worker thread, so that it does not share the event loop of the
  // servers it measures.
  const opts = {
    url,
    connections: CONNECTIONS,
    workers: 1,
    ...(how.headers ? { headers: how.headers } : {}),
    ...(how.setupRequest ? { requests: [{ setupRequest: how.setupRequest }] } : {}),
  };
  // A short warm-up so that JIT and caches do not count against the first run; in rotation, one
  // request of every customer, so that each token has been checked once, as a customer's token is
  // on all but their first request (the access-token verifier keeps 10 000; the page cache, 1 000
  // pages, still misses on every request).
  await autocannon(how.warmUpRequests ? { ...opts, amount: how.warmUpRequests } : { ...opts, duration: 1 });
  const before = serverThreadCpu();
  const r = await autocannon({ ...opts, duration: DURATION_S });
  const after = serverThreadCpu();
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  // What the server's thread spent per answer: steadier than req/s when other work shares the
  // CPUs, as time spent waiting for a CPU is not counted.
  const cpu =
    before && after && r.requests.total > 0
      ? {
          user: (after.user - before.user) / r.requests.total,
          system: (after.system - before.system) / r.requests.total,
        }
      : undefined;
  console.log(
    `${name.padEnd(58)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms` +
      (cpu
        ? `   server CPU ${(cpu.user + cpu.system).toFixed(0).padStart(3)} µs/req (${cpu.system.toFixed(0)} system)`
        : ''),
  );
  return { ...r, cpu };
}

const app = await buildApp(config, { logger: false });
const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
try {
  await app.ready();
  const tokens = await seed(app);
  // What the orders take on disk, the list's read model (migration 009) included.
  const reader = app.database.reader;
  if (reader) {
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const size =
      (reader.pragma('page_count', { simple: true }) as number) *
      (reader.pragma('page_size', { simple: true }) as number);
    const items = reader
      .prepare("select sum(pgsize) from dbstat where name = 'order_list_items'")
      .pluck()
      .get() as number;
    console.log(`Database: ${mb(size)}, of which the list's read model ${mb(items)}`);
  }
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  for (const [who, token] of [
    ['The cached customer', tokens.cached],
    ['A rotating customer', tokens.rotating[0] ?? ''],
  ] as const) {
    const check = await fetch(`${appUrl}${LIST}`, { headers: { authorization: `Bearer ${token}` } });
    const page = (await check.json()) as { count: number; results: unknown[] };
    console.log(`${who}'s active tab: ${page.count} orders, ${page.results.length} on the page`);
  }

  // The figures move with whatever else the machine runs: print its load alongside them.
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s each; ${cpus().length} CPUs, load ${load()}`,
  );
  // The yardstick before and after the app's runs, and their mean as the denominator: on a shared
  // machine the bare route alone has swung by half between runs minutes apart.
  const bareBefore = await measure('bare Fastify GET / (JSON), before', `${bareUrl}/`);
  const cached = await profiled('cached', () =>
    measure(`GET ${LIST}, one customer (page cached)`, `${appUrl}${LIST}`, {
      headers: { authorization: `Bearer ${tokens.cached}` },
    }),
  );
  const rotating = await profiled('rotating', () =>
    measure(`GET ${LIST}, ${ROTATING_CUSTOMERS} customers in rotation`, `${appUrl}${LIST}`, {
      setupRequest: rotatingTokens(tokens.rotating),
      warmUpRequests: ROTATING_CUSTOMERS,
    }),
  );
  // The cheapest signed-in route of the app: what authentication and the app's hooks cost alone.
  await profiled('profile', () =>
    measure('GET /api/client/profile/ (for reference)', `${appUrl}${api.profile.root}`, {
      headers: { authorization: `Bearer ${tokens.cached}` },
    }),
  );
  const bareAfter = await measure('bare Fastify GET / (JSON), after', `${bareUrl}/`);
  console.log(`load average after the runs: ${load()}`);
  const cpu = await cpuPerPage(app, tokens.rotatingIds);
  console.log(`CPU per page rendered on a cache miss, in the process: ${cpu.toFixed(0)} µs`);
  const yardstick = (bareBefore.requests.average + bareAfter.requests.average) / 2;
  const ratio = (r: AutocannonResult) => (r.requests.average / yardstick).toFixed(2);
  // The same ratio from the server thread's CPU per answer, which waiting for a CPU does not move.
  const bareCpu =
    bareBefore.cpu && bareAfter.cpu
      ? (bareBefore.cpu.user + bareBefore.cpu.system + bareAfter.cpu.user + bareAfter.cpu.system) / 2
      : undefined;
  const cpuRatio = (r: { cpu: { user: number; system: number } | undefined }) =>
    bareCpu && r.cpu
      ? ` (by server CPU per answer: ${(bareCpu / (r.cpu.user + r.cpu.system)).toFixed(2)})`
      : '';
  console.log(`ratio one cached customer / bare: ${ratio(cached)}${cpuRatio(cached)} (target ≥ 0.35)`);
  console.log(
    `ratio customers in rotation / bare: ${ratio(rotating)}${cpuRatio(rotating)}, p99 ${rotating.latency.p99} ms ` +
      '(target ≥ 0.20 with p99 ≤ 10 ms)',
  );
} finally {
  await app.close();
  await bare.close();
  rmSync(dir, { recursive: true, force: true });
}
