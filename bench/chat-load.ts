// The load generator of bench/chat.ts: one client per participant (an order's customer, its
// author), each with one socket. Two kinds: `AppClient` talks to the cabinet as the web app does
// (sends with `POST …/messages/`, receives `message` frames on `/channels/ws/`, reconnects with
// backoff and resumes with `GET …/messages/?after=<last id>`); `RelayClient` sends a frame to the
// bare relay of chat-relay.ts and receives it there. Both time each message from its first send
// attempt to its receipt by the other party.
import {
  type ChatMessage,
  type ChatPage,
  type ServerFrame,
  api,
  staffApi,
} from '../packages/contract/src/index';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { backoffMs } from './chat-support';

export type Phase = 'warmup' | 'steady' | 'restart' | 'drain';

/** One message as the bench follows it: sent once (retried with its client_id), received once. */
export interface Sent {
  clientId: string;
  orderId: number;
  from: Client;
  to: Client;
  text: string;
  /** performance.now() of the first send attempt. */
  t0: number;
  phase: Phase;
  /** The id the server gave it (app), once a POST answered. */
  id?: number;
  /** Milliseconds from t0 to the other party having it; set once. */
  latency?: number;
  /** How the other party got it first. */
  via?: 'socket' | 'resume';
}

/** Everything the clients of one run share: the sent messages, counters, the current phase. */
export class Ledger {
  phase: Phase = 'warmup';
  readonly sent = new Map<string, Sent>();
  readonly counts = {
    frames: 0,
    framesByType: new Map<string, number>(),
    closes: new Map<string, number>(),
    connects: 0,
    reconnects: 0,
    postRetries: 0,
    /** Messages the server accepted (the first answer to each one's POST, or the relay's send). */
    accepted: 0,
    postFailures: new Map<string, number>(),
    resumePages: 0,
    /** A message the socket pushed twice to the same participant (never expected). */
    duplicatePushes: 0,
    /** A message a resume page brought that the socket had already pushed: dropped by id. */
    resumeOverlap: 0,
    /** Frames that are not valid JSON or not known (never expected). */
    badFrames: 0,
  };

  bump(map: Map<string, number>, key: string) {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  received(entry: Sent, via: 'socket' | 'resume') {
    if (entry.latency !== undefined) return;
    entry.latency = performance.now() - entry.t0;
    entry.via = via;
  }
}

export abstract class Client {
  ws: WebSocket | undefined;
  ready = false;
  protected attempt = 0;
  protected stopped = false;
  /** Messages written and not yet accepted by the server, oldest first; sent one at a time. */
  readonly outbox: Sent[] = [];
  protected sending = false;
  private sendAttempt = 0;
  private halted = false;

  constructor(
    readonly key: string,
    readonly orderId: number,
    readonly side: 'customer' | 'staff',
    public port: number,
    protected readonly ledger: Ledger,
  ) {}

  protected abstract url(): string;
  protected abstract onFrame(text: string): void;
  protected abstract onReady(): void;
  protected abstract deliver(entry: Sent): Promise<'done' | 'retry'>;

  private whenReady: (() => void) | undefined;

  /** Opens the socket; resolves once it is ready (the first connect only). */
  connect(): Promise<void> {
    return new Promise((resolve) => {
      this.whenReady = resolve;
      this.open();
    });
  }

  protected open() {
    if (this.stopped) return;
    const ws = new WebSocket(this.url(), { perMessageDeflate: false });
    this.ws = ws;
    ws.on('message', (data) => {
      this.ledger.counts.frames += 1;
      this.onFrame(data.toString());
    });
    ws.on('error', () => {
      // 'close' follows and reconnects.
    });
    ws.on('close', (code) => {
      this.ledger.bump(this.ledger.counts.closes, String(code));
      if (this.ws !== ws) return;
      this.ready = false;
      if (this.stopped) return;
      this.ledger.counts.reconnects += 1;
      const delay = backoffMs(this.attempt);
      this.attempt += 1;
      setTimeout(() => this.open(), delay);
    });
  }

  protected markReady() {
    this.ready = true;
    this.attempt = 0;
    this.ledger.counts.connects += 1;
    this.onReady();
    this.pump();
    const done = this.whenReady;
    this.whenReady = undefined;
    done?.();
  }

  write(entry: Sent) {
    this.outbox.push(entry);
    this.pump();
  }

  /** Sends the outbox in order, one at a time; a failure waits a backoff and tries the same again. */
  protected pump() {
    if (this.sending || this.outbox.length === 0 || this.stopped || this.halted) return;
    const entry = this.outbox[0] as Sent;
    this.sending = true;
    void this.deliver(entry).then((outcome) => {
      if (outcome === 'done') {
        this.ledger.counts.accepted += 1;
        this.sendAttempt = 0;
        this.outbox.shift();
        this.sending = false;
        this.pump();
        return;
      }
      this.ledger.counts.postRetries += 1;
      setTimeout(() => {
        this.sending = false;
        this.pump();
      }, backoffMs(this.sendAttempt++));
    });
  }

  /** Sends nothing more (what is in flight finishes); the socket stays open. */
  halt() {
    this.halted = true;
  }

  /** No POST of this client is in flight. */
  get settled(): boolean {
    return !this.sending;
  }

