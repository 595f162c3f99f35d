import {
  api,
  FinancesSchema,
  PacketWaitingSchema,
  PaymentListSchema,
  PaymentMethodsSchema,
  PaymentSchema,
  PAYMENTS_PAGE_SIZE,
  PayResultSchema,
  type Finances,
  type PacketWaiting,
  type PaymentList,
  type Payment,
  type PaymentMethods,
  type PaymentPurpose,
  type PayManyRequest,
  type PayRequest,
  type PayResult,
  paymentsApi,
} from '@cabinet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { queryClient } from '../../shared/query-client';
import { payKeys } from './cache';
import { VerificationStatusSchema, type VerificationPurpose, type VerificationStatus } from './model';

/** `GET /api/client/payments/verification-status/{type}/` (spec §7); moves to the contract with payments. */
const verificationStatusPath = (purpose: VerificationPurpose) =>
  `/api/client/payments/verification-status/${purpose}/`;

const verificationStatusQueryOptions = (purpose: VerificationPurpose) =>
  queryOptions({
    queryKey: payKeys.verification(purpose),
    queryFn: async ({ signal }): Promise<VerificationStatus> =>
      VerificationStatusSchema.parse(await apiFetch(verificationStatusPath(purpose), { signal })),
  });

/** For the withdraw route guard: always a fresh check. */
export function loadVerificationStatus(purpose: VerificationPurpose): Promise<VerificationStatus> {
  // Spec §8: a failed check sends the customer to the payouts screen at once, not after retries.
  return queryClient.fetchQuery({ ...verificationStatusQueryOptions(purpose), staleTime: 0, retry: false });
}

function withQuery(path: string, query: Record<string, string | number | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null) params.set(name, String(value));
  return `${path}?${params.toString()}`;
}

/**
 * Money and bonus (kopecks): the same entry as the header's, so that paying and the header read one
 * answer and a refresh after a payment changes both. The server answers them to a PATCH (spec §7).
 */
export const financesQuery = () =>
  queryOptions({
    queryKey: payKeys.finances,
    queryFn: async ({ signal }): Promise<Finances> =>
      FinancesSchema.parse(await apiFetch(api.profile.status, { method: 'PATCH', signal })),
  });

/** `GET methods/?purpose=&amount=`: what may pay this sum (the balance when it is enough, installments from 3 000 ₽). */
export const methodsQuery = (purpose: PaymentPurpose, amount: number | null) =>
  queryOptions({
    queryKey: payKeys.methods(purpose, amount),
    queryFn: async ({ signal }): Promise<PaymentMethods> =>
      PaymentMethodsSchema.parse(
        await apiFetch(withQuery(paymentsApi.methods, { purpose, amount }), { signal }),
      ),
    // A changed sum keeps the previous list on screen while the new one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** `GET waiting/?page=`: payments awaiting payment, newest first. */
export const waitingQuery = (page: number) =>
  queryOptions({
    queryKey: payKeys.waiting(page),
    queryFn: async ({ signal }): Promise<PaymentList> =>
      PaymentListSchema.parse(
        await apiFetch(withQuery(paymentsApi.waiting, { page, page_size: PAYMENTS_PAGE_SIZE }), { signal }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** `GET result/{id}/`: one payment of the customer's, as the /payment result screen names it. */
export const paymentResultQuery = (payId: number) =>
  queryOptions({
    queryKey: [...payKeys.all, 'result', payId] as const,
    queryFn: async ({ signal }): Promise<Payment> =>
      PaymentSchema.parse(await apiFetch(paymentsApi.result(payId), { signal })),
    staleTime: 0,
    retry: false,
  });

/** `GET orders-packet-waiting/{id}/`: a placed packet's orders and their sum. */
export const packetQuery = (id: string | number) =>
  queryOptions({
    queryKey: payKeys.packet(id),
    queryFn: async ({ signal }): Promise<PacketWaiting> =>
      PacketWaitingSchema.parse(await apiFetch(paymentsApi.packetWaiting(id), { signal })),
    staleTime: 0,
  });

/** `POST pay/`: the same `idempotencyKey` for a retry of the same attempt (see idempotency.ts). */
export async function pay(body: PayRequest, idempotencyKey: string): Promise<PayResult> {
  return PayResultSchema.parse(
    await apiFetch(paymentsApi.pay, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

/** `POST pay-many/`: the selected awaiting payments together. */
export async function payMany(body: PayManyRequest, idempotencyKey: string): Promise<PayResult> {
  return PayResultSchema.parse(
    await apiFetch(paymentsApi.payMany, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}
