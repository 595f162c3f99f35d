// Test-only: a WebSocket and a network the RealtimeClient can be given instead of the browser's.
import type { ServerFrame } from '@cabinet/contract';
import type { NetworkWatch, RealtimeClientOptions, SocketLike } from './client';

export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  get token(): string | null {
    return new URL(this.url).searchParams.get('authorization');
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The handshake went through and the server said `ready`. */
  accept(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.frame({ type: 'ready', payload: { role: 'customer', expires_at: '2030-01-01T00:00:00.000Z' } });
  }

  frame(frame: ServerFrame | Record<string, unknown>): void {
    this.raw(JSON.stringify(frame));
  }

  raw(data: string): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server (or the network) closed it. */
  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  sentOf(type: string): { type: string; id?: string; payload?: unknown }[] {
    return (this.sent as { type: string; id?: string; payload?: unknown }[]).filter((f) => f.type === type);
  }
}

export class FakeNetwork implements NetworkWatch {
  online = true;
  private readonly listeners = { online: new Set<() => void>(), offline: new Set<() => void>() };

  isOnline(): boolean {
    return this.online;
  }

  addEventListener(type: 'online' | 'offline', listener: () => void): void {
    this.listeners[type].add(listener);
  }

  removeEventListener(type: 'online' | 'offline', listener: () => void): void {
    this.listeners[type].delete(listener);
  }

  set(online: boolean): void {
    this.online = online;
    for (const listener of this.listeners[online ? 'online' : 'offline']) listener();
  }

  listenerCount(): number {
    return this.listeners.online.size + this.listeners.offline.size;
  }
}

/** Options wiring a client to fakes; `sockets` collects every socket it opened, in order. */
export function fakeClientOptions(overrides: Partial<RealtimeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const network = new FakeNetwork();
  const visibleListeners = new Set<() => void>();
  let token: string | null = 'token-1';
  const options: RealtimeClientOptions = {
    getToken: () => token,
    refreshToken: () => Promise.resolve(token ?? ''),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    location: { protocol: 'https:', hostname: 'cabinet.example', host: 'cabinet.example' },
    portRule: 'origin',
    network,
    watchVisible: (listener) => {
      visibleListeners.add(listener);
      return () => void visibleListeners.delete(listener);
    },
    // The middle of each backoff window: deterministic delays.
    random: () => 0.5,
    ...overrides,
  };
  return {
    options,
    sockets,
    network,
    /** The tab became visible again. */
    becomeVisible: () => {
      for (const listener of [...visibleListeners]) listener();
    },
    visibleListenerCount: () => visibleListeners.size,
    setToken: (next: string | null) => {
      token = next;
    },
    last: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket opened');
      return socket;
    },
  };
}
