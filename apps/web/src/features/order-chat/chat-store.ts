import type { ChatMessage, ChatPage, ChatReadMarks, ChatReadResult } from '@cabinet/contract';
import { ApiError } from '../../shared/api/errors';
import { commonMessages } from '../../shared/messages';
import { isOwn, mergeMessages, newClientId, newestByOthers, type ChatViewer } from './model';
import { outbox, type OutboxEntry, type OutboxKey } from './outbox';

/** The chat's REST calls, bound to one order and one face (customer or staff). */
export interface ChatApi {
  page(query: { before?: number; after?: number }, signal?: AbortSignal): Promise<ChatPage>;
  post(body: { text: string; client_id: string; file_ids: number[] }): Promise<ChatMessage>;
  read(upToId: number): Promise<ChatReadResult>;
}

export interface PendingMessage extends OutboxEntry {
  /** `sending` while queued or in flight; `not_sent` after a failure (retried on reconnect). */
  state: 'sending' | 'not_sent';
  /** The server's reason when it refused the message (kept until removed or retried by hand). */
  error: string | null;
  rejected: boolean;
}

export interface ChatSnapshot {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** Oldest first, one per id. */
  messages: readonly ChatMessage[];
  hasOlder: boolean;
  older: 'idle' | 'loading' | 'error';
  read: ChatReadMarks;
  /** Written here and not yet confirmed by the server, in the order written. */
  pending: readonly PendingMessage[];
}

export interface ChatStoreDeps {
  orderId: number;
  viewer: ChatViewer;
  api: ChatApi;
  outboxKey: OutboxKey;
  /** A read mark was accepted: the order's unread count and the viewer's total. */
  onUnread?(unread: number, total: number): void;
  /** ms to wait before a read mark is sent, so a burst of messages makes one request. */
  readDelayMs?: number;
}

/** Pages fetched at most in one resume: a guard against a server that always says `has_more`. */
const RESUME_PAGES_MAX = 50;

/** A failure that trying again will not fix: the server looked at the message and refused it. */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * One order's chat, framework-free (the screen reads it with useSyncExternalStore): the history
 * (REST is the source of truth; socket frames and resume pages merge in by id), the outbox sent
 * in order one at a time, and the viewer's read mark.
 */
export class ChatStore {
  private state: ChatSnapshot;
  private readonly listeners = new Set<() => void>();
  private sending = false;
  private stopped = false;
  private loads = new AbortController();
  /** The highest message id the viewer has read, as far as this screen knows. */
  private myMark = 0;
  private readTimer: ReturnType<typeof setTimeout> | null = null;
  private readInFlight = false;
  private visible = false;
  private resuming: Promise<void> | null = null;
  /**
   * The newest id up to which the history is known without a gap: from REST pages and socket
   * frames, never from a POST answer — with the socket down, one's own message is newer than the
   * others' messages it missed, and a resume from it would skip them.
   */
  private head = 0;

  constructor(private readonly deps: ChatStoreDeps) {
    this.state = {
      status: 'loading',
      error: null,
      messages: [],
      hasOlder: false,
      older: 'idle',
      read: { customer: 0, staff: 0 },
      pending: outbox
        .read(deps.outboxKey, deps.orderId)
        .map((entry) => ({ ...entry, state: 'sending', error: null, rejected: false })),
    };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): ChatSnapshot => this.state;

  /** Loads the newest page and sends what the outbox kept from an earlier visit. */
  start(): void {
    this.stopped = false;
    this.loads = new AbortController();
    void this.load();
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    this.loads.abort();
    if (this.readTimer) clearTimeout(this.readTimer);
    this.readTimer = null;
  }

  async load(): Promise<void> {
    this.set({ status: 'loading', error: null });
    try {
      const page = await this.deps.api.page({}, this.loads.signal);
      if (this.stopped) return;
      const results = [...page.results].reverse();
      this.head = Math.max(this.head, results.at(-1)?.id ?? 0);
      this.set({
        status: 'ready',
        messages: mergeMessages(this.state.messages, results),
        hasOlder: page.has_more,
        read: this.maxMarks(page.read),
      });
      const mine = this.deps.viewer.side === 'customer' ? page.read.customer : 0;
      this.myMark = Math.max(this.myMark, page.unread === 0 ? this.newestOthers() : mine);
      this.dropConfirmed();
      this.scheduleRead();
    } catch (error) {
      if (this.stopped) return;
      this.set({ status: 'error', error });
    }
  }

