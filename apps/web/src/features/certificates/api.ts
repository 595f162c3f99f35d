import {
  api,
  CertificateListSchema,
  CertificateRedeemResultSchema,
  CertificateSchema,
  CERTIFICATES_PAGE_SIZE,
  PaymentListSchema,
  type Certificate,
  type CertificateList,
  type CertificateRedeem,
  type CertificateRedeemResult,
  type CertificateTab,
  type PaymentList,
  paymentsApi,
} from '@cabinet/contract';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { requestBlob } from '../../shared/api/blob';
import { apiFetch } from '../../shared/api/client';
import { queryClient } from '../../shared/query-client';
import { certificateQueryOptions } from '../../shared/api/certificate';
import { certificateKeys, orderKeys, paymentKeys, profileKeys } from '../../shared/api/keys';

export { certificateKeys, certificateQueryOptions };

/** For the certificate route guard (spec §4): always loaded before the screen opens. */
export function loadCertificateForRoute(id: string): Promise<Certificate> {
  return queryClient.fetchQuery({ ...certificateQueryOptions(id), staleTime: 0 });
}

/** `GET /client/api/certificate/?status=&page_size=`: the first `pages` pages at once («Показать ещё»). */
export const certificatesQuery = (tab: CertificateTab, pages: number) =>
  queryOptions({
    queryKey: certificateKeys.list(tab, pages),
    queryFn: async ({ signal }): Promise<CertificateList> =>
      CertificateListSchema.parse(
        await apiFetch(
          `${api.certificates.root}?status=${tab}&page=1&page_size=${CERTIFICATES_PAGE_SIZE * pages}`,
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The customer's invoices awaiting payment: the orders a certificate may pay. */
export const awaitingOrdersQuery = () =>
  queryOptions({
    queryKey: paymentKeys.waitingForCertificate(),
    queryFn: async ({ signal }): Promise<PaymentList> =>
      PaymentListSchema.parse(await apiFetch(`${paymentsApi.waiting}?page=1&page_size=100`, { signal })),
    staleTime: 0,
  });

/** `POST /client/api/certificate/`. */
export async function createCertificate(value: number): Promise<Certificate> {
  return CertificateSchema.parse(await apiFetch(api.certificates.root, { method: 'POST', body: { value } }));
}

/** `POST redeem/`: a 429 is the form's to show (too many wrong codes), not the /429 page. */
export async function redeemCertificate(body: CertificateRedeem): Promise<CertificateRedeemResult> {
  return CertificateRedeemResultSchema.parse(
    await apiFetch(api.certificates.redeem, { method: 'POST', body, handlesTooManyRequests: true }),
  );
}

/** After a redemption: the header's money, the orders, the payment lists and the certificates. */
export function refreshAfterRedeem(client: QueryClient): Promise<void> {
  return Promise.all(
    [profileKeys.finances, orderKeys.all, paymentKeys.all, certificateKeys.all].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** `GET {id}/download/`: the PDF, through the one API client's token rules. */
export function downloadCertificate(id: number): Promise<Blob> {
  return requestBlob(api.certificates.download(id));
}
