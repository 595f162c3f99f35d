import { CHAT_CLOSE, chatMessages, type ServerFrame } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS, TYPING_MIN_INTERVAL_MS } from './hub';
import { author, customer, makeHub, manager } from './hub-fixtures';
import type { Delivery } from './types';

const message = (orderId: number, id: number): ServerFrame => ({
  type: 'unread',
  payload: { order_id: orderId, unread: id, total: id },
});

describe('the hub', () => {
  it('greets a socket with ready: the role and when its token expires', () => {
    const { connect, clock } = makeHub();
    const c = connect(customer(10), 60_000);
    const m = connect(manager(30));
    const a = connect(author(20));
    expect(c.ws.sent).toEqual([
      {
        type: 'ready',
        payload: { role: 'customer', expires_at: new Date(clock.now + 60_000).toISOString() },
      },
    ]);
    expect(m.ws.of('ready')[0]?.payload.role).toBe('manager');
    expect(a.ws.of('ready')[0]?.payload.role).toBe('performer');
  });

  it('answers ping with pong, echoing the id', async () => {
    const { hub, connect } = makeHub();
    const { ws, conn } = connect(customer(10));
    await hub.handleMessage(conn, JSON.stringify({ type: 'ping', id: 'p1' }));
    await hub.handleMessage(conn, Buffer.from(JSON.stringify({ type: 'ping', payload: {} })));
    expect(ws.of('pong')).toEqual([
      { type: 'pong', id: 'p1', payload: {} },
      { type: 'pong', payload: {} },
    ]);
  });

  it('answers a broken frame with an error and keeps going', async () => {
    const { hub, connect } = makeHub();
    const { ws, conn } = connect(customer(10));
    await hub.handleMessage(conn, '{not json');
    await hub.handleMessage(conn, JSON.stringify({ type: 'shout', id: 'x1', payload: {} }));
    await hub.handleMessage(
      conn,
      JSON.stringify({ type: 'subscribe', id: 's1', payload: { order_id: 'one' } }),
    );
    await hub.handleMessage(conn, JSON.stringify([1, 2]));
    await hub.handleMessage(conn, Buffer.from('{"type":"ping"}'), true);
    await hub.handleMessage(conn, JSON.stringify({ type: 'ping', id: 'y'.repeat(65) }));
    expect(ws.of('error')).toEqual([
      { type: 'error', payload: { code: 'invalid_frame', message: chatMessages.frameInvalid } },
      { type: 'error', id: 'x1', payload: { code: 'unknown_type', message: chatMessages.unknownType } },
      { type: 'error', id: 's1', payload: { code: 'invalid_frame', message: chatMessages.frameInvalid } },
      { type: 'error', payload: { code: 'invalid_frame', message: chatMessages.frameInvalid } },
      { type: 'error', payload: { code: 'invalid_frame', message: chatMessages.frameInvalid } },
      // An id too long to echo is not echoed: the answer must stay a valid frame.
      { type: 'error', payload: { code: 'invalid_frame', message: chatMessages.frameInvalid } },
    ]);
    await hub.handleMessage(conn, JSON.stringify({ type: 'ping', id: 'after' }));
    expect(ws.of('pong')).toEqual([{ type: 'pong', id: 'after', payload: {} }]);
    expect(ws.closed).toBeNull();
  });

  it('subscribes to an order the principal may see, and to no other', async () => {
    const { hub, connect } = makeHub();
    const { ws, conn } = connect(customer(10));
    await hub.handleMessage(conn, JSON.stringify({ type: 'subscribe', id: 'a', payload: { order_id: 1 } }));
    await hub.handleMessage(conn, JSON.stringify({ type: 'subscribe', id: 'b', payload: { order_id: 2 } }));
    await hub.handleMessage(conn, JSON.stringify({ type: 'subscribe', id: 'c', payload: { order_id: 99 } }));
    expect(ws.sent.slice(1)).toEqual([
      { type: 'subscribed', id: 'a', payload: { order_id: 1, last_id: 7 } },
      { type: 'error', id: 'b', payload: { code: 'not_found', message: chatMessages.orderNotFound } },
      { type: 'error', id: 'c', payload: { code: 'not_found', message: chatMessages.orderNotFound } },
    ]);
    expect([...(conn.subscriptions ?? [])]).toEqual([1]);
  });

  it('answers internal when the access check fails, and does not throw', async () => {
    const { hub, connect, access } = makeHub();
    const { ws, conn } = connect(manager(30));
    access.failing = true;
    await hub.handleMessage(conn, JSON.stringify({ type: 'subscribe', id: 'z', payload: { order_id: 1 } }));
    expect(ws.of('error')).toEqual([
      { type: 'error', id: 'z', payload: { code: 'internal', message: expect.any(String) } },
    ]);
  });

  it('keeps at most MAX_SUBSCRIPTIONS per socket, dropping the oldest', async () => {
    const { hub, connect, access } = makeHub({ frameRate: { perSecond: 1000, burst: 1000 } });
    for (let id = 100; id < 100 + MAX_SUBSCRIPTIONS + 1; id += 1) {
      access.orders.set(id, { customerId: 10, performerId: null, lastId: 0 });
    }
    const { conn } = connect(customer(10));
    for (let id = 100; id < 100 + MAX_SUBSCRIPTIONS + 1; id += 1) {
      await hub.handleMessage(conn, JSON.stringify({ type: 'subscribe', payload: { order_id: id } }));
    }
    expect(conn.subscriptions?.size).toBe(MAX_SUBSCRIPTIONS);
    expect(conn.subscriptions?.has(100)).toBe(false);
    expect(conn.subscriptions?.has(100 + MAX_SUBSCRIPTIONS)).toBe(true);
  });

  it('delivers by recipient: a customer’s sockets, a staff member’s, every manager’s', () => {
    const { hub, connect } = makeHub();
    const c10a = connect(customer(10));
    const c10b = connect(customer(10));
    const c11 = connect(customer(11));
    const a20 = connect(author(20));
    const a21 = connect(author(21));
    const m30 = connect(manager(30));
    const m31 = connect(manager(31));
    hub.deliver([
      { to: { customer: 10 }, frame: message(1, 1) },
      { to: { staff: 20 }, frame: message(1, 2) },
      { to: { managers: true }, frame: message(1, 3) },
      { to: { customer: 12 }, frame: message(3, 4) },
    ]);
    const unread = (s: { ws: { of: (t: 'unread') => Array<{ payload: { unread: number } }> } }) =>
      s.ws.of('unread').map((f) => f.payload.unread);
    expect(unread(c10a)).toEqual([1]);
    expect(unread(c10b)).toEqual([1]);
    expect(unread(c11)).toEqual([]);
    expect(unread(a20)).toEqual([2]);
    expect(unread(a21)).toEqual([]);
    expect(unread(m30)).toEqual([3]);
    expect(unread(m31)).toEqual([3]);
  });

  it('delivers subscribedTo only to subscribed sockets, and never to exceptSocket', async () => {
    const { hub, connect } = makeHub();
    const one = connect(customer(10));
    const two = connect(customer(10));
    const three = connect(customer(10));
    await hub.handleMessage(one.conn, JSON.stringify({ type: 'subscribe', payload: { order_id: 1 } }));
    await hub.handleMessage(two.conn, JSON.stringify({ type: 'subscribe', payload: { order_id: 1 } }));
    hub.deliver([{ to: { customer: 10 }, frame: message(1, 5), subscribedTo: 1, exceptSocket: one.conn.id }]);
    expect(one.ws.of('unread')).toEqual([]);
    expect(two.ws.of('unread')).toHaveLength(1);
    expect(three.ws.of('unread')).toEqual([]);
    await hub.handleMessage(two.conn, JSON.stringify({ type: 'unsubscribe', payload: { order_id: 1 } }));
    hub.deliver([{ to: { customer: 10 }, frame: message(1, 6), subscribedTo: 1 }]);
    expect(one.ws.of('unread')).toHaveLength(1);
    expect(two.ws.of('unread')).toHaveLength(1);
  });

  it('sends nothing to a removed socket, and forgets it', () => {
    const { hub, connect } = makeHub();
    const c = connect(customer(10));
    hub.remove(c.conn);
    hub.deliver([{ to: { customer: 10 }, frame: message(1, 1) }]);
    expect(c.ws.of('unread')).toEqual([]);
    expect(hub.size).toBe(0);
  });
});

