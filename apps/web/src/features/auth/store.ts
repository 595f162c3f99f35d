import type { LoadStatus } from '@cabinet/contract';
import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, subscribeSession } from '../../shared/auth/session';

/** The auth load status of spec §4 (empty, loading, success, error). */
export function useAuthStatus(): LoadStatus {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot).status;
}

/** Spec §6: a customer is whoever holds an access token. */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot).token !== null;
}
