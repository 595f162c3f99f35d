// Load test of the orders list against a bare Fastify JSON route as the yardstick, in one run:
// - one customer with 1 000 orders, whose page the list page cache always holds (target ≥ 0.35);
// - 5 000 customers with 20 orders each, every request another customer with their own access
//   token, so that the page cache misses as it does with real people (target ≥ 0.20, p99 ≤ 10 ms).
// The 101 000 orders share one table; the app runs on a temporary SQLite file with the real
// migrations. Prints req/s, p99 latency and both ratios to the bare route (the mean of a run
// before and one after the app's).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { api } from '../packages/contract/src/index';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
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
  return { cached: tokens[0] ?? '', rotating: tokens.slice(1) };
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

async function measure(
  name: string,
  url: string,
  how: { headers?: Record<string, string>; setupRequest?: string } = {},
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
  // A short warm-up so that JIT and caches do not count against the first run.
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: DURATION_S });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  console.log(
    `${name.padEnd(58)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms`,
  );
  return r;
}

const app = await buildApp(config, { logger: false });
const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
try {
  await app.ready();
  const tokens = await seed(app);
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
  const cached = await measure(`GET ${LIST}, one customer (page cached)`, `${appUrl}${LIST}`, {
    headers: { authorization: `Bearer ${tokens.cached}` },
  });
  const rotating = await measure(
    `GET ${LIST}, ${ROTATING_CUSTOMERS} customers in rotation`,
    `${appUrl}${LIST}`,
    { setupRequest: rotatingTokens(tokens.rotating) },
  );
  // The cheapest signed-in route of the app: what authentication and the app's hooks cost alone.
  await measure('GET /api/client/profile/ (for reference)', `${appUrl}${api.profile.root}`, {
    headers: { authorization: `Bearer ${tokens.cached}` },
  });
  const bareAfter = await measure('bare Fastify GET / (JSON), after', `${bareUrl}/`);
  console.log(`load average after the runs: ${load()}`);
  const yardstick = (bareBefore.requests.average + bareAfter.requests.average) / 2;
  const ratio = (r: AutocannonResult) => (r.requests.average / yardstick).toFixed(2);
  console.log(`ratio one cached customer / bare: ${ratio(cached)} (target ≥ 0.35)`);
  console.log(
    `ratio customers in rotation / bare: ${ratio(rotating)}, p99 ${rotating.latency.p99} ms ` +
      '(target ≥ 0.20 with p99 ≤ 10 ms)',
  );
} finally {
  await app.close();
  await bare.close();
  rmSync(dir, { recursive: true, force: true });
}
