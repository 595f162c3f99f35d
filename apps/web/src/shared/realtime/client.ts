import {
  CHAT_CLOSE,
  ClientFrameSchema,
  ServerFrameSchema,
  socketUrl,
  type ClientFrame,
  type PageLocation,
  type ServerFrame,
  type SocketPortRule,
} from '@cabinet/contract';
import { Backoff, BACKOFF_RESET_AFTER_MS } from './backoff';

/**
 * - `connecting`: no usable socket yet (opening, waiting for `ready`, or waiting to retry);
 * - `open`: the server said `ready`: frames flow;
 * - `offline`: the browser is offline, the session cannot be renewed, or the origin was refused;
 * - `displaced`: the customer's newer tabs hold all the sockets one may have (close 4429), and
 *   this tab stays without one until it is reloaded.
 */
export type ConnectionState = 'connecting' | 'open' | 'offline' | 'displaced';

/** The part of the browser's WebSocket this client uses (a fake one stands in for it in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** Where online/offline come from: `window` in the app. */
export interface NetworkWatch {
  isOnline(): boolean;
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface RealtimeClientOptions {
  /** The access token the socket authenticates with (read at every connect). */
  getToken(): string | null;
  /**
   * A fresh token after `staleToken` was refused (close 4401): the session's single-flight
   * refresh. Throws when the session cannot be renewed (the refresher has signed the user out).
   */
  refreshToken(staleToken: string | null): Promise<string>;
  createSocket?: (url: string) => SocketLike;
  location?: PageLocation;
  portRule?: SocketPortRule;
  network?: NetworkWatch;
  /** Calls `listener` whenever the tab becomes visible; returns the unsubscribe. `document` in the app. */
  watchVisible?: (listener: () => void) => () => void;
  random?: () => number;
  /** Application-level ping period; a `pong` must come within `pongTimeoutMs`. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
}

export const PING_INTERVAL_MS = 25_000;
export const PONG_TIMEOUT_MS = 10_000;
/** Close code this client uses for a socket it gave up on (no pong, going offline). */
const CLIENT_DROP = 4000;
const OPEN = 1;

type Listener<T> = (value: T) => void;

/** `__SOCKET_PORT_RULE__` is defined by vite at build time; tests (vitest's own config) leave it out. */
function buildPortRule(): SocketPortRule {
  return typeof __SOCKET_PORT_RULE__ !== 'undefined' && __SOCKET_PORT_RULE__ === 'spec' ? 'spec' : 'origin';
}

function browserNetwork(): NetworkWatch {
  return {
    isOnline: () => navigator.onLine !== false,
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
  };
}

function documentVisible(listener: () => void): () => void {
  const onChange = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function devWarn(...args: unknown[]): void {
  // Dev only, and not in unit tests, where every screen under a layout would print it.
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.warn('[realtime]', ...args);
}

/**
 * The tab's one socket to `/channels/ws/` (spec §7 "Real-time socket"), framework-free: connects
 * with the access token, validates every frame both ways, renews the token on 4401, gives up on
 * 4403 and 4429, otherwise reconnects with backoff; pings to notice a dead connection, follows the
 * browser's online/offline, and re-sends the order subscriptions after every reconnect.
 * Hidden tabs keep their socket (a message must still move the counters and the title); a tab
 * looked at again does not wait out a long backoff.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private socketToken: string | null = null;
  private currentState: ConnectionState = 'connecting';
  private started = false;
  private refused = false;
  private readyCount = 0;
  /** 4401s in a row without a `ready` between them: the second one waits for the backoff. */
  private authFailures = 0;
  private frameSeq = 0;
  private readonly backoff: Backoff;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private healthyTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions = new Map<number, number>();
  private readonly frameListeners = new Set<Listener<ServerFrame>>();
  private readonly stateListeners = new Set<Listener<ConnectionState>>();
  private readonly readyListeners = new Set<Listener<{ first: boolean }>>();
  private readonly network: NetworkWatch;
  private stopWatchingVisible: (() => void) | undefined;

  constructor(private readonly options: RealtimeClientOptions) {
    this.backoff = new Backoff(options.random);
    this.network = options.network ?? browserNetwork();
  }

  get state(): ConnectionState {
    return this.currentState;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.network.addEventListener('online', this.handleOnline);
    this.network.addEventListener('offline', this.handleOffline);
    this.stopWatchingVisible = (this.options.watchVisible ?? documentVisible)(this.handleVisible);
    this.connect();
  }

  /** Closes the socket for good (the layout that owned it unmounted). */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.network.removeEventListener('online', this.handleOnline);
    this.network.removeEventListener('offline', this.handleOffline);
    this.stopWatchingVisible?.();
    this.stopWatchingVisible = undefined;
    this.clearTimers();
    this.dropSocket(1000);
    this.setState('offline');
  }

  /** Counted: the order stays subscribed while anyone on the page wants it. */
  subscribe(orderId: number): void {
    const count = this.subscriptions.get(orderId) ?? 0;
    this.subscriptions.set(orderId, count + 1);
    if (count === 0) this.send({ type: 'subscribe', id: this.nextId(), payload: { order_id: orderId } });
  }

  unsubscribe(orderId: number): void {
    const count = this.subscriptions.get(orderId) ?? 0;
    if (count <= 1) {
      this.subscriptions.delete(orderId);
      if (count === 1) this.send({ type: 'unsubscribe', id: this.nextId(), payload: { order_id: orderId } });
    } else {
      this.subscriptions.set(orderId, count - 1);
    }
  }

  /** Sends a frame when the socket is open; false (nothing sent) otherwise or when the frame is invalid. */
  send(frame: ClientFrame): boolean {
    const checked = ClientFrameSchema.safeParse(frame);
    if (!checked.success) {
      devWarn('invalid outgoing frame dropped', frame);
      return false;
    }
    if (this.currentState !== 'open' || !this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(checked.data));
    return true;
  }

  onFrame(listener: Listener<ServerFrame>): () => void {
    this.frameListeners.add(listener);
    return () => void this.frameListeners.delete(listener);
  }

  onState(listener: Listener<ConnectionState>): () => void {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  }

  /** After every `ready`; `first` is true for the first one of this client. */
  onReady(listener: Listener<{ first: boolean }>): () => void {
    this.readyListeners.add(listener);
    return () => void this.readyListeners.delete(listener);
  }

  private nextId(): string {
    this.frameSeq += 1;
    return String(this.frameSeq);
  }

  private connect(): void {
    this.clearRetry();
    if (!this.started || this.refused) return;
    if (!this.network.isOnline()) {
      this.setState('offline');
      return;
    }
    const token = this.options.getToken();
    if (!token) {
      // No token yet (another tab is signing in again, or signed out): the API client's own 401
      // path decides about the session; the socket only looks again later.
      this.scheduleReconnect();
      return;
    }
    this.setState('connecting');
    const location = this.options.location ?? window.location;
    const url = socketUrl(location, token, this.options.portRule ?? buildPortRule());
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? ((u: string) => new WebSocket(u)))(url);
    } catch (error) {
      devWarn('socket could not be created', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.socketToken = token;
    socket.onmessage = (event) => {
      if (this.socket === socket) this.handleMessage(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.handleClose(event.code);
    };
    // An error is always followed by a close; the close decides.
    socket.onerror = () => undefined;
  }

  private handleMessage(data: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      devWarn('frame is not JSON', data);
      return;
    }
    const parsed = ServerFrameSchema.safeParse(json);
    if (!parsed.success) {
      devWarn('invalid frame dropped', json, parsed.error.issues);
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'ready') this.handleReady();
    else if (frame.type === 'pong') this.clearPongTimer();
    for (const listener of [...this.frameListeners]) listener(frame);
  }

  private handleReady(): void {
    this.authFailures = 0;
    this.setState('open');
    for (const orderId of this.subscriptions.keys()) {
      this.send({ type: 'subscribe', id: this.nextId(), payload: { order_id: orderId } });
    }
    this.startPing();
    clearTimeout(this.healthyTimer);
    this.healthyTimer = setTimeout(() => this.backoff.reset(), BACKOFF_RESET_AFTER_MS);
    const first = this.readyCount === 0;
    this.readyCount += 1;
    for (const listener of [...this.readyListeners]) listener({ first });
  }

  private handleClose(code: number): void {
    const staleToken = this.socketToken;
    this.socket = null;
    this.socketToken = null;
    this.clearTimers();
    if (!this.started) return;
    if (code === CHAT_CLOSE.forbiddenOrigin) {
      // This page's origin is not allowed: retrying cannot help.
      this.refused = true;
      this.setState('offline');
      return;
    }
    if (code === CHAT_CLOSE.tooManySockets) {
      // The newer tabs hold the sockets: reconnecting would close one of theirs, and that tab
      // would answer the same way.
      this.refused = true;
      this.setState('displaced');
      return;
    }
    if (code === CHAT_CLOSE.unauthorized) {
      this.renewThenConnect(staleToken);
      return;
    }
    this.scheduleReconnect();
  }

  private renewThenConnect(staleToken: string | null): void {
    this.setState(this.network.isOnline() ? 'connecting' : 'offline');
    this.authFailures += 1;
    const repeated = this.authFailures > 1;
    this.options.refreshToken(staleToken).then(
      () => {
        if (!this.started) return;
        // A fresh token refused again: something else is wrong; do not hammer the server.
        if (repeated) this.scheduleReconnect();
        else this.connect();
      },
      (error: unknown) => {
        devWarn('token refresh failed', error);
        // A refused refresh has signed the user out (the layout goes away); anything else may pass.
        if (this.started) this.scheduleReconnect();
      },
    );
  }

  private scheduleReconnect(): void {
    this.clearRetry();
    if (!this.started || this.refused) return;
    if (!this.network.isOnline()) {
      this.setState('offline');
      return;
    }
    this.setState('connecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, this.backoff.next());
  }

  private startPing(): void {
    const interval = this.options.pingIntervalMs ?? PING_INTERVAL_MS;
    const timeout = this.options.pongTimeoutMs ?? PONG_TIMEOUT_MS;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: 'ping', id: this.nextId(), payload: {} })) return;
      if (this.pongTimer !== undefined) return;
      this.pongTimer = setTimeout(() => {
        this.pongTimer = undefined;
        devWarn('no pong: reconnecting');
        this.abandonSocket();
        this.scheduleReconnect();
      }, timeout);
    }, interval);
  }

  private clearPongTimer(): void {
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  private readonly handleOnline = (): void => {
    if (!this.started || this.refused) return;
    if (this.socket && this.currentState === 'open') return;
    // Back online: try now, not when the backoff says.
    this.abandonSocket();
    this.connect();
  };

  /** The user looks at the tab again: a reconnect waiting out its backoff goes now. */
  private readonly handleVisible = (): void => {
    if (this.retryTimer === undefined) return;
    this.connect();
  };

  private readonly handleOffline = (): void => {
    // A refused client has no socket and keeps saying why.
    if (!this.started || this.refused) return;
    // The socket may linger half-dead; a fresh one after `online` is certain.
    this.abandonSocket();
    this.clearRetry();
    this.setState('offline');
  };

  /** Forgets the current socket without reacting to its close. */
  private abandonSocket(): void {
    this.clearTimers();
    this.dropSocket(CLIENT_DROP);
  }

  private dropSocket(code: number): void {
    const socket = this.socket;
    this.socket = null;
    this.socketToken = null;
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  private clearRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private clearTimers(): void {
    this.clearRetry();
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.clearPongTimer();
    clearTimeout(this.healthyTimer);
    this.healthyTimer = undefined;
  }

  private setState(next: ConnectionState): void {
    if (this.currentState === next) return;
    this.currentState = next;
    for (const listener of [...this.stateListeners]) listener(next);
  }
}
