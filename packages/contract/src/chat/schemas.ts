import { z } from '../common/zod';
import { text } from '../common/input';
import { ActorSchema, WorkspaceFileListSchema } from '../workspace/schemas';
import { CHAT_MAX_FILES, CHAT_PAGE_SIZE, CHAT_PAGE_SIZE_MAX, CHAT_TEXT_MAX, chatMessages } from './constants';
import { idMessages, MAX_ROW_ID, rowIdParamSchema, rowIdSchema } from '../common/ids';

/**
 * The order chat (spec §1, §2 `/order/{id}/chat`, §7 "Real-time socket"): the customer,
 * the order's author and the service's managers. REST is the source of truth (history, sending,
 * read marks); the socket at `/channels/ws/` only pushes what changed. Every frame either way is
 * JSON `{ type, id?, payload }` and is validated by the schemas below on both ends.
 */

const id = rowIdSchema;

/** Delivery states a message shows to its sender (the first two only exist on the client). */
export const CHAT_DELIVERY_STATES = ['not_sent', 'sending', 'sent', 'read'] as const;
export type ChatDeliveryState = (typeof CHAT_DELIVERY_STATES)[number];

/**
 * One message. `id` grows monotonically within an order (messages of an order are written under
 * the order's lock), so "everything after the last id I saw" is exact. `client_id` is the sender's
 * idempotency key (a UUID the client made before the first attempt).
 */
