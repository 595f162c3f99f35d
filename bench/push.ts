// Web push latency (ADR 044): the time from a manager's chat message, sent over the real API
// (`POST` to the staff's messages route on a listening server) to a customer with no socket open,
// until the push — encrypted and signed by the server's push queue — reaches a local push service
// on 127.0.0.1. One message per order (the chat pushes an order at most once a minute), one at a
// time, so each figure is one message's own path: the message's transaction, the push queued after
// it, the queue's round, encryption, the POST to the push service.
//
// BENCH_PUSH_MESSAGES (200) messages, each on an order of its own. BENCH_PUSH_DB=postgres runs on
// a fresh PostgreSQL database (BENCH_PG_URL's server, postgres@127.0.0.1:5432 by default); SQLite
// (a temporary file) otherwise.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, referenceApi, staffApi } from '../packages/contract/src/index';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { nowIso } from '../apps/server/src/db/index';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createDatabase, latencyLine } from './chat-support';

const MESSAGES = Number(process.env.BENCH_PUSH_MESSAGES ?? 200);
const ORDERS_PER_CUSTOMER = 20;
const postgres = process.env.BENCH_PUSH_DB === 'postgres';

/** A push service on the loopback: records when each subscription's push arrived. */
async function pushService() {
  const arrived = new Map<string, (at: number) => void>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const at = performance.now();
      const path = (req.url ?? '/').slice(1);
      res.writeHead(req.headers['content-encoding'] === 'aes128gcm' ? 201 : 400).end();
      arrived.get(path)?.(at);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    subscription() {
      const path = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        path,
        endpoint: `${base}/${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      };
    },
    /** Resolves with the time the next push to `path` arrives. */
    next(path: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push to ${path} in 10 s`)), 10_000);
        arrived.set(path, (at) => {
          clearTimeout(timer);
          arrived.delete(path);
          resolve(at);
        });
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-push-'));
const database = postgres ? await createDatabase() : null;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: join(dir, 'no-web'),
  PUBLIC_URL: 'http://localhost:3000',
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  ...(database ? { DATABASE_URL: database.url } : { SQLITE_PATH: join(dir, 'bench.sqlite') }),
});
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const push = await pushService();

async function inject<T>(method: 'GET' | 'POST', url: string, payload?: object, headers = {}): Promise<T> {
  const res = await app.inject({
    method,
    url,
    payload,
    headers,
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

try {
  // The manager who writes, signed in through the API.
  const managerEmail = `bench-manager-${randomUUID()}@example.com`;
  await app.database.db
    .insertInto('staff_users')
    .values({
      email: managerEmail,
      password_hash: await hashPassword('Bench-Staff-2026'),
      role: 'manager',
      name: 'Ольга',
      created_at: nowIso(),
    })
    .execute();
  const manager = await inject<{ access: string }>('POST', staffApi.login, {
    email: managerEmail,
    password: 'Bench-Staff-2026',
  });

  // Customers with a subscribed browser each and their orders, placed through the API.
  const orders: Array<{ orderId: number; path: string }> = [];
  while (orders.length < MESSAGES) {
    const reg = await inject<{ tokens: { access: string } }>('POST', api.profile.root, {
      email: `bench-push-${randomUUID()}@example.com`,
      password: 'Zelenyi-Kit-2026',
      agree: true,
    });
    const auth = { authorization: `Bearer ${reg.tokens.access}` };
    const sub = push.subscription();
    await inject('POST', api.push.subscriptions, { endpoint: sub.endpoint, keys: sub.keys }, auth);
    const workType = (
      await inject<Array<{ id: number; min_pages: number }>>('GET', referenceApi.workTypes, undefined, auth)
    )[0]!;
    for (let i = 0; i < ORDERS_PER_CUSTOMER && orders.length < MESSAGES; i += 1) {
      const placed = await inject<{ id: number }>(
        'POST',
        api.orders.root,
        {
          work_type_id: workType.id,
          topic: 'Влияние цифровизации на малый бизнес',
          deadline: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
          pages: workType.min_pages,
          originality: 60,
        },
        auth,
      );
      await app.database.db.updateTable('orders').set({ status_id: 4 }).where('id', '=', placed.id).execute();
      orders.push({ orderId: placed.id, path: sub.path });
    }
  }

  const latencies: number[] = [];
  for (const [i, { orderId, path }] of orders.entries()) {
    const arrived = push.next(path);
    const t0 = performance.now();
    const res = await fetch(`${origin}${staffApi.messages(orderId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: randomUUID(),
        text: `Добрый день! Проверьте, пожалуйста, план №${i}.`,
      }),
    });
    if (res.status !== 201) throw new Error(`message ${i}: ${res.status} ${await res.text()}`);
    latencies.push((await arrived) - t0);
  }
  const line = latencyLine(latencies);
  console.log(
    `push: chat message → push at the local push service, ${postgres ? 'PostgreSQL' : 'SQLite'}: ${line.text}`,
  );
} finally {
  await app.close();
  await push.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
}
