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
  UniversityListSchema,
  VerificationSystemListSchema,
  WorkTypeListSchema,
  type CalculateDiscountRequest,
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
import { uploadFiles, type UploadOptions } from '../../shared/api/upload';
import { queryClient } from '../../shared/query-client';
import { packetQuote, costRequest, type PriceInput, type PriceQuote } from './model';

/** Spec §9: a cached order is stale after 60000 ms. */
const ORDER_STALE_MS = 60_000;

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
 * Search as you type. The query consumes the signal, so react-query aborts the request of a
 * query text the customer has typed past.
 */
export const universitiesQuery = (q: string) =>
  queryOptions({
    queryKey: ['reference', 'universities', q],
    queryFn: async ({ signal }) =>
      UniversityListSchema.parse(
        await apiFetch(`${referenceApi.universities}?${new URLSearchParams({ q })}`, { signal }),
      ),
    staleTime: 5 * 60_000,
  });

/** Cost and discounts of the form as it is now (both calls share one abort signal). */
export async function calculatePrice(input: PriceInput, signal: AbortSignal): Promise<PriceQuote> {
  const costOf = async (body: CalculateDiscountRequest) => {
    const { promo_code: _promo, ...cost } = body;
    return CostBreakdownSchema.parse(
      await apiFetch(api.orders.calculateCost, { method: 'POST', body: cost, signal }),
    );
  };
  if (input.packetPercent !== null) {
    const items = await Promise.all(input.items.map((item) => costOf(costRequest(input, item))));
    return packetQuote(items, input.packetPercent);
  }
  const [item] = input.items;
  if (!item) throw new Error('a price without items');
  const body = costRequest(input, item);
  const [cost, discount] = await Promise.all([
    costOf(body),
    apiFetch(api.orders.calculateDiscount, { method: 'POST', body, signal }).then((r) =>
      DiscountBreakdownSchema.parse(r),
    ),
  ]);
  return { items: [cost], discount, packetDiscount: 0, packetPercent: null, total: discount.total };
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
  await queryClient.invalidateQueries({ queryKey: ['orders'] });
  return created;
}

/** The order guard's cache (`['orders', 'detail', id]`, stamped with when it was loaded). */
function guardCachedOrder(id: string): { order: Order; at: number } | undefined {
  const cached: unknown = queryClient.getQueryData(['orders', 'detail', id]);
  const parsed = OrderSchema.safeParse(cached);
  if (!parsed.success) return undefined;
  const at = (cached as { timestamp?: unknown }).timestamp;
  return { order: parsed.data, at: typeof at === 'number' ? at : 0 };
}

/**
 * The order to edit. The order guard has just loaded it: within the spec's 60000 ms that copy is
 * used, else (or when the guard kept only part of it) the order is loaded again.
 */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['order-form', 'order', id],
    queryFn: async ({ signal }) => OrderSchema.parse(await apiFetch(api.orders.byId(id), { signal })),
    initialData: () => guardCachedOrder(id)?.order,
    initialDataUpdatedAt: () => guardCachedOrder(id)?.at,
    staleTime: ORDER_STALE_MS,
    gcTime: 0,
  });

/** The orders list and the order guard read their own cache: an edited order is reloaded there. */
async function forgetOrder(id: number): Promise<void> {
  queryClient.removeQueries({ queryKey: ['orders', 'detail', String(id)] });
  await queryClient.invalidateQueries({ queryKey: ['orders'] });
}

export async function updateOrder(id: number, body: OrderUpdateRequest): Promise<Order> {
  const order = OrderSchema.parse(await apiFetch(api.orders.byId(id), { method: 'PATCH', body }));
  await forgetOrder(id);
  return order;
}

export async function addFilesWithoutQc(id: number, fileIds: number[]): Promise<Order> {
  const order = OrderSchema.parse(
    await apiFetch(api.orders.notEditable(id), { method: 'PATCH', body: { files_without_qc: fileIds } }),
  );
  await forgetOrder(id);
  return order;
}

/** Where a file goes: a draft's own files once it exists, else the customer's pending uploads. */
export type UploadTarget = { draftId: number } | 'pending';

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
