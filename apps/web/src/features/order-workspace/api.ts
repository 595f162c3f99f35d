import {
  api,
  CareDetailSchema,
  CareListSchema,
  OrderFileListSchema,
  ReworkDetailSchema,
  ReworkListSchema,
  TimelineSchema,
  WorkspaceFileListSchema,
  type CareCreateRequest,
  type OrderFile,
  type ReworkCreateRequest,
  type ThreadPostRequest,
} from '@cabinet/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { getOrderQueryOptions, orderKeys } from '../../shared/api/get-order';
import { uploadFiles, type UploadOptions } from '../../shared/api/upload';

type Id = string | number;

/**
 * Every part of the workspace is keyed under its order (`['orders', 'detail', id, …]`), so that
 * refreshing the order after an action (accept, a rework, a reviewed file) refreshes its parts too.
 */
export const workspaceKeys = {
  order: (id: Id) => orderKeys.detail(id),
  part: (id: Id, ...part: Array<string | number>) => [...orderKeys.detail(id), ...part.map(String)] as const,
};

/** The one factory of the workspace's queries: a GET of the order's part, read through its schema. */
function workspaceQuery<T>(
  id: Id,
  part: Array<string | number>,
  path: string,
  schema: { parse(v: unknown): T },
) {
  return queryOptions({
    queryKey: workspaceKeys.part(id, ...part),
    queryFn: async ({ signal }) => schema.parse(await apiFetch(path, { signal })),
  });
}

/** The order itself, with its workspace fields: the route guard's entry (60000 ms stale). */
export const workspaceOrderQuery = getOrderQueryOptions;

export const filesQuery = (id: Id) =>
  workspaceQuery(id, ['files'], api.orders.files(id), WorkspaceFileListSchema);
export const timelineQuery = (id: Id) =>
  workspaceQuery(id, ['timeline'], api.orders.timeline(id), TimelineSchema);
export const reworksQuery = (id: Id) =>
  workspaceQuery(id, ['reworks'], api.orders.reworks(id), ReworkListSchema);
export const reworkQuery = (id: Id, reworkId: Id) =>
  workspaceQuery(id, ['reworks', reworkId], api.orders.rework(id, reworkId), ReworkDetailSchema);
export const careListQuery = (id: Id) => workspaceQuery(id, ['care'], api.orders.care(id), CareListSchema);
export const careQuery = (id: Id, careId: Id) =>
  workspaceQuery(id, ['care', careId], api.orders.careRequest(id, careId), CareDetailSchema);

/** After any change the order's counts, status and parts are read again (the lists too: the status may move). */
export function refreshOrder(client: QueryClient, id: Id): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: workspaceKeys.order(id) }),
    client.invalidateQueries({ queryKey: orderKeys.lists() }),
  ]).then(() => undefined);
}

/**
 * Opening a rework or a care request marks its answer seen on the server: the order's counts and
 * that tab's list are read again (not the opened detail itself).
 */
export function refreshAfterSeen(client: QueryClient, id: Id, part: 'reworks' | 'care'): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: workspaceKeys.order(id), exact: true }),
    client.invalidateQueries({ queryKey: workspaceKeys.part(id, part), exact: true }),
  ]).then(() => undefined);
}

export async function markFileReviewed(id: Id, fileId: number): Promise<void> {
  await apiFetch(api.orders.file(id, fileId), { method: 'PATCH', body: { is_reviewed: true } });
}

export async function acceptOrder(id: Id): Promise<void> {
  await apiFetch(api.orders.accept(id), { method: 'POST' });
}

export async function createRework(id: Id, body: ReworkCreateRequest): Promise<void> {
  await apiFetch(api.orders.reworks(id), { method: 'POST', body });
}

export async function createCare(id: Id, body: CareCreateRequest): Promise<void> {
  await apiFetch(api.orders.care(id), { method: 'POST', body });
}

export async function postCareMessage(id: Id, careId: Id, body: ThreadPostRequest): Promise<void> {
  await apiFetch(api.orders.careMessages(id, careId), { method: 'POST', body });
}

/** The customer's own file added to the order (its files group), one per request for its own progress. */
export async function uploadOrderFile(id: Id, file: File, options: UploadOptions): Promise<OrderFile> {
  return firstFile(await uploadFiles(api.orders.files(id), [file], options));
}

/** A file for a rework or a care message: a pending upload the request then names by id. */
export async function uploadPendingFile(file: File, options: UploadOptions): Promise<OrderFile> {
  return firstFile(await uploadFiles(api.orders.ajaxFiles, [file], options));
}

export async function deletePendingFile(fileId: number): Promise<void> {
  await apiFetch(api.orders.deleteAjaxFile(fileId), { method: 'DELETE' });
}

function firstFile(answer: unknown): OrderFile {
  const [stored] = OrderFileListSchema.parse(answer);
  if (!stored) throw new Error('the server stored no file');
  return stored;
}
