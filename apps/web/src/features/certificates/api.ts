import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { queryClient } from '../../shared/query-client';
import { CertificateSchema, type Certificate } from './model';

/** `GET /client/api/certificate/{id}/` (spec §7); moves to the contract's `api` with the certificates issue. */
const certificatePath = (id: string) => `/client/api/certificate/${encodeURIComponent(id)}/`;

const certificateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['certificates', 'detail', id],
    queryFn: async ({ signal }): Promise<Certificate> =>
      CertificateSchema.parse(await apiFetch(certificatePath(id), { signal })),
  });

/** For the certificate route guard (spec §4): always loaded before the screen opens. */
export function loadCertificateForRoute(id: string): Promise<Certificate> {
  return queryClient.fetchQuery({ ...certificateQueryOptions(id), staleTime: 0 });
}
