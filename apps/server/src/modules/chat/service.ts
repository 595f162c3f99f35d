import {
  chatMessages,
  orderMessages,
  type Actor as ShownActor,
  type ChatMessage,
  type ChatPage,
  type ChatPageQuerySchema,
  type ChatPostRequestSchema,
  type ChatReadResult,
  type ChatUnread,
  type ServerFrame,
  type WorkspaceFile,
} from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { HttpError } from '../../plugins/errors';
import {
  bytesHeld,
  fileNotFound,
  firstName,
  isEditable,
  lockOrder,
  lockOrderWithCustomerName,
  namerFor,
  notFound,
  pendingUploads,
  toWorkspaceFile,
  type Face,
  type Namer,
  type OrderRow,
} from '../orders';
import { sendDigests } from './digest';
import * as repo from './repo';
import {
  countMessage,
  keyOf,
  messageDeliveries,
  unreadTotals,
  type Audience,
  type Changed,
} from './deliveries';
import type { MessageRow } from './repo';
import {
  recipientsOf,
  type ChatAccess,
  type ChatDeps,
  type Delivery,
  type OrderAudience,
  type Principal,
} from './types';
import { closed, faceOf, marksOf, sees } from './rules';
import { lockCustomer } from '../ledger';
import { chatMessagePush, notify } from '../notifications';

/**
 * The order chat's rules: who may read and write an order's chat, storing a message with
 * the readers' counters in one transaction under the order's lock, read marks, unread counts, and
 * what goes on the bus once a change has committed. REST is the source of truth: a frame lost on
 * the bus is found again by the client's `after=` resume.
 */

type PageQuery = z.output<typeof ChatPageQuerySchema>;
type PostBody = z.output<typeof ChatPostRequestSchema>;

const MB = 1024 * 1024;

interface Stored {
  row: MessageRow;
  created: boolean;
  /** Set when created: the order, and the readers whose counts changed. */
  order?: Audience;
  changed?: Changed[];
  /** The customer's full name, read with the order's lock. */
  customerFio?: string;
}

export class ChatService implements ChatAccess {
  constructor(private readonly deps: ChatDeps) {}

  private get db(): Kysely<DB> {
    return this.deps.db;
  }

  // Access ------------------------------------------------------------------------

  /** The placed order if the principal may see its chat, else undefined (answer: not found). */
  private async visibleOrder(p: Principal, orderId: number) {
    const order = await repo.placedOrderPeople(this.db, orderId);
    return order && sees(p, order) ? order : undefined;
  }

  async access(p: Principal, orderId: number): Promise<OrderAudience | null> {
    const order = await this.visibleOrder(p, orderId);
    if (!order) return null;
    return {
      orderId,
      customerId: order.user_id,
      performerId: order.performer_id,
      lastId: await repo.lastId(this.db, orderId),
    };
  }

  async actorOf(p: Principal): Promise<ShownActor> {
    if (p.kind === 'customer') {
      const user = await repo.customerFio(this.db, p.userId);
      return { role: 'customer', name: firstName(user?.fio ?? '') };
    }
    // The order does not matter for a staff member's name: any order's namer says it the same way.
    const namer = await namerFor(this.db, 0, 'customer', [p.staffId]);
    return namer.actor(p.role, p.staffId);
  }

  // History -----------------------------------------------------------------------

  async page(p: Principal, orderId: number, q: PageQuery): Promise<ChatPage> {
    if (!(await this.visibleOrder(p, orderId))) throw notFound();
    const rows = await repo.messagePage(this.db, orderId, q);
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    const face = faceOf(p);
    const [messages, reads] = await Promise.all([
      this.present(this.db, orderId, page, [face]),
      repo.orderReads(this.db, orderId),
    ]);
    const own = reads.find((r) => r.reader_key === keyOf(p));
    return {
      results: messages[face],
      has_more: more,
      read: marksOf(reads),
      unread: own?.unread ?? 0,
    };
  }

