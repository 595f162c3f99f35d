import type { LoadStatus, Tokens } from '@cabinet/contract';

/** Storage keys of spec §9. */
export const TOKEN_KEY = 'key';
export const TOKEN_LIFETIME_KEY = 'tokenExpiresIn';
export const DEFAULT_TOKEN_LIFETIME_S = 300;
/** The access token is refreshed at 80 % of its lifetime (spec §7). */
const REFRESH_AT_SHARE = 0.8;

export type SessionSnapshot = { readonly status: LoadStatus; readonly token: string | null };

type Listener = () => void;

const listeners = new Set<Listener>();
let status: LoadStatus = 'empty';
let snapshot: SessionSnapshot | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let onRefreshDue: ((staleToken: string) => void) | undefined;

/** The token lives in localStorage so that every tab shares it; read it each time, another tab may have changed it. */
export function getAccessToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) || null;
}

function getTokenLifetime(): number {
  const stored = Number(localStorage.getItem(TOKEN_LIFETIME_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_TOKEN_LIFETIME_S;
}

export function getAuthStatus(): LoadStatus {
  return status;
}

export function setAuthStatus(next: LoadStatus): void {
  if (status === next) return;
  status = next;
  notify();
}

/** Stores a fresh token pair and plans the next refresh. */
export function storeTokens(tokens: Tokens): void {
  localStorage.setItem(TOKEN_KEY, tokens.access);
  localStorage.setItem(TOKEN_LIFETIME_KEY, String(tokens.expires_in));
  scheduleRefresh();
  notify();
}

/** Plans the refresh of whatever token is stored now, at 80 % of its lifetime. */
export function scheduleRefresh(): void {
  cancelRefresh();
  const token = getAccessToken();
  if (!token) return;
  refreshTimer = setTimeout(
    () => {
      refreshTimer = undefined;
      onRefreshDue?.(token);
    },
    getTokenLifetime() * REFRESH_AT_SHARE * 1000,
  );
}

function cancelRefresh(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

/** The API client registers the refresh; kept as a callback so this module needs no network code. */
export function setRefreshHandler(handler: (staleToken: string) => void): void {
  onRefreshDue = handler;
}

const sessionEndListeners = new Set<() => void>();

/**
 * Registers what must forget the customer's data when their session ends (the query cache
 * registers itself when it loads, so that this module does not load it).
 */
export function onSessionEnd(clear: () => void): void {
  sessionEndListeners.add(clear);
}

/** Spec §4: a failed login, a failed refresh and a logout all end here. */
export function endSession(): void {
  cancelRefresh();
  try {
    // Nothing of the previous customer may stay on screen for the next one.
    if (getAccessToken()) for (const clear of sessionEndListeners) clear();
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(TOKEN_LIFETIME_KEY);
  } finally {
    status = 'error';
    notify();
  }
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionSnapshot(): SessionSnapshot {
  if (!snapshot) {
    let token: string | null = null;
    try {
      token = getAccessToken();
    } catch {
      // Storage blocked: start-up reports it (Error route); the UI just sees no session.
    }
    snapshot = { status, token };
  }
  return snapshot;
}

function notify(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

// Another tab signed in, refreshed or signed out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    if (getAccessToken()) scheduleRefresh();
    else cancelRefresh();
    notify();
  });
}