describe('typing', () => {
  const typing = (orderId: number, id?: string) =>
    JSON.stringify({ type: 'typing', id, payload: { order_id: orderId } });
  const subscribe = (orderId: number) =>
    JSON.stringify({ type: 'subscribe', payload: { order_id: orderId } });

  it('goes to the other participants subscribed to the order, never back to the typer', async () => {
    const { hub, connect, published } = makeHub();
    const c = connect(customer(10));
    const cOther = connect(customer(10));
    const a = connect(author(20));
    const m = connect(manager(30));
    const mIdle = connect(manager(31));
    for (const s of [c, cOther, a, m]) await hub.handleMessage(s.conn, subscribe(1));

    await hub.handleMessage(c.conn, typing(1));
    const customerActor = { role: 'customer', name: 'Клиент 10' };
    expect(a.ws.of('typing')).toEqual([{ type: 'typing', payload: { order_id: 1, author: customerActor } }]);
    expect(m.ws.of('typing')).toHaveLength(1);
    expect(mIdle.ws.of('typing')).toEqual([]);
    expect(c.ws.of('typing')).toEqual([]);
    expect(cOther.ws.of('typing')).toEqual([]);
    expect(published.at(-1)).toEqual<Delivery[]>([
      { to: { staff: 20 }, frame: expect.anything(), subscribedTo: 1, exceptSocket: c.conn.id },
      { to: { managers: true }, frame: expect.anything(), subscribedTo: 1, exceptSocket: c.conn.id },
    ]);

    await hub.handleMessage(a.conn, typing(1));
    const authorActor = { role: 'performer', name: 'Сотрудник 20' };
    expect(c.ws.of('typing')).toEqual([{ type: 'typing', payload: { order_id: 1, author: authorActor } }]);
    expect(cOther.ws.of('typing')).toHaveLength(1);
    expect(m.ws.of('typing')).toHaveLength(2);
    expect(a.ws.of('typing')).toHaveLength(1); // only the customer's

    await hub.handleMessage(m.conn, typing(1));
    expect(c.ws.of('typing')).toHaveLength(2);
    expect(a.ws.of('typing')).toHaveLength(2);
    expect(m.ws.of('typing')).toHaveLength(2); // not its own
  });

  it('is refused for an order the socket has not subscribed to', async () => {
    const { hub, connect, published } = makeHub();
    const c = connect(customer(10));
    await hub.handleMessage(c.conn, typing(1, 't'));
    expect(c.ws.of('error')).toEqual([
      { type: 'error', id: 't', payload: { code: 'not_found', message: chatMessages.orderNotFound } },
    ]);
    expect(published).toEqual([]);
  });

  it('is dropped when it comes again too soon, and relayed after the interval', async () => {
    const { hub, connect, clock } = makeHub();
    const c = connect(customer(10));
    const a = connect(author(20));
    await hub.handleMessage(c.conn, subscribe(1));
    await hub.handleMessage(a.conn, subscribe(1));
    await hub.handleMessage(c.conn, typing(1));
    clock.now += TYPING_MIN_INTERVAL_MS - 1;
    await hub.handleMessage(c.conn, typing(1));
    expect(a.ws.of('typing')).toHaveLength(1);
    clock.now += 1;
    await hub.handleMessage(c.conn, typing(1));
    expect(a.ws.of('typing')).toHaveLength(2);
    expect(c.ws.of('error')).toEqual([]);
  });

  it('stops when the principal loses the order: not_found, and the subscription ends', async () => {
    const { hub, connect, access } = makeHub();
    const a = connect(author(20));
    await hub.handleMessage(a.conn, subscribe(1));
    access.orders.set(1, { customerId: 10, performerId: 21, lastId: 7 });
    await hub.handleMessage(a.conn, typing(1, 'k'));
    expect(a.ws.of('error').map((f) => [f.id, f.payload.code])).toEqual([['k', 'not_found']]);
    expect(a.conn.subscriptions?.has(1)).toBe(false);
  });
});

