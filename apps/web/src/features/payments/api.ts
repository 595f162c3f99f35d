import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { queryClient } from '../../shared/query-client';
import { VerificationStatusSchema, type VerificationPurpose, type VerificationStatus } from './model';

/** `GET /api/client/payments/verification-status/{type}/` (spec §7); moves to the contract with payments. */
const verificationStatusPath = (purpose: VerificationPurpose) =>
  `/api/client/payments/verification-status/${purpose}/`;

const verificationStatusQueryOptions = (purpose: VerificationPurpose) =>
  queryOptions({
    queryKey: ['payments', 'verification-status', purpose],
    queryFn: async ({ signal }): Promise<VerificationStatus> =>
      VerificationStatusSchema.parse(await apiFetch(verificationStatusPath(purpose), { signal })),
  });

/** For the withdraw route guard: always a fresh check. */
export function loadVerificationStatus(purpose: VerificationPurpose): Promise<VerificationStatus> {
  return queryClient.fetchQuery({ ...verificationStatusQueryOptions(purpose), staleTime: 0 });
}
