import { ServerFrameSchema, api, type ServerFrame } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';

/** Starts the app on a free port and gives the socket's base URL (ws://127.0.0.1:P/channels/ws/). */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${api.socket}`;
}

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

export interface SocketOptions {
  origin?: string;
  autoPong?: boolean;
  /** The certificate a wss:// server's is checked against (a test's own, self-signed). */
  ca?: string | Buffer;
}

/** A test's socket: every frame it received (checked against the contract) and how it closed. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    ws.on('message', (data) => {
      const text = (data as Buffer).toString('utf8');
      this.frames.push(ServerFrameSchema.parse(JSON.parse(text)));
      for (const wake of this.waiters) wake();
    });
    ws.on('error', () => {
      // The close event says what happened; an error (1009 from our own side, a reset) is expected.
    });
  }

  /** Opens a socket; resolves once the handshake is done (the server may still close it at once). */
  static async open(base: string, token: string | null, opts: SocketOptions = {}): Promise<TestSocket> {
    const url = token === null ? base : `${base}?authorization=${encodeURIComponent(token)}`;
    const ws = new WebSocket(url, {
      autoPong: opts.autoPong ?? true,
      ...(opts.origin ? { origin: opts.origin } : {}),
      ...(opts.ca ? { ca: opts.ca } : {}),
    });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Opens a socket and waits for its `ready`. */
  static async ready(base: string, token: string, opts: SocketOptions = {}): Promise<TestSocket> {
    const socket = await TestSocket.open(base, token, opts);
    await socket.waitFor('ready');
    return socket;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  of<T extends ServerFrame['type']>(type: T, match: (f: Frame<T>) => boolean = () => true): Array<Frame<T>> {
    return this.frames.filter((f): f is Frame<T> => f.type === type && match(f as Frame<T>));
  }

  /** The first frame of the type that matches, waiting for it to come. */
  async waitFor<T extends ServerFrame['type']>(
    type: T,
    match: (f: Frame<T>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Frame<T>> {
    return (await this.waitUntil((f) => f.type === type && match(f as Frame<T>), timeoutMs)) as Frame<T>;
  }

  /** The first frame that matches, waiting for it to come. */
  waitUntil(match: (f: ServerFrame) => boolean, timeoutMs = 5_000): Promise<ServerFrame> {
    const now = this.frames.find(match);
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no frame as awaited within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      const check = () => {
        const f = this.frames.find(match);
        if (!f) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(f);
      };
      this.waiters.add(check);
    });
  }

  /** Sends a ping with this id and waits for its pong: every frame sent before it has been handled. */
  async roundTrip(id: string): Promise<void> {
    this.send({ type: 'ping', id });
    await this.waitFor('pong', (f) => f.id === id);
  }

  /** Subscribes and waits for the answer: `subscribed`, or an `error` with the same id. */
  async subscribe(orderId: number, id = `sub-${orderId}`): Promise<Frame<'subscribed'> | Frame<'error'>> {
    this.send({ type: 'subscribe', id, payload: { order_id: orderId } });
    const answered = (f: ServerFrame) => (f.type === 'subscribed' || f.type === 'error') && f.id === id;
    return (await this.waitUntil(answered)) as Frame<'subscribed'> | Frame<'error'>;
  }

  close(): void {
    this.ws.terminate();
  }
}
