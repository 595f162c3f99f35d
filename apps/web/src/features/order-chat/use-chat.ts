import { CHAT_TYPING_TTL_MS, type Actor } from '@cabinet/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  setOrderUnread,
  useIsOnline,
  useOnReconnect,
  useOrderSubscription,
  useRealtimeEvent,
  useSendTyping,
} from '../../shared/realtime';
import type { ChatFace } from './api';
import { ChatStore, type ChatSnapshot } from './chat-store';
import type { ChatViewer } from './model';

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** Who is typing right now (hidden CHAT_TYPING_TTL_MS after their last typing frame, or when their message arrives). */
function useTyping(orderId: number, viewer: ChatViewer): [Actor | null, (author: Actor) => void] {
  const [typing, setTyping] = useState<{ author: Actor; at: number } | null>(null);

  useRealtimeEvent('typing', (frame) => {
    const { order_id, author } = frame.payload;
    // The customer's other tab typing is not the other side.
    if (order_id !== orderId || (viewer.side === 'customer' && author.role === 'customer')) return;
    setTyping({ author, at: Date.now() });
  });

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), CHAT_TYPING_TTL_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  const stopped = (author: Actor) =>
    setTyping((current) =>
      current && current.author.name === author.name && current.author.role === author.role ? null : current,
    );
  return [typing?.author ?? null, stopped];
}

export interface ChatController {
  store: ChatStore;
  snapshot: ChatSnapshot;
  typing: Actor | null;
  /** Call on every keystroke in the composer (throttled underneath). */
  onType: () => void;
}

/**
 * One order's chat on screen: the store's lifetime, the socket's pushes (messages, read marks,
 * typing), the resume after every reconnect, the outbox retried when the connection is back, and
 * the read mark while the chat is in view.
 */
export function useChat(orderId: number, face: ChatFace, viewer: ChatViewer): ChatController {
  const [store] = useState(
    () =>
      new ChatStore({
        orderId,
        viewer,
        api: face.chat,
        outboxKey: face.outboxKey,
        onUnread: (unread, total) => setOrderUnread(orderId, unread, total),
      }),
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const [typing, typingStopped] = useTyping(orderId, viewer);

  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);

  useOrderSubscription(orderId);
  const onType = useSendTyping(orderId);

  useRealtimeEvent('message', (frame) => {
    if (frame.payload.order_id !== orderId) return;
    store.receive(frame.payload.message);
    typingStopped(frame.payload.message.author);
  });
  useRealtimeEvent('read', (frame) => {
    if (frame.payload.order_id === orderId) store.markRead(frame.payload.side, frame.payload.up_to_id);
  });
  useOnReconnect(() => void store.resume());

  // Back online (the socket open again, or the browser's own `online`): the failed messages go again.
  const online = useIsOnline();
  useEffect(() => {
    if (online) store.retryAll();
  }, [online, store]);
  useEffect(() => {
    const retry = () => store.retryAll();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [store]);

  // Read marks only while someone can see the chat.
  useEffect(() => {
    const update = () => store.setVisible(pageVisible());
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      store.setVisible(false);
    };
  }, [store]);

  return { store, snapshot, typing, onType };
}