  close() {
    this.stopped = true;
    this.ws?.terminate();
  }
}

/** An HTTP agent per instance port: keep-alive, as a browser keeps its connection. */
const agents = new Map<number, Agent>();
function agentFor(port: number): Agent {
  let agent = agents.get(port);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 64 });
    agents.set(port, agent);
  }
  return agent;
}

function httpJson(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: agentFor(port),
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A participant of the cabinet: customer or author, REST to send and resume, the socket to receive. */
export class AppClient extends Client {
  /** Every message of the order this client has, by id (de-duplicated as the web app does). */
  readonly have = new Set<number>();
  /** Ids the socket pushed (to tell a doubled push from a resume's overlap). */
  private readonly pushed = new Set<number>();
  /**
   * The resume cursor: the newest id received over the socket or a resume page. Not from a POST
   * answer: a message of the other side committed just before it may not have reached this client.
   */
  lastId = 0;
  private resuming = false;

  constructor(
    key: string,
    orderId: number,
    side: 'customer' | 'staff',
    port: number,
    ledger: Ledger,
    readonly token: string,
  ) {
    super(key, orderId, side, port, ledger);
  }

  private get messagesPath() {
    return this.side === 'customer' ? api.orders.messages(this.orderId) : staffApi.messages(this.orderId);
  }

  protected url() {
    return `ws://127.0.0.1:${this.port}${api.socket}?authorization=${encodeURIComponent(this.token)}`;
  }

  protected onFrame(text: string) {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(text) as ServerFrame;
    } catch {
      this.ledger.counts.badFrames += 1;
      return;
    }
    this.ledger.bump(this.ledger.counts.framesByType, frame.type);
    if (frame.type === 'ready') {
      this.ws?.send(JSON.stringify({ type: 'subscribe', id: 's', payload: { order_id: this.orderId } }));
      this.markReady();
    } else if (frame.type === 'message') {
      const message = frame.payload.message;
      if (this.pushed.has(message.id)) this.ledger.counts.duplicatePushes += 1;
      this.pushed.add(message.id);
      this.take(message, 'socket');
    }
  }

  private take(message: ChatMessage, via: 'socket' | 'resume') {
    if (message.order_id !== this.orderId) return;
    this.lastId = Math.max(this.lastId, message.id);
    this.have.add(message.id);
    const entry = this.ledger.sent.get(message.client_id);
    if (entry && entry.to === this) this.ledger.received(entry, via);
  }

  /** After every (re)connect: everything after the last id seen, page by page. */
  protected onReady() {
    if (this.resuming) return;
    this.resuming = true;
    void this.resume().finally(() => {
      this.resuming = false;
    });
  }

  private async resume() {
    for (;;) {
      let res: { status: number; json: unknown };
      try {
        res = await httpJson(
          this.port,
          'GET',
          `${this.messagesPath}?after=${this.lastId}&limit=100`,
          this.token,
        );
      } catch {
        return; // the socket closes too, and the next ready resumes again
      }
      if (res.status !== 200) {
        this.ledger.bump(this.ledger.counts.postFailures, `resume ${res.status}`);
        return;
      }
      this.ledger.counts.resumePages += 1;
      const page = res.json as ChatPage;
      for (const message of [...page.results].reverse()) {
        if (this.pushed.has(message.id)) this.ledger.counts.resumeOverlap += 1;
        this.take(message, 'resume');
      }
      if (!page.has_more) return;
    }
  }

  protected async deliver(entry: Sent): Promise<'done' | 'retry'> {
    try {
      const res = await httpJson(this.port, 'POST', this.messagesPath, this.token, {
        text: entry.text,
        client_id: entry.clientId,
      });
      if (res.status === 200 || res.status === 201) {
        const message = res.json as ChatMessage;
        entry.id = message.id;
        this.have.add(message.id);
        return 'done';
      }
      this.ledger.bump(this.ledger.counts.postFailures, `POST ${res.status}`);
      // 5xx while an instance stops; anything else is a bench or server bug, retried all the same
      // (and reported): the message must not be lost.
      return 'retry';
    } catch (e) {
      this.ledger.bump(this.ledger.counts.postFailures, `POST ${(e as { code?: string }).code ?? 'error'}`);
      return 'retry';
    }
  }
}

/** A participant of the baseline relay: sends and receives on its socket, nothing else. */
export class RelayClient extends Client {
  protected url() {
    return `ws://127.0.0.1:${this.port}/?key=${encodeURIComponent(this.key)}`;
  }

  protected onFrame(text: string) {
    let frame: { to: string; client_id: string };
    try {
      frame = JSON.parse(text) as { to: string; client_id: string };
    } catch {
      this.ledger.counts.badFrames += 1;
      return;
    }
    this.ledger.bump(this.ledger.counts.framesByType, 'relay');
    if (frame.to !== this.key) return;
    const entry = this.ledger.sent.get(frame.client_id);
    if (entry) this.ledger.received(entry, 'socket');
  }

  protected override open() {
    super.open();
    this.ws?.once('open', () => this.markReady());
  }

  protected onReady() {}

  protected async deliver(entry: Sent): Promise<'done' | 'retry'> {
    if (!this.ready || !this.ws) return 'retry';
    this.ws.send(
      JSON.stringify({ to: entry.to.key, from: this.key, client_id: entry.clientId, text: entry.text }),
    );
    return 'done';
  }
}