  /** The page before the oldest message shown (scrolling up). */
  async loadOlder(): Promise<void> {
    const oldest = this.state.messages[0];
    if (!oldest || !this.state.hasOlder || this.state.older === 'loading') return;
    this.set({ older: 'loading' });
    try {
      const page = await this.deps.api.page({ before: oldest.id }, this.loads.signal);
      if (this.stopped) return;
      this.set({
        older: 'idle',
        messages: mergeMessages(this.state.messages, page.results),
        hasOlder: page.has_more,
        read: this.maxMarks(page.read),
      });
    } catch {
      if (this.stopped) return;
      this.set({ older: 'error' });
    }
  }

  /**
   * After a (re)connect: everything after the newest message held, page by page — what the socket
   * missed while it was down — then the outbox is tried again.
   */
  resume(): Promise<void> {
    if (this.state.status !== 'ready') {
      if (this.state.status === 'error') void this.load();
      return Promise.resolve();
    }
    this.resuming ??= this.fetchNewer().finally(() => {
      this.resuming = null;
    });
    return this.resuming.then(() => this.retryAll());
  }

  private async fetchNewer(): Promise<void> {
    // A cursor of its own: frames arriving between two pages must not move it past a gap.
    let cursor = this.head;
    try {
      for (let i = 0; i < RESUME_PAGES_MAX; i++) {
        const page = await this.deps.api.page({ after: cursor }, this.loads.signal);
        if (this.stopped) return;
        for (const m of page.results) cursor = Math.max(cursor, m.id);
        this.head = Math.max(this.head, cursor);
        this.set({
          messages: mergeMessages(this.state.messages, page.results),
          read: this.maxMarks(page.read),
        });
        this.dropConfirmed();
        if (!page.has_more || page.results.length === 0) break;
      }
      this.scheduleRead();
    } catch {
      // The next reconnect tries again; what the socket pushes meanwhile still arrives.
    }
  }

  /** A message from the socket: shown once, and its outbox entry (if it is one's own) is done. */
  receive(message: ChatMessage): void {
    if (message.order_id !== this.deps.orderId) return;
    // While a resume is paging, the gap before this frame is not filled yet.
    if (!this.resuming) this.head = Math.max(this.head, message.id);
    this.accept(message);
  }

  /** A message from the socket or a POST answer: shown once (merged by id). */
  private accept(message: ChatMessage): void {
    if (message.order_id !== this.deps.orderId) return;
    this.set({ messages: mergeMessages(this.state.messages, [message]) });
    if (isOwn(message, this.deps.viewer)) this.myMark = Math.max(this.myMark, message.id);
    this.dropConfirmed();
    this.scheduleRead();
  }

  /** The other side (or another tab of this viewer) moved a read mark. */
  markRead(side: 'customer' | 'staff', upToId: number): void {
    this.set({ read: this.maxMarks({ ...this.state.read, [side]: upToId }) });
  }

  /** Queues a message (already checked by `postError`); it is shown at once as «отправляется». */
  send(text: string, fileIds: number[]): void {
    const entry: OutboxEntry = {
      client_id: newClientId(),
      text,
      file_ids: fileIds,
      created_at: new Date().toISOString(),
    };
    outbox.add(this.deps.outboxKey, this.deps.orderId, entry);
    this.set({
      pending: [...this.state.pending, { ...entry, state: 'sending', error: null, rejected: false }],
    });
    void this.flush();
  }

  /** «Повторить» of one message: also one the server refused (it may accept it now). */
  retry(clientId: string): void {
    this.patchPending((p) =>
      p.client_id === clientId ? { state: 'sending', error: null, rejected: false } : null,
    );
    void this.flush();
  }

  /** The connection is back: every message that failed on the way goes again, in order. */
  retryAll(): void {
    if (!this.state.pending.some((p) => p.state === 'not_sent' && !p.rejected)) return;
    this.patchPending((p) =>
      p.state === 'not_sent' && !p.rejected ? { state: 'sending', error: null } : null,
    );
    void this.flush();
  }

