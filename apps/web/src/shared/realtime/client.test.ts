import { CHAT_CLOSE, type ServerFrame } from '@cabinet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_CAP_MS, BACKOFF_RESET_AFTER_MS } from './backoff';
import { PING_INTERVAL_MS, PONG_TIMEOUT_MS, RealtimeClient, type ConnectionState } from './client';
import { fakeClientOptions } from './test-socket';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function started(overrides: Parameters<typeof fakeClientOptions>[0] = {}) {
  const fake = fakeClientOptions(overrides);
  const client = new RealtimeClient(fake.options);
  const states: ConnectionState[] = [];
  const frames: ServerFrame[] = [];
  const readies: boolean[] = [];
  client.onState((s) => states.push(s));
  client.onFrame((f) => frames.push(f));
  client.onReady(({ first }) => readies.push(first));
  client.start();
  return { ...fake, client, states, frames, readies };
}

describe('RealtimeClient', () => {
  it('opens the socket at the page origin with the token, and is open only after `ready`', () => {
    const { client, last, states } = started();
    expect(last().url).toBe('wss://cabinet.example/channels/ws/?authorization=token-1');
    expect(client.state).toBe('connecting');
    last().accept();
    expect(client.state).toBe('open');
    expect(states).toEqual(['open']);
  });

  it('passes valid frames on and drops invalid JSON, unknown types and malformed payloads', () => {
    const { last, frames } = started();
    last().accept();
    last().raw('{not json');
    last().frame({ type: 'mystery', payload: {} });
    last().frame({ type: 'unread', payload: { order_id: 7, unread: -1, total: 0 } });
    last().frame({ type: 'unread', payload: { order_id: 7, unread: 2, total: 5 } });
    expect(frames.map((f) => f.type)).toEqual(['ready', 'unread']);
    expect(frames[1]).toEqual({ type: 'unread', payload: { order_id: 7, unread: 2, total: 5 } });
  });

  it('sends only valid frames and only while open', () => {
    const { client, last } = started();
    expect(client.send({ type: 'typing', payload: { order_id: 7 } })).toBe(false);
    last().accept();
    // @ts-expect-error: an order id must be a positive integer; the schema refuses it at run time too.
    expect(client.send({ type: 'typing', payload: { order_id: 'seven' } })).toBe(false);
    expect(client.send({ type: 'typing', payload: { order_id: 7 } })).toBe(true);
    expect(last().sent).toEqual([{ type: 'typing', payload: { order_id: 7 } }]);
  });

  it('reconnects with backoff after the server closes, resetting it once a connection stayed up 10 s', () => {
    const { last, sockets, client } = started();
    last().accept();
    last().serverClose(CHAT_CLOSE.goingAway);
    expect(client.state).toBe('connecting');
    // random = 0.5: the first delay is half of 500 ms.
    vi.advanceTimersByTime(249);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // Failing again at once: the window doubles (half of 1000 ms).
    last().serverClose(1006);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    // Up for 10 s: healthy; the next drop starts from the base again.
    last().accept();
    vi.advanceTimersByTime(BACKOFF_RESET_AFTER_MS);
    last().serverClose(1006);
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(4);
  });

  it('never waits longer than the cap between attempts', () => {
    const { last, sockets } = started({ random: () => 0.999 });
    for (let i = 0; i < 12; i += 1) {
      last().serverClose(1006);
      vi.advanceTimersByTime(BACKOFF_CAP_MS);
    }
    expect(sockets).toHaveLength(13);
  });

  it('on 4401 renews the token through the session and reconnects with the new one at once', async () => {
    const refreshToken = vi.fn((stale: string | null) => {
      expect(stale).toBe('token-1');
      fake.setToken('token-2');
      return Promise.resolve('token-2');
    });
    const fake = started({ refreshToken: (stale) => refreshToken(stale) });
    fake.last().accept();
    fake.last().serverClose(CHAT_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(fake.sockets).toHaveLength(2);
    expect(fake.last().token).toBe('token-2');
    fake.last().accept();
    expect(fake.client.state).toBe('open');
  });

  it('backs off when a renewed token is refused again, instead of looping', async () => {
    const refreshToken = vi.fn(() => Promise.resolve('token-1'));
    const fake = started({ refreshToken });
    fake.last().serverClose(CHAT_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.sockets).toHaveLength(2);
    fake.last().serverClose(CHAT_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(fake.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(250);
    expect(fake.sockets).toHaveLength(3);
  });

  it('stops trying when the refresh fails and the client is stopped (signed out)', async () => {
    const holder: { client?: RealtimeClient } = {};
    const fake = started({
      refreshToken: () => {
        // The session's refresh signs the user out; the layout unmounts and stops the client.
        holder.client?.stop();
        return Promise.reject(new Error('refused'));
      },
    });
    holder.client = fake.client;
    fake.last().serverClose(CHAT_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(BACKOFF_CAP_MS * 2);
    expect(fake.sockets).toHaveLength(1);
    expect(fake.client.state).toBe('offline');
  });

  it('gives up on 4403 (origin refused): no retry, offline, even when the browser comes online again', async () => {
    const { last, sockets, client, network } = started();
    last().serverClose(CHAT_CLOSE.forbiddenOrigin);
    expect(client.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(BACKOFF_CAP_MS * 3);
    network.set(false);
    network.set(true);
    expect(sockets).toHaveLength(1);
  });

  it('does not reconnect on 4429 (the oldest of too many tabs), not even online or visible again; does on 1006', async () => {
    const dropped = started();
    dropped.last().accept();
    dropped.last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(BACKOFF_CAP_MS);
    expect(dropped.sockets).toHaveLength(2);

    const { last, sockets, client, network, becomeVisible, states } = started();
    last().accept();
    last().serverClose(CHAT_CLOSE.tooManySockets);
    expect(client.state).toBe('displaced');
    await vi.advanceTimersByTimeAsync(BACKOFF_CAP_MS * 3);
    becomeVisible();
    network.set(false);
    network.set(true);
    expect(sockets).toHaveLength(1);
    expect(states).toEqual(['open', 'displaced']);
  });

  it('re-sends every subscription after a reconnect, and forgets unsubscribed orders', () => {
    const { client, last } = started();
    client.subscribe(7);
    client.subscribe(8);
    client.subscribe(8);
    last().accept();
    expect(
      last()
        .sentOf('subscribe')
        .map((f) => f.payload),
    ).toEqual([{ order_id: 7 }, { order_id: 8 }]);
    client.unsubscribe(8); // one of two screens left: still subscribed
    client.unsubscribe(7);
    expect(
      last()
        .sentOf('unsubscribe')
        .map((f) => f.payload),
    ).toEqual([{ order_id: 7 }]);
    last().serverClose(1006);
    vi.advanceTimersByTime(250);
    last().accept();
    expect(
      last()
        .sentOf('subscribe')
        .map((f) => f.payload),
    ).toEqual([{ order_id: 8 }]);
  });

  it('subscribes at once when already open, with a frame id', () => {
    const { client, last } = started();
    last().accept();
    client.subscribe(9);
    const [frame] = last().sentOf('subscribe');
    expect(frame?.payload).toEqual({ order_id: 9 });
    expect(frame?.id).toMatch(/^\d+$/);
  });

  it('pings every 25 s and treats a missing pong within 10 s as a dead connection', () => {
    const { last, sockets, client } = started();
    const first = last();
    first.accept();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    const [ping] = first.sentOf('ping');
    expect(ping).toBeDefined();
    first.frame({ type: 'pong', id: ping?.id, payload: {} });
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(sockets).toHaveLength(1);
    expect(client.state).toBe('open');
    // The next ping goes unanswered.
    vi.advanceTimersByTime(PING_INTERVAL_MS - PONG_TIMEOUT_MS);
    expect(first.sentOf('ping')).toHaveLength(2);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(first.closedWith).toBe(4000);
    expect(client.state).toBe('connecting');
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(2);
  });

  it('goes offline with the browser and reconnects at once when it is back', () => {
    const { last, sockets, client, network } = started();
    const first = last();
    first.accept();
    network.set(false);
    expect(client.state).toBe('offline');
    expect(first.closedWith).toBe(4000);
    vi.advanceTimersByTime(BACKOFF_CAP_MS);
    expect(sockets).toHaveLength(1);
    network.set(true);
    expect(sockets).toHaveLength(2);
    expect(client.state).toBe('connecting');
  });

  it('does not connect while the browser is offline at start, and does when it comes online', () => {
    const fake = fakeClientOptions();
    fake.network.online = false;
    const client = new RealtimeClient(fake.options);
    client.start();
    expect(client.state).toBe('offline');
    expect(fake.sockets).toHaveLength(0);
    fake.network.set(true);
    expect(fake.sockets).toHaveLength(1);
  });

  it('skips the wait when the browser comes online during a backoff', () => {
    const { last, sockets, network } = started({ random: () => 0.99 });
    last().serverClose(1006);
    expect(sockets).toHaveLength(1);
    network.set(true);
    expect(sockets).toHaveLength(2);
  });

  it('keeps the socket of a hidden tab, and reconnects at once when the tab is looked at again', () => {
    const { last, sockets, client, becomeVisible } = started({ random: () => 0.99 });
    last().accept();
    becomeVisible(); // open: nothing to do
    expect(sockets).toHaveLength(1);
    expect(client.state).toBe('open');
    last().serverClose(1006);
    for (let i = 0; i < 4; i += 1) {
      vi.advanceTimersByTime(BACKOFF_CAP_MS);
      last().serverClose(1006);
    }
    const before = sockets.length;
    becomeVisible();
    expect(sockets).toHaveLength(before + 1);
  });

  it('tells `ready` listeners which connect is the first', () => {
    const { last, readies } = started();
    last().accept();
    last().serverClose(1006);
    vi.advanceTimersByTime(250);
    last().accept();
    expect(readies).toEqual([true, false]);
  });

  it('waits for a token instead of connecting without one', () => {
    const fake = fakeClientOptions();
    fake.setToken(null);
    const client = new RealtimeClient(fake.options);
    client.start();
    expect(fake.sockets).toHaveLength(0);
    fake.setToken('token-9');
    vi.advanceTimersByTime(250);
    expect(fake.last().token).toBe('token-9');
  });

  it('closes the socket normally on stop and lets go of the window listeners', () => {
    const { client, last, network, sockets, visibleListenerCount } = started();
    last().accept();
    client.stop();
    expect(last().closedWith).toBe(1000);
    expect(client.state).toBe('offline');
    expect(network.listenerCount()).toBe(0);
    expect(visibleListenerCount()).toBe(0);
    vi.advanceTimersByTime(BACKOFF_CAP_MS);
    expect(sockets).toHaveLength(1);
  });
});
