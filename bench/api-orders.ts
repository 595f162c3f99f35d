// Load test of the orders list: a customer with 1 000 orders in a table of 100 000, and in the
// same run a bare Fastify JSON route as the yardstick. Prints req/s, p99 latency and the ratio
// (target ≥ 0.35). The app runs on a temporary SQLite file with the real migrations.
import { mkdtempSync, rmSync } from 'node:fs';
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
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; the few fields read here are typed above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const TOTAL_ORDERS = 100_000;
const CUSTOMER_ORDERS = 1_000;
const OTHER_USERS = 99;
const ROWS_PER_INSERT = 100;
const ROWS_PER_TRANSACTION = 5_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 16];

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

async function seed(app: FastifyInstance): Promise<string> {
  const reg = await app.inject({
    method: 'POST',
    url: api.profile.root,
    payload: { email: 'bench@example.com', password: 'Zelenyi-Kit-2026', agree: true },
  });
  if (reg.statusCode !== 200) throw new Error(`registration failed: ${reg.body}`);
  const access = (reg.json() as { tokens: { access: string } }).tokens.access;
  const db = app.database.db;
  const customer = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'bench@example.com')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const others: number[] = [];
  for (let i = 0; i < OTHER_USERS; i += 1) {
    const row = await db
      .insertInto('users')
      .values({ email: `other-${i}@example.com`, password_hash: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    others.push(row.id);
  }
  const workTypes = (await db.selectFrom('work_types').select('id').execute()).map((w) => w.id);

  // The customer's orders are spread through the table, as they would be in real life.
  const every = TOTAL_ORDERS / CUSTOMER_ORDERS;
  const started = Date.now();
  for (let from = 0; from < TOTAL_ORDERS; from += ROWS_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      for (let at = from; at < from + ROWS_PER_TRANSACTION; at += ROWS_PER_INSERT) {
        const rows = Array.from({ length: ROWS_PER_INSERT }, (_, k) => {
          const n = at + k;
          const status = STATUSES[n % STATUSES.length] ?? 1;
          return {
            user_id: n % every === 0 ? customer.id : (others[n % OTHER_USERS] ?? customer.id),
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
          } as const;
        });
        await trx.insertInto('orders').values(rows).execute();
      }
    });
  }
  console.log(
    `Inserted ${TOTAL_ORDERS} orders (${CUSTOMER_ORDERS} of the customer) in ${Date.now() - started} ms`,
  );
  return access;
}

async function measure(name: string, url: string, headers?: Record<string, string>) {
  // The load generator runs in a worker thread, so that it does not share the event loop of the
  // servers it measures.
  const opts = { url, connections: CONNECTIONS, workers: 1, ...(headers ? { headers } : {}) };
  // A short warm-up so that JIT and caches do not count against the first run.
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: DURATION_S });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  console.log(
    `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms`,
  );
  return r;
}

const app = await buildApp(config, { logger: false });
const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
try {
  await app.ready();
  const access = await seed(app);
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const check = await fetch(`${appUrl}${api.orders.root}?tab=active`, {
    headers: { authorization: `Bearer ${access}` },
  });
  const page = (await check.json()) as { count: number; results: unknown[] };
  console.log(`The customer's active tab: ${page.count} orders, ${page.results.length} on the page`);

  // The figures move with whatever else the machine runs: print its load alongside them.
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s each; ${cpus().length} CPUs, load ${load()}`,
  );
  const orders = await measure(
    'GET /api/client/orders/?tab=active',
    `${appUrl}${api.orders.root}?tab=active`,
    {
      authorization: `Bearer ${access}`,
    },
  );
  // The cheapest signed-in route of the app: what authentication and the app's hooks cost alone.
  await measure('GET /api/client/profile/ (for reference)', `${appUrl}${api.profile.root}`, {
    authorization: `Bearer ${access}`,
  });
  const hello = await measure('bare Fastify GET / (JSON)', `${bareUrl}/`);
  console.log(`load average after the runs: ${load()}`);
  console.log(
    `ratio orders / bare: ${(orders.requests.average / hello.requests.average).toFixed(2)} (target ≥ 0.35)`,
  );
} finally {
  await app.close();
  await bare.close();
  rmSync(dir, { recursive: true, force: true });
}
