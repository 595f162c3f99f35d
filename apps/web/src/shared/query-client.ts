import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/errors';
import { onSessionEnd } from './auth/session';

const MAX_RETRIES = 2;

/** Client errors and cancellations will not change on a retry; no answer and 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.kind === 'cancelled' || error.kind === 'bad-response') return false;
    if (error.kind === 'http' && error.status < 500) return false;
  }
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Nothing of the previous customer may stay on screen for the next one.
onSessionEnd(() => queryClient.clear());
