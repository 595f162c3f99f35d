// Test-only: a small stand-in for the chat's REST API behind `apiFetch`, answering like the server.
import { CHAT_PAGE_SIZE, type Actor, type ChatMessage, type WorkspaceFile } from '@cabinet/contract';
import type { ApiInit } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';

export const ORDER_ID = 7;
export const author: Actor = { role: 'performer', name: 'Автор Иван К.' };
export const manager: Actor = { role: 'manager', name: 'Менеджер Ольга' };
export const me: Actor = { role: 'customer', name: 'Вы' };

let clock = Date.parse('2026-11-23T09:00:00.000Z');

export function chatMessage(
  id: number,
  who: Actor,
  text: string,
  over: Partial<ChatMessage> = {},
): ChatMessage {
  clock += 60_000;
  return {
    id,
    order_id: ORDER_ID,
    client_id: `client-${id}-xxxx`,
    author: who,
    staff_id: null,
    text,
    files: [] as WorkspaceFile[],
    created_at: new Date(clock).toISOString(),
    ...over,
  };
}

type Call = { method: string; path: string; body: unknown };

/**
 * The order's messages, read marks and the sender's idempotency: a repeated client_id answers the
 * first message and stores nothing. `hold()` keeps POST answers waiting until `release()`.
 */
export function fakeChatServer(initial: ChatMessage[] = [], base = `/api/client/orders/${ORDER_ID}/`) {
  const state = {
    messages: [...initial],
    read: { customer: 0, staff: 0 },
    unread: 0,
    nextId: Math.max(100, ...initial.map((m) => m.id + 1)),
  };
  const calls: Call[] = [];
  const failures: Array<{ route: string; error: ApiError }> = [];
  let held: Array<() => void> | null = null;

  const page = (search: URLSearchParams) => {
    const before = search.get('before');
    const after = search.get('after');
    const limit = Number(search.get('limit') ?? CHAT_PAGE_SIZE);
    const sorted = [...state.messages].sort((a, b) => a.id - b.id);
    let results: ChatMessage[];
    let hasMore: boolean;
    if (after !== null) {
      const newer = sorted.filter((m) => m.id > Number(after));
      results = newer.slice(0, limit).reverse();
      hasMore = newer.length > limit;
    } else {
      const older = before === null ? sorted : sorted.filter((m) => m.id < Number(before));
      results = older.slice(-limit).reverse();
      hasMore = older.length > limit;
    }
    return { results, has_more: hasMore, read: { ...state.read }, unread: state.unread };
  };

  const post = (body: { text: string; client_id: string; file_ids: number[] }) => {
    const first = state.messages.find((m) => m.author.role === 'customer' && m.client_id === body.client_id);
    if (first) return first;
    const message = chatMessage(state.nextId++, me, body.text, { client_id: body.client_id });
    state.messages.push(message);
    return message;
  };

  const handle = async (path: string, init: ApiInit = {}): Promise<unknown> => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body });
    const [bare = '', query = ''] = path.split('?');
    const failure = failures.findIndex((f) => f.route === `${method} ${bare.slice(base.length)}`);
    const failed = failure >= 0 ? failures.splice(failure, 1)[0] : undefined;
    if (failed) throw failed.error;
    const route = `${method} ${bare.slice(base.length)}`;
    if (route === 'GET messages/') return page(new URLSearchParams(query));
    if (route === 'POST messages/') {
      if (held) await new Promise<void>((resolve) => held?.push(resolve));
      return post(init.body as { text: string; client_id: string; file_ids: number[] });
    }
    if (route === 'POST messages/read/') {
      const upTo = (init.body as { up_to_id: number }).up_to_id;
      state.read.customer = Math.max(state.read.customer, upTo);
      state.unread = 0;
      return { order_id: ORDER_ID, unread: 0, total: 2, read: { ...state.read } };
    }
    throw ApiError.fromResponse(404, { detail: `Нет маршрута ${route}` });
  };

  return {
    state,
    calls,
    handle,
    /** The next call of `METHOD rest` fails with `error` (once per call of this). */
    fail: (route: string, error: ApiError) => failures.push({ route, error }),
    hold: () => {
      held = [];
    },
    /** Lets the oldest held POST answer. */
    releaseOne: () => held?.shift()?.(),
    heldCount: () => held?.length ?? 0,
    callsOf: (method: string, rest: string) =>
      calls.filter((c) => c.method === method && c.path.split('?')[0] === base + rest),
    posted: () => calls.filter((c) => c.method === 'POST' && c.path === `${base}messages/`),
  };
}
