import { CHAT_TYPING_THROTTLE_MS, type ServerFrame, type ServerFrameOf } from '@cabinet/contract';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import type { ConnectionState, RealtimeClient, RealtimeClientOptions } from './client';
import { refreshAfterReconnect, refreshOrderChange } from './order-events';
import { customerSession, loadStaffSession } from './token-source';
import { resetUnread } from './unread-store';

// The socket's code (and the chat's schemas it checks frames with) is a chunk of its own: the first
// screen does not wait for it. It is asked for as soon as this module runs (with the signed-in
// layouts' code), so that it is here by the time a layout mounts: an order's changes are pushed only
// once the socket is up, and what changes before that is not fetched again.
const importConnection = () => import('./connection');
let connection: ReturnType<typeof importConnection> | undefined;
function loadConnection() {
  connection ??= importConnection().catch((error: unknown) => {
    connection = undefined; // The next layout mounted asks again.
    throw error;
  });
  return connection;
}
if (typeof window !== 'undefined') void loadConnection().catch(() => undefined);

const RealtimeContext = createContext<RealtimeClient | null>(null);

export interface RealtimeProviderProps {
  side: 'customer' | 'staff';
  children: ReactNode;
  /** Tests inject a fake socket and network; the app leaves it out. */
  clientOptions?: Partial<RealtimeClientOptions>;
}

/**
 * The tab's real-time connection for a signed-in layout (the customer cabinet or the staff
 * section): one socket while mounted, and the unread counters it keeps current — loaded at start
 * and after every reconnect (anything missed while down), then moved by `unread` frames.
 */
export function RealtimeProvider({ side, children, clientOptions }: RealtimeProviderProps) {
  const [client, setClient] = useState<RealtimeClient | null>(null);
  // Options are read once: a new object each render must not reconnect.
  const optionsRef = useRef(clientOptions);

  useEffect(() => {
    let cancelled = false;
    let teardown: (() => void) | undefined;
    const sessionReady = side === 'staff' ? loadStaffSession() : Promise.resolve(customerSession);
    Promise.all([sessionReady, loadConnection()]).then(
      ([session, { connect }]) => {
        if (cancelled) return;
        teardown = connect(session, optionsRef.current, setClient);
      },
      // The staff chunk or this one failed to load: the section shows its own reload modal, and
      // the cabinet works without live updates until the next page load.
      () => undefined,
    );
    return () => {
      cancelled = true;
      teardown?.();
      // Also when the session never loaded: nothing counted for this user may outlive the layout.
      resetUnread();
      setClient(null);
    };
  }, [side]);

  return (
    <RealtimeContext.Provider value={client}>
      <OrderEventsSync side={side} />
      {children}
    </RealtimeContext.Provider>
  );
}

/**
 * Keeps the cached orders true to the server (ADR 026): an `order` frame reads again exactly the
 * queries it concerns, and a reconnect — not the first connect — reads once every order query on
 * screen, for what changed while the socket was down. No polling: nothing happens between frames.
 */
function OrderEventsSync({ side }: { side: 'customer' | 'staff' }) {
  const client = useClient();
  // Read from the context, not useQueryClient(): a layout rendered without a query client (unit
  // tests of the socket) just has nothing to refresh.
  const queries = useContext(QueryClientContext);
  useEffect(() => {
    if (!client || !queries) return;
    const offFrame = client.onFrame((frame) => {
      if (frame.type === 'order') void refreshOrderChange(queries, side, frame.payload);
    });
    const offReady = client.onReady(({ first }) => {
      if (!first) void refreshAfterReconnect(queries, side);
    });
    return () => {
      offFrame();
      offReady();
    };
  }, [client, queries, side]);
  return null;
}

function useClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/** True inside a provider whose socket client exists (the banner says nothing before). */
export function useHasRealtime(): boolean {
  return useClient() !== null;
}

/** The socket's state; 'offline' outside a provider. */
export function useConnectionState(): ConnectionState {
  const client = useClient();
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.onState(listener) : () => undefined),
    [client],
  );
  return useSyncExternalStore(
    subscribe,
    () => client?.state ?? 'offline',
    () => 'offline',
  );
}

function subscribeNetwork(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The browser's own idea of being online (true on the server render). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeNetwork,
    () => navigator.onLine !== false,
    () => true,
  );
}

/** The socket is open and the browser online: what is sent now goes out now. */
export function useIsOnline(): boolean {
  const state = useConnectionState();
  const online = useBrowserOnline();
  return state === 'open' && online;
}

/** Calls the latest `handler` for every frame of `type`; one subscription for the component's life. */
export function useRealtimeEvent<T extends ServerFrame['type']>(
  type: T,
  handler: (frame: ServerFrameOf<T>) => void,
): void {
  const client = useClient();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.onFrame((frame) => {
      if (frame.type === type) latest.current(frame as ServerFrameOf<T>);
    });
  }, [client, type]);
}

/**
 * Receives the order's typing events while mounted: `subscribe` now and again after every
 * reconnect, `unsubscribe` on unmount. (Messages, read marks and counters come regardless.)
 */
export function useOrderSubscription(orderId: number): void {
  const client = useClient();
  useEffect(() => {
    if (!client) return;
    client.subscribe(orderId);
    return () => client.unsubscribe(orderId);
  }, [client, orderId]);
}

/**
 * Tells the other side this user is typing: call it on every keystroke; at most one frame per
 * CHAT_TYPING_THROTTLE_MS goes out, none while the socket is not open.
 */
export function useSendTyping(orderId: number): () => void {
  const client = useClient();
  const lastSent = useRef<{ orderId: number; at: number } | null>(null);
  return useCallback(() => {
    if (!client || client.state !== 'open') return;
    const now = Date.now();
    const last = lastSent.current;
    if (last && last.orderId === orderId && now - last.at < CHAT_TYPING_THROTTLE_MS) return;
    if (client.send({ type: 'typing', payload: { order_id: orderId } }))
      lastSent.current = { orderId, at: now };
  }, [client, orderId]);
}

/**
 * Calls the latest `handler` after every `ready` of the socket — the first connect included, so
 * that a screen mounted while the socket was still connecting fetches what was sent before it was
 * up (`GET messages/?after=<last id>`). A screen mounted while the socket is open is next called
 * after a reconnect. Never called outside a provider.
 */
export function useOnReconnect(handler: () => void): void {
  const client = useClient();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.onReady(() => latest.current());
  }, [client]);
}