  /** A message the server refused, taken out of the queue. */
  discard(clientId: string): void {
    this.forget(clientId);
  }

  private forget(clientId: string): void {
    outbox.remove(this.deps.outboxKey, this.deps.orderId, clientId);
    this.set({ pending: this.state.pending.filter((p) => p.client_id !== clientId) });
  }

  /** Whether the viewer is looking at the chat (mounted and the tab visible): read marks wait for it. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.scheduleRead();
  }

  /**
   * Sends the queue one message at a time, oldest first. The server is idempotent on client_id,
   * so a message whose answer was lost goes again safely and comes back as the first copy.
   */
  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (;;) {
        const next = this.state.pending.find((p) => p.state === 'sending');
        if (!next) return;
        if (typeof navigator !== 'undefined' && navigator.onLine === false) {
          this.failQueue();
          return;
        }
        try {
          const message = await this.deps.api.post({
            text: next.text,
            client_id: next.client_id,
            file_ids: next.file_ids,
          });
          // The answer is this entry's message whoever the server says wrote it: never send it twice.
          this.forget(next.client_id);
          this.accept(message);
        } catch (error) {
          if (isRefusal(error)) {
            this.patchPending((p) =>
              p.client_id === next.client_id
                ? { state: 'not_sent', error: error.message, rejected: true }
                : null,
            );
            continue;
          }
          this.failQueue();
          return;
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** No connection: every queued message waits as «не отправлено» until it is back. */
  private failQueue(): void {
    this.patchPending((p) => (p.state === 'sending' ? { state: 'not_sent', error: null } : null));
  }

  /** Outbox entries whose message the history now holds are done (whoever delivered it). */
  private dropConfirmed(): void {
    const sent = new Set(
      this.state.messages.filter((m) => isOwn(m, this.deps.viewer)).map((m) => m.client_id),
    );
    const done = this.state.pending.filter((p) => sent.has(p.client_id));
    if (done.length === 0) return;
    for (const p of done) outbox.remove(this.deps.outboxKey, this.deps.orderId, p.client_id);
    this.set({ pending: this.state.pending.filter((p) => !sent.has(p.client_id)) });
  }

  private newestOthers(): number {
    return newestByOthers(this.state.messages, this.deps.viewer);
  }

  private scheduleRead(): void {
    if (this.readTimer || !this.visible || this.stopped || this.state.status !== 'ready') return;
    if (this.newestOthers() <= this.myMark) return;
    this.readTimer = setTimeout(() => {
      this.readTimer = null;
      void this.sendRead();
    }, this.deps.readDelayMs ?? 300);
  }

  private async sendRead(): Promise<void> {
    const upTo = this.newestOthers();
    if (this.readInFlight || !this.visible || upTo <= this.myMark) return;
    this.readInFlight = true;
    try {
      const result = await this.deps.api.read(upTo);
      this.myMark = Math.max(this.myMark, upTo);
      this.set({ read: this.maxMarks(result.read) });
      this.deps.onUnread?.(result.unread, result.total);
    } catch {
      // Not marked: the next message or the next visit marks it.
    } finally {
      this.readInFlight = false;
      this.scheduleRead();
    }
  }

  private maxMarks(next: ChatReadMarks): ChatReadMarks {
    const { customer, staff } = this.state.read;
    if (next.customer <= customer && next.staff <= staff) return this.state.read;
    return { customer: Math.max(customer, next.customer), staff: Math.max(staff, next.staff) };
  }

  private patchPending(change: (p: PendingMessage) => Partial<PendingMessage> | null): void {
    let changed = false;
    const pending = this.state.pending.map((p) => {
      const patch = change(p);
      if (!patch) return p;
      changed = true;
      return { ...p, ...patch };
    });
    if (changed) this.set({ pending });
  }

  private set(patch: Partial<ChatSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** What a failed history load says: the server's reason, or the generic one. */
export function loadErrorText(error: unknown): string {
  return error instanceof ApiError ? error.message : commonMessages.unexpectedError;
}
