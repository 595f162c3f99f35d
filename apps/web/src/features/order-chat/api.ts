import {
  api,
  ChatMessageSchema,
  ChatPageSchema,
  ChatReadResultSchema,
  OrderFileListSchema,
  type OrderFile,
  type WorkspaceFile,
  staffApi,
} from '@cabinet/contract';
import { downloadBlob } from '../../shared/api/blob';
import { apiFetch } from '../../shared/api/client';
import { uploadFiles, type UploadOptions } from '../../shared/api/upload';
import { staffDownload, staffFetch, uploadStaffFile } from '../../shared/staff/client';
import type { ChatApi } from './chat-store';
import { OUTBOX_KEYS, type OutboxKey } from './outbox';

/** Everything the chat screen needs from one face of the API: its REST calls, uploads and downloads. */
export interface ChatFace {
  side: 'customer' | 'staff';
  outboxKey: OutboxKey;
  chat: ChatApi;
  /** A file for the next message; its id goes in `file_ids`. */
  upload(file: File, options: UploadOptions): Promise<OrderFile>;
  /** Takes back an uploaded file the message will not carry. */
  removeUpload(fileId: number): Promise<void>;
  download(file: WorkspaceFile): Promise<void>;
}

function pageSearch(query: { before?: number; after?: number }): string {
  const search = new URLSearchParams();
  if (query.before !== undefined) search.set('before', String(query.before));
  if (query.after !== undefined) search.set('after', String(query.after));
  const text = search.toString();
  return text ? `?${text}` : '';
}

function chatApiOf(
  fetcher: <T>(path: string, init?: { method?: string; body?: unknown; signal?: AbortSignal }) => Promise<T>,
  paths: { messages: string; read: string },
): ChatApi {
  return {
    page: async (query, signal) =>
      ChatPageSchema.parse(await fetcher(`${paths.messages}${pageSearch(query)}`, { signal })),
    post: async (body) => ChatMessageSchema.parse(await fetcher(paths.messages, { method: 'POST', body })),
    read: async (upToId) =>
      ChatReadResultSchema.parse(await fetcher(paths.read, { method: 'POST', body: { up_to_id: upToId } })),
  };
}

function firstOf<T>(files: T[]): T {
  const [stored] = files;
  if (!stored) throw new Error('the server stored no file');
  return stored;
}

/** The customer's chat: `/api/client/orders/{id}/messages/`, files as pending uploads (`ajax-files/`). */
export function customerFace(orderId: number): ChatFace {
  return {
    side: 'customer',
    outboxKey: OUTBOX_KEYS.customer,
    chat: chatApiOf((path, init) => apiFetch(path, init), {
      messages: api.orders.messages(orderId),
      read: api.orders.messagesRead(orderId),
    }),
    upload: async (file, options) =>
      firstOf(OrderFileListSchema.parse(await uploadFiles(api.orders.ajaxFiles, [file], options))),
    removeUpload: async (fileId) => {
      await apiFetch(api.orders.deleteAjaxFile(fileId), { method: 'DELETE' });
    },
    download: (file) => downloadBlob(file.download_url, file.name),
  };
}

/**
 * The staff chat: `/api/staff/orders/{id}/messages/`. Files go to the order as intermediate ones
 * (the staff files endpoint, as the order page uploads them), then the message names them.
 */
export function staffFace(orderId: number): ChatFace {
  return {
    side: 'staff',
    outboxKey: OUTBOX_KEYS.staff,
    chat: chatApiOf((path, init) => staffFetch(path, init), {
      messages: staffApi.messages(orderId),
      read: staffApi.messagesRead(orderId),
    }),
    upload: async (file, options) => firstOf(await uploadStaffFile(orderId, 'intermediate', file, options)),
    // The file is the order's already (the files section lists it); the message just leaves it out.
    removeUpload: () => Promise.resolve(),
    download: (file) => staffDownload(file.download_url, file.name),
  };
}
