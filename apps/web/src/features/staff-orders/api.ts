import {
  StaffCallbackListSchema,
  StaffRefundClaimListSchema,
  StaffRefundClaimSchema,
  CareDetailSchema,
  CareListSchema,
  PerformerListSchema,
  ReworkDetailSchema,
  ReworkListSchema,
  StaffCareListSchema,
  StaffOrderListSchema,
  StaffOrderSchema,
  TimelineSchema,
  WorkTypeListSchema,
  type StaffAssignRequest,
  type StaffCareAnswerRequest,
  type StaffOrder,
  type StaffOrderListQuery,
  type StaffOrderUpdateRequest,
  type ThreadPostRequest,
  staffApi,
} from '@cabinet/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../shared/staff/client';
import { staffKeys } from '../../shared/staff/keys';
import { apiSearchOf } from './queue-filters';

export { staffKeys };

export function useStaffQueue(query: StaffOrderListQuery) {
  return useQuery({
    queryKey: staffKeys.queue(query),
    queryFn: async ({ signal }) =>
      StaffOrderListSchema.parse(await staffFetch(`${staffApi.orders}?${apiSearchOf(query)}`, { signal })),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useWorkTypes() {
  return useQuery({
    queryKey: staffKeys.workTypes,
    queryFn: async ({ signal }) => WorkTypeListSchema.parse(await staffFetch(staffApi.workTypes, { signal })),
    staleTime: Infinity,
  });
}

export function usePerformers(enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.performers,
    queryFn: async ({ signal }) =>
      PerformerListSchema.parse(await staffFetch(staffApi.performers, { signal })).results,
    enabled,
  });
}

export const staffOrderQuery = (id: string) =>
  queryOptions({
    queryKey: staffKeys.order(id),
    queryFn: async ({ signal }) => StaffOrderSchema.parse(await staffFetch(staffApi.order(id), { signal })),
  });

export function useStaffOrder(id: string) {
  return useQuery(staffOrderQuery(id));
}

export function useOrderReworks(id: string) {
  return useQuery({
    queryKey: staffKeys.orderPart(id, 'reworks'),
    queryFn: async ({ signal }) => ReworkListSchema.parse(await staffFetch(staffApi.reworks(id), { signal })),
  });
}

export function useRework(id: string, reworkId: number | null) {
  return useQuery({
    queryKey: staffKeys.orderPart(id, `rework-${reworkId}`),
    queryFn: async ({ signal }) =>
      ReworkDetailSchema.parse(await staffFetch(staffApi.rework(id, reworkId ?? 0), { signal })),
    enabled: reworkId !== null,
  });
}

export function useOrderCare(id: string) {
  return useQuery({
    queryKey: staffKeys.orderPart(id, 'care'),
    queryFn: async ({ signal }) => CareListSchema.parse(await staffFetch(staffApi.care(id), { signal })),
  });
}

export function useCareRequest(id: string, careId: number | null) {
  return useQuery({
    queryKey: staffKeys.orderPart(id, `care-${careId}`),
    queryFn: async ({ signal }) =>
      CareDetailSchema.parse(await staffFetch(staffApi.careRequest(id, careId ?? 0), { signal })),
    enabled: careId !== null,
  });
}

export function useTimeline(id: string) {
  return useQuery({
    queryKey: staffKeys.orderPart(id, 'timeline'),
    queryFn: async ({ signal }) => TimelineSchema.parse(await staffFetch(staffApi.timeline(id), { signal })),
  });
}

export function useCareQueue(state: string, page: number) {
  return useQuery({
    queryKey: [...staffKeys.care(state), page],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ page: String(page) });
      if (state) query.set('state', state);
      return StaffCareListSchema.parse(await staffFetch(`${staffApi.careQueue}?${query}`, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * The order's actions. Each answer (or failure: a 409 means the order moved meanwhile) refreshes
 * the order and everything hanging off it, so the screen shows what the server now holds.
 */
export function useOrderActions(id: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.order(id) });
  const settle = { onSettled: refresh };
  const update = useMutation({
    mutationFn: (body: StaffOrderUpdateRequest) =>
      staffFetch<StaffOrder>(staffApi.order(id), { method: 'PATCH', body }),
    ...settle,
  });
  const assign = useMutation({
    mutationFn: (body: StaffAssignRequest) => staffFetch(staffApi.assign(id), { method: 'POST', body }),
    ...settle,
  });
  const move = useMutation({
    mutationFn: (body: { status_id: number; from_status_id: number }) =>
      staffFetch(staffApi.status(id), { method: 'POST', body }),
    ...settle,
  });
  const answerRework = useMutation({
    mutationFn: ({ reworkId, body }: { reworkId: number; body: ThreadPostRequest }) =>
      staffFetch(staffApi.reworkAnswer(id, reworkId), { method: 'POST', body }),
    ...settle,
  });
  const answerCare = useMutation({
    mutationFn: ({ careId, body }: { careId: number; body: StaffCareAnswerRequest }) =>
      staffFetch(staffApi.careMessages(id, careId), { method: 'POST', body }),
    ...settle,
  });
  return { update, assign, move, answerRework, answerCare, refresh };
}

const refundClaimsKey = ['staff', 'refund-claims'] as const;

/** Refund claims (managers): pending first, then decided. */
export function useRefundClaims() {
  return useQuery({
    queryKey: refundClaimsKey,
    queryFn: async ({ signal }) =>
      StaffRefundClaimListSchema.parse(await staffFetch(staffApi.refundClaims, { signal })),
  });
}

/** Approve (refund through the provider) or reject (back to the balance); the list refreshes either way. */
export function useRefundClaimDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      StaffRefundClaimSchema.parse(
        await staffFetch(
          decision === 'approve' ? staffApi.refundClaimApprove(id) : staffApi.refundClaimReject(id),
          { method: 'POST' },
        ),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: refundClaimsKey }),
  });
}

const callbacksKey = ['staff', 'callbacks'] as const;

/** Phone callback requests (managers): pending first, newest first. */
export function useCallbacks() {
  return useQuery({
    queryKey: callbacksKey,
    queryFn: async ({ signal }) =>
      StaffCallbackListSchema.parse(await staffFetch(staffApi.callbacks, { signal })),
  });
}

/** «Перезвонили»: the list refreshes whatever the answer (a 409 means someone marked it first). */
export function useCallbackDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => staffFetch(staffApi.callbackDone(id), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: callbacksKey }),
  });
}
