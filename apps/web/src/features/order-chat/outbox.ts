import { z } from '@cabinet/contract';

/** localStorage keys of the offline queue (chat-design.md): the customer's and the staff section's. */
export const OUTBOX_KEYS = { customer: 'chatOutbox', staff: 'staffChatOutbox' } as const;
export type OutboxKey = (typeof OUTBOX_KEYS)[keyof typeof OUTBOX_KEYS];

const OutboxEntrySchema = z.object({
  client_id: z.string(),
  text: z.string(),
  file_ids: z.array(z.number().int()),
  created_at: z.string(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/** `{ [orderId]: entries oldest first }`; an entry that does not fit is dropped, not the whole queue. */
function readAll(key: OutboxKey): Record<string, OutboxEntry[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(key) ?? '{}');
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const result: Record<string, OutboxEntry[]> = {};
  for (const [orderId, list] of Object.entries(raw)) {
    if (!Array.isArray(list)) continue;
    const entries = list.flatMap((item) => {
      const parsed = OutboxEntrySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    if (entries.length > 0) result[orderId] = entries;
  }
  return result;
}

function writeAll(key: OutboxKey, all: Record<string, OutboxEntry[]>): void {
  try {
    if (Object.keys(all).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(all));
  } catch {
    // Storage full or refused (private mode): the queue still lives in memory for this visit.
  }
}

/**
 * The messages written and not yet confirmed by the server, kept across reloads. Every change
 * reads the stored queue again first, so two tabs writing to other orders do not undo each other.
 */
export const outbox = {
  read(key: OutboxKey, orderId: number): OutboxEntry[] {
    return readAll(key)[String(orderId)] ?? [];
  },
  add(key: OutboxKey, orderId: number, entry: OutboxEntry): void {
    const all = readAll(key);
    const list = all[String(orderId)] ?? [];
    if (list.some((e) => e.client_id === entry.client_id)) return;
    all[String(orderId)] = [...list, entry];
    writeAll(key, all);
  },
  remove(key: OutboxKey, orderId: number, clientId: string): void {
    const all = readAll(key);
    const list = all[String(orderId)];
    if (!list) return;
    const rest = list.filter((e) => e.client_id !== clientId);
    if (rest.length === list.length) return;
    if (rest.length > 0) all[String(orderId)] = rest;
    else delete all[String(orderId)];
    writeAll(key, all);
  },
};
