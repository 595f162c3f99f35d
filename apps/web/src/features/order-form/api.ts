import {
  api,
  CostBreakdownSchema,
  DiscountBreakdownSchema,
  DraftSchema,
  OrderCreatedSchema,
  OrderFileListSchema,
  OrderPacketListSchema,
  OrderSchema,
  referenceApi,
  SubjectListSchema,
  VerificationSystemListSchema,
  WorkTypeListSchema,
  type Draft,
  type DraftUpdateRequest,
  type Order,
  type OrderCreated,
  type OrderCreateRequest,
  type OrderFile,
  type OrderUpdateRequest,
} from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { getOrderQueryOptions, orderKeys } from '../../shared/api/get-order';
import { uploadFiles, type UploadOptions } from '../../shared/api/upload';
import { queryClient } from '../../shared/query-client';
import type { UploadTarget } from '../../shared/ui/upload-list';
import { combineQuote, costRequest, type PriceInput, type PriceQuote } from './pricing';

/** Reference lists change only with a deploy: loaded once per visit. */
const REFERENCE_STALE_MS = Number.POSITIVE_INFINITY;

export const workTypesQuery = () =>
  queryOptions({
    queryKey: ['reference', 'work-types'],
    queryFn: async ({ signal }) =>
      WorkTypeListSchema.parse(await apiFetch(referenceApi.workTypes, { signal })),
    staleTime: REFERENCE_STALE_MS,
  });

export const packetsQuery = () =>
  queryOptions({
    queryKey: ['reference', 'order-packets'],
    queryFn: async ({ signal }) =>
      OrderPacketListSchema.parse(await apiFetch(referenceApi.orderPackets, { signal })),
    staleTime: REFERENCE_STALE_MS,
  });

export const subjectsQuery = () =>
  queryOptions({
    queryKey: ['reference', 'subjects'],
    queryFn: async ({ signal }) => SubjectListSchema.parse(await apiFetch(referenceApi.subjects, { signal })),
    staleTime: REFERENCE_STALE_MS,
  });

export const verificationSystemsQuery = () =>
  queryOptions({
    queryKey: ['reference', 'verification-systems'],
    queryFn: async ({ signal }) =>
      VerificationSystemListSchema.parse(await apiFetch(referenceApi.verificationSystems, { signal })),
    staleTime: REFERENCE_STALE_MS,
  });

/**
 * Cost and discounts of the form as it is now, from the server's calculation that placing or
 * saving the order runs: each work (one, or a packet's) with its discounts. All calls share one
 * abort signal.
 */
export async function calculatePrice(input: PriceInput, signal: AbortSignal): Promise<PriceQuote> {
  const priced = (item: PriceInput['items'][number]) => {
    const body = costRequest(input, item);
    const { promo_code: _promo, packet_id: _packet, ...cost } = body;
    return Promise.all([
      apiFetch(api.orders.calculateCost, { method: 'POST', body: cost, signal }),
      apiFetch(api.orders.calculateDiscount, { method: 'POST', body, signal }),
    ]).then(([c, d]) => ({
      title: item.title,
      cost: CostBreakdownSchema.parse(c),
      discount: DiscountBreakdownSchema.parse(d),
    }));
  };
  const items = await Promise.all(input.items.map(priced));
  if (items.length === 0) throw new Error('a price without items');
  return combineQuote(items, input.packet?.percent ?? null);
}

export const continueDraftQuery = (id?: string) =>
  queryOptions({
    queryKey: ['order-form', 'continue', id ?? 'latest'],
    queryFn: async ({ signal }): Promise<Draft | null> => {
      const path =
        id === undefined ? api.orders.continue : `${api.orders.continue}?id=${encodeURIComponent(id)}`;
      try {
        return DraftSchema.parse(await apiFetch(path, { signal }));
      } catch (error) {
        // No draft is an answer, not a failure: the screen offers a new order instead.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
    gcTime: 0,
  });

export async function createDraft(body: DraftUpdateRequest): Promise<Draft> {
  return DraftSchema.parse(
    await apiFetch(api.orders.root, { method: 'POST', body: { ...body, is_fake: true } }),
  );
}

export async function updateDraft(id: number, body: DraftUpdateRequest): Promise<Draft> {
  return DraftSchema.parse(await apiFetch(api.orders.fake(id), { method: 'PATCH', body }));
}

export async function createOrder(body: OrderCreateRequest): Promise<OrderCreated> {
  const created = OrderCreatedSchema.parse(await apiFetch(api.orders.root, { method: 'POST', body }));
  await queryClient.invalidateQueries({ queryKey: orderKeys.all });
  return created;
}

/**
 * An edited order is the answer of the edit: it goes into the order's one cache entry (the guard
 * and the list's actions read it too), and the lists are loaded again.
 */
async function rememberOrder(order: Order): Promise<void> {
  queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, order);
  await queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
}

export async function updateOrder(id: number, body: OrderUpdateRequest): Promise<Order> {
  const order = OrderSchema.parse(await apiFetch(api.orders.byId(id), { method: 'PATCH', body }));
  await rememberOrder(order);
  return order;
}

export async function addFilesWithoutQc(id: number, fileIds: number[]): Promise<Order> {
  const order = OrderSchema.parse(
    await apiFetch(api.orders.notEditable(id), { method: 'PATCH', body: { files_without_qc: fileIds } }),
  );
  await rememberOrder(order);
  return order;
}

export async function uploadOrderFile(
  target: UploadTarget,
  file: File,
  options: UploadOptions,
): Promise<OrderFile> {
  const path = target === 'pending' ? api.orders.ajaxFiles : api.orders.fakeFiles(target.draftId);
  const [stored] = OrderFileListSchema.parse(await uploadFiles(path, [file], options));
  if (!stored) throw new Error('the server stored no file');
  return stored;
}

export async function deleteOrderFile(target: UploadTarget, fileId: number): Promise<void> {
  const path =
    target === 'pending'
      ? api.orders.deleteAjaxFile(fileId)
      : api.orders.deleteFakeFile(target.draftId, fileId);
  await apiFetch(path, { method: 'DELETE' });
}
