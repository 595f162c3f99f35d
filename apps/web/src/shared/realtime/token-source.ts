import { api, staffApi } from '@cabinet/contract';
import { authorizedRequest, type TokenSource } from '../api/client';
import { getAccessToken } from '../auth/session';

/** What the socket needs of a session: its token, its single-flight refresh, its unread endpoint. */
export interface RealtimeSession {
  getToken(): string | null;
  refreshToken(staleToken: string | null): Promise<string>;
  /** Token source for REST calls (undefined: the customer's, the API client's default). */
  tokens: TokenSource | undefined;
  unreadPath: string;
}

/**
 * Renews through the API client's own 401 path, so the socket shares its single-flight refresh
 * (and, across tabs, its Web Lock) and its sign-out on a refused refresh: the stale token
 * "answers 401", whatever token the client then holds "answers 200" and is the result.
 */
function refreshVia(tokens: TokenSource | undefined, staleToken: string | null): Promise<string> {
  let fresh: string | null = null;
  return authorizedRequest(
    api.socket,
    (token) => {
      const usable = token !== null && token !== staleToken;
      if (usable) fresh = token;
      return Promise.resolve({ status: usable ? 200 : 401, text: () => Promise.resolve('') });
    },
    { tokens },
  ).then(() => {
    if (!fresh) throw new Error('no token after refresh');
    return fresh;
  });
}

export const customerSession: RealtimeSession = {
  getToken: getAccessToken,
  refreshToken: (stale) => refreshVia(undefined, stale),
  tokens: undefined,
  unreadPath: api.chatUnread,
};

/** The staff session's code loads with the staff section only, never in a customer's bundle. */
export async function loadStaffSession(): Promise<RealtimeSession> {
  const { staffTokens } = await import('../staff/client');
  return {
    getToken: staffTokens.getToken,
    refreshToken: (stale) => refreshVia(staffTokens, stale),
    tokens: staffTokens,
    unreadPath: staffApi.chatUnread,
  };
}
