import {
  CHAT_TYPING_THROTTLE_MS,
  ChatUnreadSchema,
  type ServerFrame,
  type ServerFrameOf,
} from '@cabinet/contract';
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
import { apiFetch } from '../api/client';
import { RealtimeClient, type ConnectionState, type RealtimeClientOptions } from './client';
import { refreshAfterReconnect, refreshOrderChange } from './order-events';
import { customerSession, loadStaffSession, type RealtimeSession } from './token-source';
import { replaceUnread, resetUnread, setOrderUnread, unreadMark } from './unread-store';

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
    sessionReady.then(
      (session) => {
        if (cancelled) return;
        teardown = run(session, optionsRef.current, setClient);
      },
      () => undefined, // The staff chunk failed to load: the section shows its own reload modal.
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

function run(
  session: RealtimeSession,
  options: Partial<RealtimeClientOptions> | undefined,
  expose: (client: RealtimeClient) => void,
): () => void {
  const client = new RealtimeClient({
    getToken: session.getToken,
    refreshToken: session.refreshToken,
    ...options,
  });
  let loadSeq = 0;

  const loadUnread = () => {
    const seq = ++loadSeq;
    const since = unreadMark();
    apiFetch<unknown>(session.unreadPath, { tokens: session.tokens })
      .then((body) => {
        if (seq !== loadSeq) return;
        const parsed = ChatUnreadSchema.safeParse(body);
        if (parsed.success) replaceUnread(parsed.data.total, parsed.data.orders, since);
      })
      .catch(() => undefined); // Counters stay as they were; the next reconnect loads again.
  };

  const offFrame = client.onFrame((frame) => {
    if (frame.type !== 'unread') return;
    const { order_id, unread, total } = frame.payload;
    setOrderUnread(order_id, unread, total);
  });
  // Every (re)connect: what moved while the socket was not up yet, or down. The load at start
  // shows the counters even when the socket cannot connect at all.
  const offReady = client.onReady(loadUnread);

  loadUnread();
  expose(client);
  client.start();
  return () => {
    offFrame();
    offReady();
    client.stop();
    loadSeq += 1;
  };
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
