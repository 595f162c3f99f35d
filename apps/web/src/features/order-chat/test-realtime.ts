// Test-only: a stand-in for shared/realtime (`vi.mock(..., () => import('./test-realtime'))`): the
// test pushes frames, reconnects and flips the connection; the hooks behave as the real ones do.
import type { ServerFrame, ServerFrameOf } from '@cabinet/contract';
import { act } from '@testing-library/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

const frameListeners = new Set<(frame: ServerFrame) => void>();
const readyListeners = new Set<() => void>();
const onlineListeners = new Set<() => void>();
let online = false;

export const fakeRealtime = {
  subscribed: [] as number[],
  typingSent: [] as number[],
  unread: [] as Array<{ orderId: number; unread: number; total: number | undefined }>,
  emit(frame: ServerFrame): void {
    act(() => {
      for (const listener of frameListeners) listener(frame);
    });
  },
  /** A `ready` after a reconnect. */
  reconnect(): void {
    act(() => {
      for (const listener of readyListeners) listener();
    });
  },
  setOnline(next: boolean): void {
    act(() => {
      online = next;
      for (const listener of onlineListeners) listener();
    });
  },
  reset(): void {
    fakeRealtime.subscribed = [];
    fakeRealtime.typingSent = [];
    fakeRealtime.unread = [];
    online = false;
  },
};

export function useRealtimeEvent<T extends ServerFrame['type']>(
  type: T,
  handler: (frame: ServerFrameOf<T>) => void,
): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (frame: ServerFrame) => {
      if (frame.type === type) latest.current(frame as ServerFrameOf<T>);
    };
    frameListeners.add(listener);
    return () => {
      frameListeners.delete(listener);
    };
  }, [type]);
}

export function useOnReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    readyListeners.add(listener);
    return () => {
      readyListeners.delete(listener);
    };
  }, []);
}

export function useOrderSubscription(orderId: number): void {
  useEffect(() => {
    fakeRealtime.subscribed.push(orderId);
  }, [orderId]);
}

export function useSendTyping(orderId: number): () => void {
  return useCallback(() => {
    fakeRealtime.typingSent.push(orderId);
  }, [orderId]);
}

export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    () => online,
  );
}

export function setOrderUnread(orderId: number, unread: number, total?: number): void {
  fakeRealtime.unread.push({ orderId, unread, total });
}