  /**
   * Messages as each face shows them: authors by name (the customer is «Вы» to themself), staff
   * ids only to staff, files with their links. Reads the names and the files once for all.
   */
  private async present(
    db: Kysely<DB>,
    orderId: number,
    rows: MessageRow[],
    faces: Face[],
    /** False when the messages are known to carry none (just stored without any). */
    withFiles = true,
    /** The customer's full name when already read (see namerFor). */
    customerFio?: string,
  ): Promise<Record<Face, ChatMessage[]>> {
    const files = withFiles
      ? await repo.filesOfMessages(
          db,
          orderId,
          rows.map((r) => r.id),
        )
      : [];
    const staffIds = [...rows.map((r) => r.staff_id), ...files.map((f) => f.staff_id)];
    const namers = await namersFor(db, orderId, staffIds, faces, customerFio);
    const out: Record<Face, ChatMessage[]> = { customer: [], staff: [] };
    for (const face of faces) {
      const namer = namers[face] as Namer;
      const filesOf = new Map<number, WorkspaceFile[]>();
      for (const f of files) {
        const list = filesOf.get(f.chat_message_id ?? 0) ?? [];
        list.push(toWorkspaceFile(f, face, namer));
        filesOf.set(f.chat_message_id ?? 0, list);
      }
      out[face] = rows.map((row) => ({
        id: row.id,
        order_id: row.order_id,
        client_id: row.client_id,
        author: namer.actor(row.author_role, row.staff_id),
        staff_id: face === 'staff' ? row.staff_id : null,
        text: row.text,
        files: filesOf.get(row.id) ?? [],
        created_at: row.created_at,
      }));
    }
    return out;
  }

  // Sending -----------------------------------------------------------------------

  /**
   * Stores a message (201) or, for a `client_id` this sender already used in the order, answers
   * the first one (200) and stores nothing. Counters change in the same transaction; the bus hears
   * of it after the commit. `log`: the request's (a failed publish is logged with its id).
   */
  async post(
    p: Principal,
    orderId: number,
    body: PostBody,
    log: FastifyBaseLogger,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const stored = await this.db.transaction().execute((trx) => this.store(trx, p, orderId, body));
    const face = faceOf(p);
    if (!stored.created || !stored.order) {
      const shown = await this.present(this.db, orderId, [stored.row], [face]);
      return { message: shown[face][0] as ChatMessage, created: false };
    }
    const shown = await this.present(
      this.db,
      orderId,
      [stored.row],
      ['customer', 'staff'],
      body.file_ids.length > 0,
      stored.customerFio,
    );
    const deliveries = await messageDeliveries(
      this.db,
      p,
      stored.order,
      shown.customer[0] as ChatMessage,
      shown.staff[0] as ChatMessage,
      stored.changed ?? [],
    );
    await this.publish(deliveries, log);
    if (p.kind === 'staff') await this.pushToCustomer(stored.order, shown.customer[0] as ChatMessage, log);
    return { message: shown[face][0] as ChatMessage, created: true };
  }

