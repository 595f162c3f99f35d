import { ChatMessageSchema, ChatPageSchema, api, staffApi, type ChatMessage } from '@cabinet/contract';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../src/modules/chat/types';
import { errorMessages } from '../src/plugins/errors';
import { type TestSocket, listenForSockets } from './chat-socket-client';
import { clusterChatOrder } from './chat-fixtures';
import { PASSWORD } from './helpers';
import type { TestStaff } from './staff-fixtures';
import { buildAppOn, startPostgres, type TempPostgres } from './support/postgres';
import { freePort, startRedis, stopRedis } from './support/redis';

type Auth = { authorization: string };
type Instance = Awaited<ReturnType<typeof buildAppOn>>;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Redis restarted under two instances of the app (ADR 041): a Redis of the test's own
 * (`redis-server --save "" --appendonly no` on a free port) and a PostgreSQL cluster of its own,
 * shared by both instances — never the shared services. The customer's socket is on one, the
 * author's on the other, and both keep writing while Redis is killed and started again on its
 * port. The messages are all stored, each once; what the bus dropped meanwhile each client gets
 * over REST from the last id it had, and the push between the instances resumes by itself.
 *
 * Run by `npm run test:services` (PostgreSQL binaries and redis-server there, `.ci/run`); skipped
 * by the plain `npm test`. apps/server/test/chat-cluster.test.ts covers an outage between sends.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'Redis restarted under two instances (services suite only, `npm run test:services`: needs initdb and redis-server)',
  () => {
    let pg: TempPostgres;
    let redisPort: number;
    let redis: ChildProcess;
    let one: Instance;
    let two: Instance;
    let author: TestStaff;
    let customer: { email: string; auth: Auth };
    let orderId: number;
    let customerSocket: TestSocket;
    let authorSocket: TestSocket;

    /** Resolves once a batch published on `from` reaches `to` through Redis (probes go to nobody). */
    const busCarries = async (from: Instance, to: Instance, timeoutMs = 15_000) => {
      const probe = `probe-${randomUUID()}`;
      let arrived = false;
      const off = to.app.chatBus.subscribe((batch) => {
        if (batch.some((d) => d.exceptSocket === probe)) arrived = true;
      });
      try {
        const end = Date.now() + timeoutMs;
        while (!arrived) {
          if (Date.now() > end) throw new Error('the bus did not come back');
          const nobody: Delivery = {
            to: { customer: 0 },
            frame: { type: 'unread', payload: { order_id: 1, unread: 0, total: 0 } },
            exceptSocket: probe,
          };
          await from.app.chatBus.publish([nobody]);
          await pause(100);
        }
      } finally {
        off();
      }
    };

    /** Every message after `after`, page by page, oldest first: a client's resume. */
    const resume = async (t: Instance, who: Auth, url: string, after: number) => {
      const got: ChatMessage[] = [];
      for (let last = after, more = true; more;) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?after=${last}&limit=5`, headers: who });
        expect(res.statusCode, res.body).toBe(200);
        const page = ChatPageSchema.parse(res.json());
        const oldestFirst = [...page.results].reverse();
        got.push(...oldestFirst);
        more = page.has_more;
        last = oldestFirst.at(-1)?.id ?? last;
      }
      return got;
    };

    /** The ids of the messages a socket was pushed, in the order it got them. */
    const pushedTo = (s: TestSocket) => s.of('message').map((f) => f.payload.message.id);

    beforeAll(async () => {
      redisPort = await freePort();
      [redis, pg] = await Promise.all([startRedis(redisPort), startPostgres()]);
      const shared = {
        DATABASE_URL: pg.url(),
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        // Both instances sign and check the same tokens.
        JWT_SECRET: `faults-redis-secret-${randomUUID()}`,
      };
      one = await buildAppOn(shared);
      two = await buildAppOn(shared);
      const base1 = await listenForSockets(one.app);
      const base2 = await listenForSockets(two.app);
      await busCarries(one, two);
      await busCarries(two, one);

      const placed = await clusterChatOrder(one.app, two.app, base1, base2);
      ({ author, orderId, customerSocket, authorSocket } = placed);
      customer = { email: placed.email, auth: placed.customer };
    });

    afterAll(async () => {
      customerSocket?.close();
      authorSocket?.close();
      try {
        await two?.close();
        await one?.close();
      } finally {
        if (redis) await stopRedis(redis);
        await pg?.destroy();
      }
    });

    it('/readyz names Redis while it is down, on both instances; the chat and sign-in still answer', async () => {
      await stopRedis(redis);
      try {
        for (const t of [one, two]) {
          const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
          expect(ready.statusCode).toBe(503);
          expect(ready.json()).toMatchObject({ status: 'unavailable', failed: ['redis'] });
          expect(ready.json().detail).toBe('Сервис не готов: не отвечает Redis');
        }
        // A message is worth more than its send limit: stored and answered without Redis.
        const sent = await one.app.inject({
          method: 'POST',
          url: api.orders.messages(orderId),
          headers: customer.auth,
          payload: { text: 'Redis лежит, а я пишу', client_id: randomUUID() },
        });
        expect(sent.statusCode, sent.body).toBe(201);
        // The sign-in limits live in Redis: without them a sign-in is refused in Russian, not a 500.
        const login = await two.app.inject({
          method: 'POST',
          url: api.auth.login,
          payload: { email: customer.email, password: PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(503);
        expect(login.json()).toEqual({ detail: errorMessages.serviceUnavailable });
        expect(login.headers['retry-after']).toBe('5');
      } finally {
        redis = await startRedis(redisPort);
      }
      await busCarries(one, two);
      await busCarries(two, one);
      // Ready again by itself: each connection reconnects within a second (as a balancer polls).
      for (const t of [one, two]) {
        let ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        for (let i = 0; i < 20 && ready.statusCode !== 200; i += 1) {
          await pause(250);
          ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        }
        expect(ready.statusCode, ready.body).toBe(200);
      }
      const login = await two.app.inject({
        method: 'POST',
        url: api.auth.login,
        payload: { email: customer.email, password: PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
    });

    it('stores every message sent across a restart once; the clients resume from their last id; the push resumes', async () => {
      const customerUrl = api.orders.messages(orderId);
      const authorUrl = staffApi.messages(orderId);
      // What each client had before the restart: its resume starts there.
      const lastOf = async (t: Instance, who: Auth, url: string) =>
        (await resume(t, who, url, 0)).at(-1)?.id ?? 0;
      const customerLast = await lastOf(one, customer.auth, customerUrl);
      const authorLast = await lastOf(two, author.auth, authorUrl);

      const sent: ChatMessage[] = [];
      let sending = true;
      /** The customer on one instance, the author on the other, in turn, at a person's pace. */
      const conversation = (async () => {
        for (let i = 0; sending; i += 1) {
          const [t, who, url] =
            i % 2 === 0 ? [one, customer.auth, customerUrl] : [two, author.auth, authorUrl];
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: who,
            payload: { text: `Реплика ${i}`, client_id: randomUUID() },
          });
          expect(res.statusCode, res.body).toBe(201);
          sent.push(ChatMessageSchema.parse(res.json()));
          await pause(40);
        }
      })();

      await pause(300);
      await stopRedis(redis);
      await pause(500);
      redis = await startRedis(redisPort);
      await busCarries(one, two);
      await busCarries(two, one);
      await pause(300);
      sending = false;
      await conversation;

      const ids = sent.map((m) => m.id);
      expect(new Set(ids).size, 'each send stored once').toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));

      // The push resumed: a message sent now reaches the other instance's socket.
      const after = await one.app.inject({
        method: 'POST',
        url: customerUrl,
        headers: customer.auth,
        payload: { text: 'Связь вернулась?', client_id: randomUUID() },
      });
      const afterId = ChatMessageSchema.parse(after.json()).id;
      await authorSocket.waitFor('message', (f) => f.payload.message.id === afterId);
      ids.push(afterId);

      // Each client: what was pushed to it, then over REST everything after the last id it had
      // before the restart. Nothing missing, nothing twice, in order.
      for (const [socket, t, who, url, last] of [
        [customerSocket, one, customer.auth, customerUrl, customerLast],
        [authorSocket, two, author.auth, authorUrl, authorLast],
      ] as const) {
        const resumed = (await resume(t, who, url, last)).map((m) => m.id);
        expect(resumed, 'the resume has each message once, in order').toEqual(ids);
        const pushed = pushedTo(socket).filter((id) => id > last);
        expect(new Set(pushed).size, 'no message pushed twice').toBe(pushed.length);
        expect(pushed.every((id) => ids.includes(id))).toBe(true);
        // The outage did drop pushes: those came over REST only.
        expect(ids.filter((id) => !pushed.includes(id)).length, 'dropped while down').toBeGreaterThan(0);
      }
      // The sockets lived through it: Redis is between the instances, not the clients.
      expect(customerSocket.ws.readyState).toBe(customerSocket.ws.OPEN);
      expect(authorSocket.ws.readyState).toBe(authorSocket.ws.OPEN);
    }, 40_000);
  },
);
