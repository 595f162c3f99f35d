import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** No retry for what a retry will not change: a client error or a cancelled request. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    (error.kind === 'cancelled' || (error.kind === 'http' && error.status < 500))
  ) {
    return false;
  }
  return failureCount < 2;
}

/**
 * The staff section's own query cache: nothing a manager loaded mixes with the customer's cache
 * (shared/query-client.ts), and signing out of one leaves the other alone.
 */
export const staffQueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 15_000 },
    mutations: { retry: false },
  },
});

export function clearStaffCache(): void {
  staffQueryClient.clear();
}