  private async store(trx: Kysely<DB>, p: Principal, orderId: number, body: PostBody): Promise<Stored> {
    const fileIds = [...new Set(body.file_ids)];
    // The customer's uploads count against their byte budget: that check takes their lock, first.
    if (p.kind === 'customer' && fileIds.length > 0) await lockCustomer(trx, p.userId);
    const order = await lockOrderWithCustomerName(trx, orderId);
    if (!order || !sees(p, order)) throw notFound();
    const senderKey = keyOf(p);
    // A repeat is answered with the first message, even once the chat is closed.
    const first = () => repo.findByClientId(trx, orderId, senderKey, body.client_id);
    if (closed(order)) {
      const repeated = await first();
      if (repeated) return { row: repeated, created: false };
      throw new HttpError(409, chatMessages.chatClosed);
    }

    const at = nowIso();
    const row = await repo.insertMessageOnce(trx, {
      order_id: orderId,
      author_role: p.kind === 'customer' ? 'customer' : p.role,
      staff_id: p.kind === 'customer' ? null : p.staffId,
      sender_key: senderKey,
      client_id: body.client_id,
      text: body.text,
      created_at: at,
    });
    if (!row) {
      // The index stopped a repeat; the first attempt committed before this statement could end (a
      // conflict with a transaction still open waits for it), so the look-up finds it.
      const repeated = await first();
      if (!repeated) throw new Error('chat: a message conflicted with no stored one');
      return { row: repeated, created: false };
    }
    if (p.kind === 'customer') await this.attachCustomerFiles(trx, p.userId, order, fileIds, row.id);
    else if (!(await repo.attachStaffFiles(trx, orderId, fileIds, row.id))) throw fileNotFound();
    const changed = await countMessage(trx, p, order, row.id, at);
    return { row, created: true, order, changed, customerFio: order.customer_fio };
  }

  /** Pending uploads (`ajax-files/`) join the order within its byte budget, as the files tab's do. */
  private async attachCustomerFiles(
    trx: Kysely<DB>,
    userId: number,
    order: Pick<OrderRow, 'id' | 'status_id'>,
    ids: number[],
    messageId: number,
  ): Promise<void> {
    if (ids.length === 0) return;
    const pending = await pendingUploads(trx, userId, ids);
    if (pending.length !== ids.length) throw fileNotFound();
    const held = await bytesHeld(trx, userId, order.id);
    const limitMb = this.deps.config.UPLOAD_MAX_ORDER_MB;
    if (held + pending.reduce((sum, f) => sum + f.size, 0) > Math.floor(limitMb * MB)) {
      throw new HttpError(413, orderMessages.orderFilesTooLarge(limitMb));
    }
    await repo.attachCustomerUploads(trx, ids, {
      order_id: order.id,
      kind: isEditable(order.status_id) ? 'customer' : 'without_qc',
      chat_message_id: messageId,
    });
  }

  /**
   * A staff message to a customer with no socket open is pushed (ADR 044), at most once a minute
   * per order. After the message's commit: a push about a message that was rolled back would lead
   * nowhere. Never fails the request: the message is stored, and the e-mail digest still follows.
   */
  private async pushToCustomer(order: Audience, message: ChatMessage, log: FastifyBaseLogger): Promise<void> {
    const { presence, push } = this.deps;
    if (!presence || !push || (await presence.isOnline(order.user_id))) return;
    try {
      const queued = await this.db.transaction().execute((trx) =>
        notify(trx, {
          userId: order.user_id,
          event: 'message',
          push: chatMessagePush(order.id, message.author.name, message.text, message.files.length),
          throttleKey: `chat:${order.id}`,
        }),
      );
      if (queued > 0) push.kick();
    } catch (err) {
      log.error({ err, orderId: order.id }, 'chat: the push was not queued');
    }
  }

  /**
   * Never fails the request: a client that missed a frame catches up over REST. `log`: the
   * request's, so that a failure's line carries its id (ADR 034).
   */
  private async publish(deliveries: Delivery[], log: FastifyBaseLogger): Promise<void> {
    try {
      await this.deps.bus.publish(deliveries, log);
    } catch (err) {
      log.error({ err }, 'chat: publishing to the bus failed');
    }
  }

  // Read marks --------------------------------------------------------------------