export const ChatMessageSchema = z.object({
  id: z.number().int().positive(),
  order_id: z.number().int().positive(),
  client_id: text(),
  /** Customer, manager or author; staff by display name only («Менеджер Ольга», «Автор Иван К.»). */
  author: ActorSchema,
  /**
   * The staff member who wrote it: in staff answers only (a staff client tells its own messages
   * by it); always null in a customer's.
   */
  staff_id: z.number().int().nullable(),
  /** Plain text; never HTML. Links are found and made clickable by the client. */
  text: text(),
  /** Files sent with the message; they are in the files tab too. */
  files: WorkspaceFileListSchema,
  created_at: text(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** How far each side has read: a message is «прочитано» once the other side's mark reaches it. */
export const ChatReadMarksSchema = z.object({
  /** The customer's last read message id (0: none). */
  customer: z.number().int().nonnegative(),
  /** The highest last-read id among the order's staff (author, managers). */
  staff: z.number().int().nonnegative(),
});
export type ChatReadMarks = z.infer<typeof ChatReadMarksSchema>;

/**
 * `GET {id}/messages/?before=&after=&limit=`:
 * - neither: the newest `limit` messages;
 * - `before=X`: the newest `limit` messages with id < X (paging back on scroll);
 * - `after=X`: the oldest `limit` messages with id > X (resume after a reconnect; repeat with the
 *   last id while `has_more`).
 * `results` are always newest first.
 */
export const ChatPageQuerySchema = z
  .object({
    before: rowIdParamSchema.optional(),
    after: z.coerce.number().int().nonnegative().max(MAX_ROW_ID, idMessages.tooLarge).optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE_MAX).default(CHAT_PAGE_SIZE),
  })
  .refine((q) => q.before === undefined || q.after === undefined, {
    message: chatMessages.beforeAndAfter,
    path: ['before'],
  });
export type ChatPageQuery = z.input<typeof ChatPageQuerySchema>;

export const ChatPageSchema = z.object({
  /** Newest first. */
  results: z.array(ChatMessageSchema),
  /** More messages exist beyond this page in the direction asked (older for before/none, newer for after). */
  has_more: z.boolean(),
  read: ChatReadMarksSchema,
  /** Messages by others this viewer has not read yet. */
  unread: z.number().int().nonnegative(),
});
export type ChatPage = z.infer<typeof ChatPageSchema>;

/** A client-made idempotency key: a UUID or similar, 8–64 of [A-Za-z0-9_-]. */
export const ChatClientIdSchema = text({ error: chatMessages.clientIdInvalid }).regex(
  /^[A-Za-z0-9_-]{8,64}$/,
  chatMessages.clientIdInvalid,
);

/**
 * `POST {id}/messages/`: 201 with the new message; a repeat of a `client_id` this sender already
 * used in the order answers 200 with the first message and stores nothing. `file_ids` are the
 * customer's uploads (`ajax-files/`) or, for staff, files uploaded to the order and not yet sent.
 */
export const ChatPostRequestSchema = z
  .object({
    text: text().trim().max(CHAT_TEXT_MAX, chatMessages.textTooLong).default(''),
    client_id: ChatClientIdSchema,
    file_ids: z.array(id).max(CHAT_MAX_FILES, chatMessages.tooManyFiles).default([]),
  })
  .refine((b) => b.text.length > 0 || b.file_ids.length > 0, {
    message: chatMessages.textRequired,
    path: ['text'],
  });
export type ChatPostRequest = z.input<typeof ChatPostRequestSchema>;

/** `POST {id}/messages/read/`: everything up to this id is read (never moves back). */
export const ChatReadRequestSchema = z.object({
  up_to_id: z
    .number({ error: chatMessages.upToInvalid })
    .int()
    .positive(chatMessages.upToInvalid)
    .max(MAX_ROW_ID, chatMessages.upToInvalid),
});
export type ChatReadRequest = z.infer<typeof ChatReadRequestSchema>;

/** The answer of a read mark, and of `GET /api/client/chat/unread/` per order. */
export const ChatOrderUnreadSchema = z.object({
  order_id: z.number().int().positive(),
  unread: z.number().int().nonnegative(),
});
export type ChatOrderUnread = z.infer<typeof ChatOrderUnreadSchema>;

export const ChatReadResultSchema = ChatOrderUnreadSchema.extend({
  /** Unread messages over all the viewer's orders (the sidebar and the document title). */
  total: z.number().int().nonnegative(),
  read: ChatReadMarksSchema,
});
export type ChatReadResult = z.infer<typeof ChatReadResultSchema>;

/** `GET /api/client/chat/unread/` (and the staff one): orders with unread messages, and the sum. */
export const ChatUnreadSchema = z.object({
  total: z.number().int().nonnegative(),
  orders: z.array(ChatOrderUnreadSchema),
});
export type ChatUnread = z.infer<typeof ChatUnreadSchema>;

// ---- Socket frames: `{ type, id?, payload }` ----

/** A client's frame id, echoed in the answer (`subscribed`, `pong`, `error`). */
const frameId = text().min(1).max(64).optional();
const orderRef = z.object({ order_id: id });

/** Client → server. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  /** Application-level keep-alive (protocol pings run too); answered by `pong`. */
  z.object({ type: z.literal('ping'), id: frameId, payload: z.object({}).optional() }),
  /** Receive this order's typing events (messages, read marks and unread counts come regardless). */
  z.object({ type: z.literal('subscribe'), id: frameId, payload: orderRef }),
  z.object({ type: z.literal('unsubscribe'), id: frameId, payload: orderRef }),
  /** The user is typing in this order's chat (throttled by the client, and by the server). */
  z.object({ type: z.literal('typing'), id: frameId, payload: orderRef }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;
export const CLIENT_FRAME_TYPES = ['ping', 'subscribe', 'unsubscribe', 'typing'] as const;

export const CHAT_ERROR_CODES = [
  'invalid_frame',
  'unknown_type',
  'too_big',
  'not_found',
  'rate_limited',
  'internal',
] as const;

/**
 * What an `order` frame says changed (ADR 026). A notice, not the data: each viewer reads its own
 * face of the order again, so the frame is the same for the customer, the author and a manager.
 */
export const ORDER_EVENT_KINDS = [
  /** The order's status. */
  'status',
  /** The price (what the customer pays, and what that is made of). */
  'price',
  'deadline',
  /** The assigned author. */
  'performer',
  /** Files added, or marked reviewed. */
  'files',
  /** A rework request opened, answered or written in. */
  'reworks',
  /** A care (quality) request opened, answered or written in. */
  'care',
  /** A payment settled for the order (what is paid, and what is owed). */
  'payments',
  /** A new entry in the order's timeline. */
  'timeline',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Server → client. */
export const ServerFrameSchema = z.discriminatedUnion('type', [
  /** First frame after the handshake: who the socket belongs to and when its token expires. */
  z.object({
    type: z.literal('ready'),
    payload: z.object({
      role: z.enum(['customer', 'manager', 'performer']),
      /** ISO time the access token expires; the socket is closed with 4401 then. */
      expires_at: text(),
    }),
  }),
  z.object({ type: z.literal('pong'), id: frameId, payload: z.object({}) }),
  z.object({
    type: z.literal('subscribed'),
    id: frameId,
    payload: z.object({ order_id: id, last_id: z.number().int().nonnegative() }),
  }),
  /** A new message (the sender's own sockets get it too, for their other tabs). */
  z.object({ type: z.literal('message'), payload: z.object({ order_id: id, message: ChatMessageSchema }) }),
  /** One side's read mark moved. */
  z.object({
    type: z.literal('read'),
    payload: z.object({ order_id: id, side: z.enum(['customer', 'staff']), up_to_id: z.number().int() }),
  }),
  /** This user's unread count of an order changed, with the new total over all their orders. */
  z.object({
    type: z.literal('unread'),
    payload: z.object({
      order_id: id,
      unread: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
    }),
  }),
  /**
   * Something about an order changed: sent after the change is committed to the order's customer,
   * its author and every manager, who read again what the kinds concern.
   */
  z.object({
    type: z.literal('order'),
    payload: z.object({ order_id: id, kinds: z.array(z.enum(ORDER_EVENT_KINDS)).min(1) }),
  }),
  /** Someone else is typing in a subscribed order. */
  z.object({ type: z.literal('typing'), payload: z.object({ order_id: id, author: ActorSchema }) }),
  z.object({
    type: z.literal('error'),
    id: frameId,
    payload: z.object({ code: z.enum(CHAT_ERROR_CODES), message: text() }),
  }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
export type ServerFrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

/** WebSocket close codes the server uses, and what the client does about each. */
export const CHAT_CLOSE = {
  /** Server shutting down (SIGTERM): reconnect (to another instance) with backoff. */
  goingAway: 1001,
  /** A frame over CHAT_FRAME_MAX_BYTES: reconnect. */
  tooBig: 1009,
  /** Missing, bad or expired access token (at the handshake, or when it expires): refresh, then reconnect. */
  unauthorized: 4401,
  /** Origin not allowed: do not retry. */
  forbiddenOrigin: 4403,
  /** The client read too slowly and its buffer overflowed, or stopped answering pings: reconnect. */
  slowConsumer: 4408,
  /**
   * The customer opened more sockets (tabs) than one may hold, and this was the oldest: do not
   * reconnect (that would close another of the customer's tabs in turn).
   */
  tooManySockets: 4429,
} as const;
