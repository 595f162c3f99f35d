import { api, CertificateSchema, type Certificate } from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { certificateKeys } from './keys';

/** One gift certificate: its route guard loads it (spec §4), its pay page reads the same entry. */
export const certificateQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: certificateKeys.detail(id),
    queryFn: async ({ signal }): Promise<Certificate> =>
      CertificateSchema.parse(await apiFetch(api.certificates.one(id), { signal })),
  });
