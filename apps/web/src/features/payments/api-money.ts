import {
  BalanceSchema,
  PaymentListSchema,
  RefundCountriesSchema,
  RefundExtraSchema,
  RefundStornoPlanSchema,
  VerificationStatusSchema,
  type VerificationPurpose,
  type VerificationStatus,
  paymentsApi,
} from '@cabinet/contract';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { payKeys, refreshAfterPayment } from './cache';
import { withQuery, type HistoryRequest } from './model';

/**
 * Every payments query is keyed under `['payments']`, so that a movement of money (a payout, a
 * refund) reads the balance, the history and the lists again. The verification status keeps the
 * key the withdraw guard reads it under (api.ts), so the screen and the guard share one answer.
 */
export const moneyKeys = {
  all: payKeys.all,
  balance: (page: number) => [...payKeys.all, 'balance', page] as const,
  history: (query: HistoryRequest) => [...payKeys.all, 'history', query] as const,
  verification: payKeys.verification,
  countries: [...payKeys.all, 'refund-recipient-countries'] as const,
  extra: [...payKeys.all, 'refund-extra'] as const,
};

export const balanceQuery = (page: number) =>
  queryOptions({
    queryKey: moneyKeys.balance(page),
    queryFn: async ({ signal }) =>
      BalanceSchema.parse(await apiFetch(withQuery(paymentsApi.balance, { page }), { signal })),
    placeholderData: keepPreviousData,
  });

export const historyQuery = (query: HistoryRequest) =>
  queryOptions({
    queryKey: moneyKeys.history(query),
    queryFn: async ({ signal }) =>
      PaymentListSchema.parse(
        await apiFetch(
          withQuery(paymentsApi.history, {
            page: query.page,
            page_size: query.page_size,
            from: query.from,
            to: query.to,
            purpose: query.purpose,
          }),
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

export const verificationQuery = (purpose: VerificationPurpose) =>
  queryOptions({
    queryKey: moneyKeys.verification(purpose),
    queryFn: async ({ signal }): Promise<VerificationStatus> =>
      VerificationStatusSchema.parse(await apiFetch(paymentsApi.verificationStatus(purpose), { signal })),
  });

const countriesQuery = queryOptions({
  queryKey: moneyKeys.countries,
  queryFn: async ({ signal }) =>
    RefundCountriesSchema.parse(await apiFetch(paymentsApi.refundRecipientCountries, { signal })),
  staleTime: Infinity,
});

const extraQuery = queryOptions({
  queryKey: moneyKeys.extra,
  queryFn: async ({ signal }) => RefundExtraSchema.parse(await apiFetch(paymentsApi.refundExtra, { signal })),
  staleTime: 5 * 60_000,
});

export const useBalance = (page: number) => useQuery(balanceQuery(page));
export const useHistory = (query: HistoryRequest) => useQuery(historyQuery(query));
export const useVerificationStatus = (purpose: VerificationPurpose) => useQuery(verificationQuery(purpose));
export const useRefundCountries = () => useQuery(countriesQuery);
export const useRefundExtra = () => useQuery(extraQuery);

/** Spec §4: a 403 on a payout or a claim means the verification lapsed — ask the server again. */
export function refreshVerification(client: QueryClient, purpose: VerificationPurpose): Promise<void> {
  return client.invalidateQueries({ queryKey: moneyKeys.verification(purpose) });
}

/** After money moved: the balance, the history and the header's finances are read again. */
export const refreshMoney = refreshAfterPayment;

/** `POST verificate-code/{type}/`: sends the SMS (a phone only when the profile has none). */
export async function sendVerificationCode(purpose: VerificationPurpose, phone?: string): Promise<void> {
  await apiFetch(paymentsApi.verificateCode(purpose), {
    method: 'POST',
    body: phone ? { phone } : {},
    // A code asked for again too soon is answered by the flow itself (it says when).
    handlesTooManyRequests: true,
  });
}

/** `PATCH verificate-code/{type}/`: confirms the code. */
export async function confirmVerificationCode(purpose: VerificationPurpose, code: string): Promise<void> {
  await apiFetch(paymentsApi.verificateCode(purpose), { method: 'PATCH', body: { code } });
}

const idempotent = (key: string) => ({ 'Idempotency-Key': key });

export interface RepaymentBody {
  amount: number;
  card_number: string;
  recipient_name: string;
  country: string;
}

/** `POST repayment/`: the balance to a card; the key makes a repeated attempt move money once. */
export async function createRepayment(body: RepaymentBody, key: string): Promise<void> {
  await apiFetch(paymentsApi.repayment, { method: 'POST', body, headers: idempotent(key) });
}

/** `GET refund-storno/?refund_sum=`: which payments a storno of this sum would reverse. */
export async function loadStornoPlan(refundSum: number, signal?: AbortSignal) {
  return RefundStornoPlanSchema.parse(
    await apiFetch(withQuery(paymentsApi.refundStorno, { refund_sum: refundSum }), { signal }),
  );
}

/** `POST refund-storno/`: reverses the payments of the plan. */
export async function executeStorno(refundSum: number, key: string): Promise<void> {
  await apiFetch(paymentsApi.refundStorno, {
    method: 'POST',
    body: { refund_sum: refundSum },
    headers: idempotent(key),
  });
}

export interface ClaimBody {
  amount: number;
  reason: string;
  pay_ids?: number[];
}

/** `POST refund-claim/`: a refund a manager decides on (the money is held meanwhile). */
export async function createRefundClaim(body: ClaimBody, key: string): Promise<void> {
  await apiFetch(paymentsApi.refundClaim, { method: 'POST', body, headers: idempotent(key) });
}
