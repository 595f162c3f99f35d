import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, subscribeSession } from '../../shared/auth/session';

/** Spec §6: a customer is whoever holds an access token. */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot).token !== null;
}