  /**
   * Everything up to `upToId` (clamped to the newest message) is read; the mark never moves back.
   * The count is recounted from the messages, so it is exact whatever came before. `log`: the
   * request's.
   */
  async markRead(
    p: Principal,
    orderId: number,
    upToId: number,
    log: FastifyBaseLogger,
  ): Promise<ChatReadResult> {
    const key = keyOf(p);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderId);
      if (!order || !sees(p, order)) throw notFound();
      const [reads, newest] = await Promise.all([repo.orderReads(trx, orderId), repo.lastId(trx, orderId)]);
      const own = reads.find((r) => r.reader_key === key);
      const before = marksOf(reads);
      const mark = Math.max(own?.last_read_id ?? 0, Math.min(upToId, newest));
      const unread = await repo.countUnread(trx, orderId, key, mark);
      await repo.saveRead(trx, {
        order_id: orderId,
        reader_key: key,
        user_id: p.kind === 'customer' ? p.userId : null,
        staff_id: p.kind === 'staff' ? p.staffId : null,
        last_read_id: mark,
        unread,
        // The digest's clock stops once nothing is left unread.
        pending_since: unread === 0 ? null : (own?.pending_since ?? null),
      });
      const after = marksOf([
        ...reads.filter((r) => r.reader_key !== key),
        { reader_key: key, last_read_id: mark },
      ]);
      return { order, before, after, unread, countChanged: !own || own.unread !== unread };
    });
    const { order, before, after, unread } = outcome;
    const totals = await unreadTotals(
      this.db,
      p.kind === 'customer' ? [p.userId] : [],
      p.kind === 'staff' ? [p.staffId] : [],
    );
    const total = (p.kind === 'customer' ? totals.customers.get(p.userId) : totals.staff.get(p.staffId)) ?? 0;

    const deliveries: Delivery[] = [];
    const to = recipientsOf({ customerId: order.user_id, performerId: order.performer_id });
    if (p.kind === 'customer' && after.customer > before.customer) {
      const frame: ServerFrame = {
        type: 'read',
        payload: { order_id: orderId, side: 'customer', up_to_id: after.customer },
      };
      deliveries.push(...to.staff.map((r) => ({ to: r, frame })));
    }
    if (p.kind === 'staff' && after.staff > before.staff) {
      deliveries.push({
        to: to.customer,
        frame: { type: 'read', payload: { order_id: orderId, side: 'staff', up_to_id: after.staff } },
      });
    }
    if (outcome.countChanged) {
      deliveries.push({
        to: p.kind === 'customer' ? { customer: p.userId } : { staff: p.staffId },
        frame: { type: 'unread', payload: { order_id: orderId, unread, total } },
      });
    }
    if (deliveries.length > 0) await this.publish(deliveries, log);
    return { order_id: orderId, unread, total, read: after };
  }

  // Counters ----------------------------------------------------------------------

  /** The viewer's orders with unread messages, and the sum (the sidebar, the title). */
  async unread(p: Principal): Promise<ChatUnread> {
    const rows =
      p.kind === 'customer'
        ? await repo.customerUnread(this.db, [p.userId])
        : await repo.staffUnread(this.db, [p.staffId]);
    return {
      total: rows.reduce((sum, r) => sum + r.unread, 0),
      orders: rows.map((r) => ({ order_id: r.order_id, unread: r.unread })),
    };
  }

  // The e-mail digest ---------------------------------------------------------------

  /** Mails every customer whose chat messages stayed unread long enough; returns how many were sent. */
  runDigest(now: Date = new Date()): Promise<number> {
    return sendDigests(this.deps, now);
  }
}

/**
 * The namers of the faces asked for, from one read of the names: the two differ only in how the
 * customer is shown («Вы» to themself, the first name to staff).
 */
async function namersFor(
  db: Kysely<DB>,
  orderId: number,
  staffIds: Array<number | null>,
  faces: Face[],
  customerFio?: string,
): Promise<Partial<Record<Face, Namer>>> {
  if (!faces.includes('staff')) return { customer: await namerFor(db, orderId, 'customer', staffIds) };
  const staff = await namerFor(db, orderId, 'staff', staffIds, customerFio);
  if (!faces.includes('customer')) return { staff };
  // No staff ids: this namer reads nothing, and knows only how the customer sees themself.
  const self = (await namerFor(db, orderId, 'customer', [])).actor('customer', null);
  return {
    staff,
    customer: { ...staff, actor: (role, id) => (role === 'customer' ? self : staff.actor(role, id)) },
  };
}
