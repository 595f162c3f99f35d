import { ChatUnreadSchema } from '@cabinet/contract';
import { apiFetch } from '../api/client';
import { RealtimeClient, type RealtimeClientOptions } from './client';
import type { RealtimeSession } from './token-source';
import { replaceUnread, setOrderUnread, unreadMark } from './unread-store';

/**
 * Opens the tab's socket for a session (provider.tsx loads this module apart, once a signed-in
 * layout is mounted) and keeps the unread counters current: loaded at start and after every
 * (re)connect, then moved by `unread` frames. Hands the client to `expose`; returns what closes it.
 */
export function connect(
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