describe('flow control', () => {
  it('drops frames over the rate and says so once a second', async () => {
    const { hub, connect, clock } = makeHub({ frameRate: { perSecond: 10, burst: 5 } });
    const { ws, conn } = connect(customer(10));
    for (let i = 0; i < 8; i += 1)
      await hub.handleMessage(conn, JSON.stringify({ type: 'ping', id: `${i}` }));
    expect(ws.of('pong').map((f) => f.id)).toEqual(['0', '1', '2', '3', '4']);
    expect(ws.of('error')).toEqual([
      { type: 'error', payload: { code: 'rate_limited', message: chatMessages.tooManyFrames } },
    ]);
    clock.now += 200; // two tokens back
    for (let i = 8; i < 11; i += 1)
      await hub.handleMessage(conn, JSON.stringify({ type: 'ping', id: `${i}` }));
    expect(ws.of('pong').map((f) => f.id)).toEqual(['0', '1', '2', '3', '4', '8', '9']);
    expect(ws.of('error')).toHaveLength(1);
    clock.now += 1000;
    expect(ws.closed).toBeNull();
  });

  it('closes a slow consumer 4408 instead of buffering more, and cuts it at the next beat', () => {
    const { hub, connect } = makeHub({ maxBufferBytes: 100 });
    const slow = connect(customer(10));
    const fine = connect(customer(10));
    slow.ws.bufferedAmount = 101;
    hub.deliver([{ to: { customer: 10 }, frame: message(1, 1) }]);
    expect(slow.ws.of('unread')).toEqual([]);
    expect(slow.ws.closed).toEqual({ code: CHAT_CLOSE.slowConsumer, reason: 'slow consumer' });
    expect(fine.ws.of('unread')).toHaveLength(1);
    hub.beat();
    expect(slow.ws.terminated).toBe(true);
    expect(fine.ws.terminated).toBe(false);
    expect(hub.size).toBe(1);
  });

  it('pings every socket each beat and drops one that did not answer the last ping', () => {
    const { hub, connect } = makeHub();
    const answering = connect(customer(10));
    const silent = connect(author(20));
    hub.beat();
    expect([answering.ws.pings, silent.ws.pings]).toEqual([1, 1]);
    hub.pong(answering.conn);
    hub.beat();
    expect(answering.ws.terminated).toBe(false);
    expect(answering.ws.pings).toBe(2);
    expect(silent.ws.terminated).toBe(true);
    expect(hub.size).toBe(1);
  });

  it('closes a socket 4401 when its token expires, not before', () => {
    const { hub, connect, clock } = makeHub();
    const short = connect(customer(10), 1_500);
    const long = connect(customer(10), 60_000);
    clock.now += 1_499;
    hub.expire();
    expect(short.ws.closed).toBeNull();
    clock.now += 1;
    hub.expire();
    expect(short.ws.closed).toEqual({ code: CHAT_CLOSE.unauthorized, reason: 'token expired' });
    expect(long.ws.closed).toBeNull();
    expect(hub.size).toBe(1);
  });

  it('closes every socket with the code on shutdown, waits for them, cuts the ones that stay', async () => {
    const { hub, connect } = makeHub();
    const polite = connect(customer(10));
    const stubborn = connect(manager(30));
    const closing = hub.closeAll(CHAT_CLOSE.goingAway, 'going away', 50);
    expect(polite.ws.closed).toEqual({ code: 1001, reason: 'going away' });
    expect(stubborn.ws.closed).toEqual({ code: 1001, reason: 'going away' });
    hub.remove(polite.conn); // its close handshake finished
    await closing;
    expect(polite.ws.terminated).toBe(false);
    expect(stubborn.ws.terminated).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('returns from closeAll at once when every socket has gone', async () => {
    const { hub, connect } = makeHub();
    const s = connect(customer(10));
    const started = Date.now();
    const closing = hub.closeAll(1001, 'going away', 10_000);
    hub.remove(s.conn);
    await closing;
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
