/**
 * The web's real-time layer: the socket to `/channels/ws/`, its state, its frames, and the unread
 * counters it keeps current. Mounted by the signed-in layouts (`RealtimeProvider`); every hook is
 * harmless outside one (state 'offline', counts 0, nothing sent).
 */
export type { ConnectionState } from './client';
export {
  RealtimeProvider,
  useConnectionState,
  useIsOnline,
  useOnReconnect,
  useOrderSubscription,
  useRealtimeEvent,
  useSendTyping,
} from './provider';
export { setOrderUnread, useLiveOrderUnread, useOrderUnread, useUnreadTotal } from './unread-store';
export { ConnectionBanner } from './connection-banner';
export { UnreadBadge } from './unread-badge';
