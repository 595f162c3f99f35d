import { api, staffApi, type OrderEventKind, type ServerFrame, type WorkType } from '@cabinet/contract';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket, listenForSockets } from './chat-socket-client';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';
import { giveMoney, pay } from './payments-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';
import { freePort, startRedis, stopRedis } from './support/redis';

type Auth = { authorization: string };
type OrderFrame = Extract<ServerFrame, { type: 'order' }>;
const tokenOf = (auth: Auth) => auth.authorization.replace(/^Bearer /, '');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Order events (ADR 026): every change to an order — price, author, status, files, reworks, care,
 * payments — reaches the sockets of the order's customer, its author and every manager as an
 * `order` frame naming what changed, and no one else's. One instance here (SQLite, or PostgreSQL
 * with TEST_DATABASE_URL); with PostgreSQL and Redis too, the frames cross the bus between two.
 */
describe('order events on the socket', () => {
  let t: TestApp;
  let base: string;
  let manager: TestStaff;
  let author: TestStaff;
  let otherAuthor: TestStaff;
  let anna: Auth;
  let annaId: number;
  let workType: WorkType;
  let sockets: {
    customer: TestSocket;
    author: TestSocket;
    otherAuthor: TestSocket;
    manager: TestSocket;
    stranger: TestSocket;
  };

  /** The next `order` frame of the order on the socket (frames seen before `after` are skipped). */
  const next = (s: TestSocket, orderId: number, after: number, kind?: OrderEventKind) =>
    s.waitFor(
      'order',
      (f) =>
        s.frames.indexOf(f) >= after &&
        f.payload.order_id === orderId &&
        (!kind || f.payload.kinds.includes(kind)),
    );
  const marks = () =>
    Object.fromEntries(Object.entries(sockets).map(([k, s]) => [k, s.frames.length])) as Record<
      keyof typeof sockets,
      number
    >;
  const ordersSeen = (s: TestSocket, after: number): OrderFrame[] =>
    s.frames.slice(after).filter((f): f is OrderFrame => f.type === 'order');

  const staffCall = async (who: TestStaff, method: 'PATCH' | 'POST', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: who.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    base = await listenForSockets(t.app);
    manager = await createStaff(t.app, 'manager', { name: 'Ольга' });
    author = await createStaff(t.app, 'performer', { name: 'Иван К.' });
    otherAuthor = await createStaff(t.app, 'performer', { name: 'Пётр С.' });
    const c = await registerCustomer(t.app, { fio: 'Анна Демидова' });
    anna = bearer(c.access);
    annaId = (
      await t.app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', c.email)
        .executeTakeFirstOrThrow()
    ).id;
    const stranger = await registerCustomer(t.app, { fio: 'Борис Чужой' });
    workType = (await workTypes(t.app, anna))[0]!;
    sockets = {
      customer: await TestSocket.ready(base, c.access),
      author: await TestSocket.ready(base, tokenOf(author.auth)),
      otherAuthor: await TestSocket.ready(base, tokenOf(otherAuthor.auth)),
      manager: await TestSocket.ready(base, tokenOf(manager.auth)),
      stranger: await TestSocket.ready(base, stranger.access),
    };
  });

  afterAll(async () => {
    for (const s of Object.values(sockets ?? {})) s.close();
    await t?.close();
  });

  it('tells the customer, the author and the managers every step of an order, and nobody else', async () => {
    const { id: orderId } = await placeOrder(t.app, anna, orderBody(workType));

    // Priced: the customer and the managers hear of it; no author yet, and not the other customer.
    let m = marks();
    await staffCall(manager, 'PATCH', staffApi.order(orderId), { price: 500_000 });
    for (const s of [sockets.customer, sockets.manager]) {
      const f = await next(s, orderId, m[s === sockets.customer ? 'customer' : 'manager'], 'price');
      expect(f.payload.kinds).toEqual(expect.arrayContaining(['price', 'status', 'timeline']));
    }

    // Re-priced, then paid from the balance (the real payment path, settled at once).
    m = marks();
    await staffCall(manager, 'PATCH', staffApi.order(orderId), { price: 520_000 });
    await next(sockets.customer, orderId, m.customer, 'price');
    await giveMoney(t.app, annaId, 520_000);
    m = marks();
    const paid = await pay(t.app, anna, { purpose: 'order', object_id: orderId, payment_method: 'balance' });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const key of ['customer', 'manager'] as const) {
      const f = await next(sockets[key], orderId, m[key], 'payments');
      expect(f.payload.kinds).toEqual(['status', 'payments', 'timeline']);
    }

    // Assigned: now the author hears too, from this change on.
    m = marks();
    await staffCall(manager, 'POST', staffApi.assign(orderId), { performer_id: author.id });
    for (const key of ['customer', 'author', 'manager'] as const) {
      const f = await next(sockets[key], orderId, m[key], 'performer');
      expect(f.payload.kinds).toEqual(['status', 'performer', 'timeline']);
    }

    // The author delivers the final file: «Проверьте работу» with the file, for all three.
    m = marks();
    const body = multipart([{ name: 'Курсовая.pdf', content: samples.pdf, type: 'application/pdf' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `${staffApi.files(orderId)}?kind=final`,
      headers: { ...author.auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    for (const key of ['customer', 'author', 'manager'] as const) {
      const f = await next(sockets[key], orderId, m[key], 'files');
      expect(f.payload.kinds).toEqual(['status', 'files', 'timeline']);
    }

    // The customer asks for a rework and writes to quality care.
    m = marks();
    const rework = await t.app.inject({
      method: 'POST',
      url: api.orders.reworks(orderId),
      headers: anna,
      payload: { comment: 'Поправьте, пожалуйста, оформление списка литературы.' },
    });
    expect(rework.statusCode, rework.body).toBe(201);
    for (const key of ['customer', 'author', 'manager'] as const) {
      expect((await next(sockets[key], orderId, m[key], 'reworks')).payload.kinds).toEqual([
        'status',
        'reworks',
        'timeline',
      ]);
    }
    m = marks();
    const care = await t.app.inject({
      method: 'POST',
      url: api.orders.care(orderId),
      headers: anna,
      payload: { kind: 'question', text: 'Когда будет готово?' },
    });
    expect(care.statusCode, care.body).toBe(201);
    for (const key of ['customer', 'author', 'manager'] as const) {
      expect((await next(sockets[key], orderId, m[key], 'care')).payload.kinds).toEqual(['care', 'timeline']);
    }

    // Reassigned: the former author is told once more (their screens let the order go), then not.
    m = marks();
    await staffCall(manager, 'POST', staffApi.assign(orderId), { performer_id: otherAuthor.id });
    await next(sockets.author, orderId, m.author, 'performer');
    await next(sockets.otherAuthor, orderId, m.otherAuthor, 'performer');
    m = marks();
    await staffCall(manager, 'PATCH', staffApi.order(orderId), { deadline: orderBody(workType).deadline });
    await next(sockets.otherAuthor, orderId, m.otherAuthor, 'deadline');
    await next(sockets.customer, orderId, m.customer, 'deadline');

    // Whatever else was said meanwhile, the other customer heard nothing of this order, and the
    // first author nothing after they lost it.
    await pause(100);
    expect(ordersSeen(sockets.stranger, 0)).toEqual([]);
    expect(ordersSeen(sockets.author, m.author)).toEqual([]);
  });

  it('sends one frame per change, with each kind once, in the contract order', async () => {
    const { id: orderId } = await placeOrder(t.app, anna, orderBody(workType));
    const m = marks();
    await staffCall(manager, 'PATCH', staffApi.order(orderId), { price: 300_000 });
    await next(sockets.customer, orderId, m.customer);
    await pause(100);
    const frames = ordersSeen(sockets.customer, m.customer).filter((f) => f.payload.order_id === orderId);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.payload.kinds).toEqual(['status', 'price', 'deadline', 'timeline']);
  });
});

/**
 * Two instances on one database and one Redis: the manager's change on one reaches the customer's
 * and the author's sockets on the other, through the same bus as the chat.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'order events across two instances',
  () => {
    let redis: ChildProcess;
    let one: TestApp;
    let two: TestApp;

    beforeAll(async () => {
      const port = await freePort();
      redis = await startRedis(port);
      const shared = {
        REDIS_URL: `redis://127.0.0.1:${port}`,
        // Both instances sign and check the same tokens.
        JWT_SECRET: `order-events-secret-${randomUUID()}`,
      };
      one = await buildTestApp(shared);
      two = await buildTestApp({ ...shared, DATABASE_URL: one.config.DATABASE_URL as string });
    });

    afterAll(async () => {
      // The second instance first: the first one's cleanup drops the database both use.
      await two?.close();
      await one?.close();
      if (redis) await stopRedis(redis);
    });

    it('carries a manager’s change made on one instance to sockets on the other', async () => {
      const base2 = await listenForSockets(two.app);
      const manager = await createStaff(one.app, 'manager', { name: 'Ольга' });
      const author = await createStaff(one.app, 'performer', { name: 'Иван К.' });
      const c = await registerCustomer(one.app, { fio: 'Анна Демидова' });
      const anna = bearer(c.access);
      const workType = (await workTypes(one.app, anna))[0]!;
      const { id: orderId } = await placeOrder(one.app, anna, orderBody(workType));
      const customer = await TestSocket.ready(base2, c.access);
      const authorSocket = await TestSocket.ready(base2, tokenOf(author.auth));
      try {
        // The bus may take a moment to subscribe: the change is repeated until a frame comes.
        const end = Date.now() + 15_000;
        let price = 400_000;
        while (customer.of('order', (f) => f.payload.order_id === orderId).length === 0) {
          if (Date.now() > end) throw new Error('no order frame crossed the bus');
          const res = await one.app.inject({
            method: 'PATCH',
            url: staffApi.order(orderId),
            headers: manager.auth,
            payload: { price: (price += 100) },
          });
          expect(res.statusCode, res.body).toBe(200);
          await pause(200);
        }
        const assigned = await one.app.inject({
          method: 'POST',
          url: staffApi.assign(orderId),
          headers: manager.auth,
          payload: { performer_id: author.id },
        });
        expect(assigned.statusCode, assigned.body).toBe(200);
        const atAuthor = await authorSocket.waitFor('order', (f) => f.payload.kinds.includes('performer'));
        expect(atAuthor.payload.order_id).toBe(orderId);
      } finally {
        customer.close();
        authorSocket.close();
      }
    });
  },
);
