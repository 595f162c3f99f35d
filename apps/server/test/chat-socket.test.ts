import {
  CHAT_CLOSE,
  CHAT_FRAME_MAX_BYTES,
  ChatMessageSchema,
  api,
  chatMessages,
  type ChatMessage,
  type WorkType,
  staffApi,
} from '@cabinet/contract';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_CUSTOMER } from '../src/modules/chat/hub';
import { expectedAnswer, frameText } from '../src/modules/chat/hub-fixtures';
import { TestSocket, listenForSockets } from './chat-socket-client';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { orderBody, placeOrder, workTypes } from './orders-fixtures';
import { createStaff, payInDb, type TestStaff } from './staff-fixtures';

type Auth = { authorization: string };
const tokenOf = (auth: Auth) => auth.authorization.replace(/^Bearer /, '');
const ALLOWED = 'https://partner.example';
/** Long enough to be sure a frame that was coming has come. */
const QUIET_MS = 300;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the chat socket', () => {
  let t: TestApp;
  let base: string;
  let manager: TestStaff;
  let author: TestStaff;
  let anna: { auth: Auth; token: string };
  let boris: { auth: Auth; token: string };
  let workType: WorkType;
  const open: TestSocket[] = [];

  const connect = async (token: string, opts: { origin?: string } = {}) => {
    const s = await TestSocket.ready(base, token, opts);
    open.push(s);
    return s;
  };
  const customerOf = async (fio: string) => {
    const c = await registerCustomer(t.app, { fio });
    return { auth: bearer(c.access), token: c.access };
  };
  /** An order of the customer, paid and assigned to the author. */
  const orderOf = async (who: Auth) => {
    const id = (await placeOrder(t.app, who, orderBody(workType))).id;
    const priced = await t.app.inject({
      method: 'PATCH',
      url: staffApi.order(id),
      headers: manager.auth,
      payload: { price: 300_000 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    await payInDb(t.app, id);
    const assigned = await t.app.inject({
      method: 'POST',
      url: staffApi.assign(id),
      headers: manager.auth,
      payload: { performer_id: author.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    return id;
  };
  const post = async (who: Auth, url: string, text: string): Promise<ChatMessage> => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: who,
      payload: { text, client_id: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    return ChatMessageSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp({
      SOCKET_ALLOWED_ORIGINS: `${ALLOWED}, https://other.example`,
      SOCKET_MAX_BUFFER_KB: '64',
    });
    base = await listenForSockets(t.app);
    manager = await createStaff(t.app, 'manager', { name: 'Ольга' });
    author = await createStaff(t.app, 'performer', { name: 'Иван К.' });
    anna = await customerOf('Анна Демидова');
    boris = await customerOf('Борис Петров');
    workType = (await workTypes(t.app, anna.auth))[0]!;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  describe('handshake', () => {
    it('greets a customer, a manager and an author with ready: role and token expiry', async () => {
      const before = Date.now();
      const c = await connect(anna.token);
      const ready = c.of('ready')[0]!;
      expect(ready.payload.role).toBe('customer');
      const expires = Date.parse(ready.payload.expires_at);
      expect(expires).toBeGreaterThan(before + (t.config.ACCESS_TOKEN_TTL - 5) * 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + t.config.ACCESS_TOKEN_TTL * 1000 + 1000);
      expect((await connect(tokenOf(manager.auth))).of('ready')[0]!.payload.role).toBe('manager');
      expect((await connect(tokenOf(author.auth))).of('ready')[0]!.payload.role).toBe('performer');
    });

    it.each([
      ['no token', null],
      ['an empty token', ''],
      ['a forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJl'],
      ['garbage', 'not-a-token'],
    ])('closes a socket with %s: 4401', async (_name, token) => {
      const s = await TestSocket.open(base, token);
      expect((await s.closed).code).toBe(CHAT_CLOSE.unauthorized);
      expect(s.frames).toEqual([]);
    });

    it('closes a socket opened by a page of a foreign origin: 4403, before reading the token', async () => {
      for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
        const s = await TestSocket.open(base, anna.token, { origin });
        expect((await s.closed).code).toBe(CHAT_CLOSE.forbiddenOrigin);
        expect(s.frames).toEqual([]);
      }
    });

    it('lets in PUBLIC_URL’s origin, the listed ones, and a client that sends none', async () => {
      for (const origin of [new URL(t.config.PUBLIC_URL).origin, ALLOWED, 'https://other.example']) {
        const s = await connect(anna.token, { origin });
        expect(s.of('ready')).toHaveLength(1);
      }
    });
  });

  describe('frames', () => {
    it('answers broken frames with an error and keeps the socket', async () => {
      const s = await connect(anna.token);
      s.send('{oops');
      s.send({ type: 'launch', id: 'x', payload: {} });
      s.send({ type: 'subscribe', id: 'y', payload: { order_id: -1 } });
      s.send(Buffer.from([1, 2, 3]));
      await s.roundTrip('still-here');
      expect(s.of('error').map((f) => [f.id, f.payload.code, f.payload.message])).toEqual([
        [undefined, 'invalid_frame', chatMessages.frameInvalid],
        ['x', 'unknown_type', chatMessages.unknownType],
        ['y', 'invalid_frame', chatMessages.frameInvalid],
        [undefined, 'invalid_frame', chatMessages.frameInvalid],
      ]);
    });

    it('closes a socket that sends a frame over CHAT_FRAME_MAX_BYTES with 1009; the next one works', async () => {
      const s = await connect(anna.token);
      s.send({ type: 'ping', id: 'big', payload: { pad: 'x'.repeat(CHAT_FRAME_MAX_BYTES) } });
      expect((await s.closed).code).toBe(CHAT_CLOSE.tooBig);
      const next = await connect(anna.token);
      await next.roundTrip('fine');
      // A frame just under the limit is read (and answered: ping's payload has no pad).
      const pad = 'x'.repeat(CHAT_FRAME_MAX_BYTES - 100);
      next.send({ type: 'ping', id: 'near', payload: { pad } });
      await next.roundTrip('after-near');
      expect(next.of('pong', (f) => f.id === 'near')).toHaveLength(1);
    });

    it('answers any text the schema rejects with one error frame, over a real socket', async () => {
      const s = await connect(tokenOf(manager.auth));
      const samples = fc.sample(frameText, { numRuns: 15, seed: 20261123 });
      for (const [i, text] of samples.entries()) {
        const before = s.frames.length;
        s.send(text);
        await s.roundTrip(`barrier-${i}`);
        const answers = s.frames.slice(before).filter((f) => !(f.type === 'pong' && f.id === `barrier-${i}`));
        const expected = expectedAnswer(text);
        if (expected.valid) {
          for (const a of answers) {
            if (a.type === 'error') expect(a.payload.code).not.toMatch(/invalid_frame|unknown_type/);
          }
        } else {
          expect(answers.map((a) => (a.type === 'error' ? [a.id, a.payload.code] : a.type))).toEqual([
            [expected.id, expected.code],
          ]);
        }
      }
      expect(s.ws.readyState).toBe(s.ws.OPEN);
    });
  });

  it('closes a socket that stops reading with 4408 instead of buffering for it', async () => {
    const c = await customerOf('Вера Медленная');
    const slow = await connect(c.token);
    const userId = Number(JSON.parse(Buffer.from(c.token.split('.')[1]!, 'base64url').toString()).sub);
    slow.ws.pause(); // the client stops reading; the kernel's buffers fill, then the server's
    const message: ChatMessage = {
      id: 1,
      order_id: 1,
      client_id: 'flood-0001',
      author: { role: 'manager', name: 'Менеджер Ольга' },
      staff_id: null,
      text: 'ю'.repeat(4000),
      files: [],
      created_at: new Date().toISOString(),
    };
    const flood = Array.from({ length: 4_000 }, (_, i) => ({
      to: { customer: userId },
      frame: { type: 'message' as const, payload: { order_id: 1, message: { ...message, id: i + 1 } } },
    }));
    await t.app.chatBus.publish(flood);
    slow.ws.resume();
    expect((await slow.closed).code).toBe(CHAT_CLOSE.slowConsumer);
    expect(slow.of('message').length).toBeLessThan(flood.length);
  });

  it('closes a customer’s oldest socket 4429 when a 21st opens; the 20 others and other customers go on', async () => {
    const many = await customerOf('Галина Вкладкина');
    const other = await customerOf('Дмитрий Соседов');
    const [manyOrder, otherOrder] = [await orderOf(many.auth), await orderOf(other.auth)];
    const neighbour = await connect(other.token);
    const first = await connect(many.token);
    const rest: TestSocket[] = [];
    for (let i = 1; i < MAX_SOCKETS_PER_CUSTOMER; i += 1) rest.push(await connect(many.token));
    expect(first.ws.readyState).toBe(first.ws.OPEN);
    rest.push(await connect(many.token));
    const closed = await Promise.race([first.closed, pause(5_000).then(() => 'still open')]);
    expect(closed).toEqual({ code: CHAT_CLOSE.tooManySockets, reason: 'too many sockets' });

    const m = await post(author.auth, staffApi.messages(manyOrder), 'Вам ответили');
    for (const s of rest) {
      await s.waitFor('message', (f) => f.payload.message.id === m.id);
      expect(s.ws.readyState).toBe(s.ws.OPEN);
    }
    expect(rest).toHaveLength(MAX_SOCKETS_PER_CUSTOMER);
    const n = await post(author.auth, staffApi.messages(otherOrder), 'И вам');
    await neighbour.waitFor('message', (f) => f.payload.message.id === n.id);
    expect(neighbour.ws.readyState).toBe(neighbour.ws.OPEN);
  });

  describe('who receives what', () => {
    let orderId: number;
    let customer: TestSocket;
    let customerTab: TestSocket;
    let performer: TestSocket;
    let managerSocket: TestSocket;
    let idleManager: TestSocket;
    let stranger: TestSocket;

    beforeAll(async () => {
      orderId = await orderOf(anna.auth);
      customer = await connect(anna.token);
      customerTab = await connect(anna.token);
      performer = await connect(tokenOf(author.auth));
      managerSocket = await connect(tokenOf(manager.auth));
      idleManager = await connect(tokenOf(manager.auth));
      stranger = await connect(boris.token);
      for (const s of [customer, customerTab, performer, managerSocket]) {
        expect(await s.subscribe(orderId)).toMatchObject({
          type: 'subscribed',
          payload: { order_id: orderId },
        });
      }
    });

    it('refuses another customer’s order with not_found, and never tells that socket about it', async () => {
      expect(await stranger.subscribe(orderId, 'peek')).toEqual({
        type: 'error',
        id: 'peek',
        payload: { code: 'not_found', message: chatMessages.orderNotFound },
      });
      expect(await stranger.subscribe(999_999, 'none')).toMatchObject({ payload: { code: 'not_found' } });
      stranger.send({ type: 'typing', id: 'sneak', payload: { order_id: orderId } });
      await stranger.waitFor('error', (f) => f.id === 'sneak');
      const m = await post(anna.auth, api.orders.messages(orderId), 'Секретное');
      await performer.waitFor('message', (f) => f.payload.message.id === m.id);
      await pause(QUIET_MS);
      const aboutIt = stranger.frames.filter(
        (f) => f.type !== 'ready' && 'order_id' in f.payload && f.payload.order_id === orderId,
      );
      expect(aboutIt).toEqual([]);
      expect(stranger.of('message')).toEqual([]);
      expect(stranger.of('unread')).toEqual([]);
    });

    it('pushes a customer’s message to the customer’s tabs and the staff, each in their face', async () => {
      const m = await post(anna.auth, api.orders.messages(orderId), 'Здравствуйте! Когда будет план?');
      const own = await customer.waitFor('message', (f) => f.payload.message.id === m.id);
      expect(own.payload).toEqual({ order_id: orderId, message: m });
      expect(own.payload.message.staff_id).toBeNull();
      await customerTab.waitFor('message', (f) => f.payload.message.id === m.id);
      for (const s of [performer, managerSocket, idleManager]) {
        const got = await s.waitFor('message', (f) => f.payload.message.id === m.id);
        expect(got.payload.message.text).toBe('Здравствуйте! Когда будет план?');
        expect(got.payload.message.author).toEqual({ role: 'customer', name: 'Анна' });
      }
      // The sender has read up to their own message: the staff side can show it.
      const read = await performer.waitFor('read', (f) => f.payload.up_to_id === m.id);
      expect(read.payload).toEqual({ order_id: orderId, side: 'customer', up_to_id: m.id });
      // The author's counter of this order grew.
      const unread = await performer.waitFor('unread', (f) => f.payload.order_id === orderId);
      expect(unread.payload.unread).toBeGreaterThanOrEqual(1);
      expect(unread.payload.total).toBeGreaterThanOrEqual(unread.payload.unread);
    });

    it('pushes the author’s answer to the customer with the unread count, and the read mark back', async () => {
      const m = await post(author.auth, staffApi.messages(orderId), 'Добрый день, план будет завтра');
      const got = await customer.waitFor('message', (f) => f.payload.message.id === m.id);
      expect(got.payload.message.staff_id).toBeNull();
      expect(got.payload.message.author).toEqual({ role: 'performer', name: 'Автор Иван К.' });
      const staffFace = await managerSocket.waitFor('message', (f) => f.payload.message.id === m.id);
      expect(staffFace.payload.message.staff_id).toBe(author.id);
      const unread = await customer.waitFor(
        'unread',
        (f) => f.payload.order_id === orderId && f.payload.unread > 0,
      );
      expect(unread.payload).toEqual({ order_id: orderId, unread: 1, total: 1 });
      await customerTab.waitFor('unread', (f) => f.payload.unread === 1);
      await customer.waitFor('read', (f) => f.payload.side === 'staff' && f.payload.up_to_id === m.id);

      // The customer reads it in one tab: the other tab's counter drops, the staff see «прочитано».
      const res = await t.app.inject({
        method: 'POST',
        url: api.orders.messagesRead(orderId),
        headers: anna.auth,
        payload: { up_to_id: m.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      await customerTab.waitFor('unread', (f) => f.payload.order_id === orderId && f.payload.unread === 0);
      const read = await performer.waitFor(
        'read',
        (f) => f.payload.side === 'customer' && f.payload.up_to_id === m.id,
      );
      expect(read.payload.order_id).toBe(orderId);
      await managerSocket.waitFor(
        'read',
        (f) => f.payload.side === 'customer' && f.payload.up_to_id === m.id,
      );
    });

    it('relays typing to the other participants subscribed to the order, never to the typer', async () => {
      customer.send({ type: 'typing', payload: { order_id: orderId } });
      const seen = await performer.waitFor('typing', (f) => f.payload.order_id === orderId);
      expect(seen.payload.author).toEqual({ role: 'customer', name: 'Анна' });
      await managerSocket.waitFor('typing');
      await pause(QUIET_MS);
      expect(customer.of('typing')).toEqual([]);
      expect(customerTab.of('typing')).toEqual([]);
      expect(idleManager.of('typing')).toEqual([]); // not subscribed
      expect(stranger.of('typing')).toEqual([]);

      performer.send({ type: 'typing', payload: { order_id: orderId } });
      const toCustomer = await customer.waitFor('typing');
      expect(toCustomer.payload).toEqual({
        order_id: orderId,
        author: { role: 'performer', name: 'Автор Иван К.' },
      });
      await customerTab.waitFor('typing');
      await managerSocket.waitFor('typing', (f) => f.payload.author.role === 'performer');
      await pause(QUIET_MS);
      expect(performer.of('typing')).toHaveLength(1); // only the customer's

      // Unsubscribed: no more typing there (messages still come, for the counters).
      customerTab.send({ type: 'unsubscribe', payload: { order_id: orderId } });
      await customerTab.roundTrip('unsubscribed');
      managerSocket.send({ type: 'typing', payload: { order_id: orderId } });
      await customer.waitFor('typing', (f) => f.payload.author.role === 'manager');
      await pause(QUIET_MS);
      expect(customerTab.of('typing', (f) => f.payload.author.role === 'manager')).toEqual([]);
    });
  });
});

describe('the chat socket’s lifetime', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp({ SOCKET_HEARTBEAT_SECONDS: '1' });
    base = await listenForSockets(t.app);
  });
  afterAll(() => t?.close());

  it('closes the socket 4401 when its token expires', async () => {
    const short = await buildTestApp({ ACCESS_TOKEN_TTL: '2' });
    try {
      const c = await registerCustomer(short.app);
      const s = await TestSocket.ready(await listenForSockets(short.app), c.access);
      const expiresAt = Date.parse(s.of('ready')[0]!.payload.expires_at);
      const closed = await s.closed;
      expect(closed.code).toBe(CHAT_CLOSE.unauthorized);
      expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
      expect(Date.now()).toBeLessThan(expiresAt + 1_500);
    } finally {
      await short.close();
    }
  });

  it('keeps a socket that answers protocol pings past two heartbeats', async () => {
    const c = await registerCustomer(t.app);
    const s = await TestSocket.ready(base, c.access);
    let pings = 0;
    s.ws.on('ping', () => (pings += 1));
    await pause(2_500);
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    s.close();
  });

  it('drops a socket that stops answering pings', async () => {
    const c = await registerCustomer(t.app);
    // ws answers pings by itself; a client that has frozen does not.
    const s = await TestSocket.ready(base, c.access, { autoPong: false });
    const started = Date.now();
    const closed = await s.closed;
    expect(Date.now() - started).toBeLessThan(2_500); // the second beat after the unanswered ping
    // Terminated: no close frame comes, the connection just ends (1006 on the client).
    expect(closed.code).toBe(1006);
  });

  it('tells every socket 1001 «going away» when the app closes', async () => {
    const c = await registerCustomer(t.app);
    const sockets = [await TestSocket.ready(base, c.access), await TestSocket.ready(base, c.access)];
    await t.app.close();
    for (const s of sockets)
      expect(await s.closed).toEqual({ code: CHAT_CLOSE.goingAway, reason: 'going away' });
  });
});
