import { api, type Tokens } from '@cabinet/contract';
import {
  DEFAULT_TOKEN_LIFETIME_S,
  endSession,
  getAccessToken,
  setAuthStatus,
  setRefreshHandler,
  storeTokens,
} from '../auth/session';
import { LOGIN_PATH, loginHrefAfterAuthError } from '../login-redirect';
import { currentLocation, navigateTo } from '../navigation';
import { ApiError } from './errors';
import { apiMessages, NOT_AUTHORIZED } from './messages';
import { rememberRefusal } from './retry-after';

export type ApiInit = {
  method?: string;
  /** A plain object is sent as JSON; FormData and strings are sent as they are. */
  body?: unknown;
  signal?: AbortSignal;
  /** `false` for visitor calls: no bearer header and no refresh on 401. Default `true`. */
  auth?: boolean;
  /** Whose token the call carries: the customer's unless told (the staff section has its own). */
  tokens?: TokenSource;
  /** Extra request headers (e.g. `Idempotency-Key` of a money-moving POST); sent on the retry too. */
  headers?: Readonly<Record<string, string>>;
  /**
   * `true` where the screen answers a 429 itself (an SMS code asked for again too soon says so by
   * the field): the error is thrown without the trip to /429.
   */
  handlesTooManyRequests?: boolean;
};

/**
 * A session's bearer token and its renewal. The customer's is the default; the staff section
 * (shared/staff) brings its own, so that both sessions use this one client and never mix.
 */
export interface TokenSource {
  getToken(): string | null;
  /** A fresh token after `staleToken` got a 401 (throws when the session cannot be renewed). */
  refresh(staleToken: string | null): Promise<string>;
  /** Paths whose 401 is an answer (a refused sign-in), not an expired token. */
  noRefreshPaths: ReadonlySet<string>;
}

const TOO_MANY_REQUESTS_PATH = '/429';
const REFRESH_LOCK = 'auth-refresh';
/** Spec §7: a 401 from these is an answer, not an expired token. */
const NO_REFRESH_PATHS: ReadonlySet<string> = new Set([
  api.auth.login,
  api.auth.loginVerify,
  api.auth.refresh,
]);

/** An answer of the transport underneath: fetch, or XHR where upload progress is needed. */
export interface TransportAnswer {
  status: number;
  /** Read for `Retry-After` of a 429. */
  headers?: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * The one HTTP client (spec §7 "Token handling", §8): credentials always sent, bearer when a token
 * exists, 401 → refresh → one retry, 429 → /429, errors as ApiError with the spec's messages.
 */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  return (await authorizedRequest(path, (token) => send(path, init, token), init)) as T;
}

const customerTokens: TokenSource = {
  getToken: getAccessToken,
  refresh: (staleToken) => refreshAccessToken(staleToken),
  noRefreshPaths: NO_REFRESH_PATHS,
};

/**
 * What every call goes through, whichever transport `attempt` uses: the token, one refresh and
 * one retry on a 401, the body read, 429 → /429 and the error mapping.
 */
export async function authorizedRequest(
  path: string,
  attempt: (token: string | null) => Promise<TransportAnswer>,
  options: Pick<ApiInit, 'auth' | 'signal' | 'tokens' | 'handlesTooManyRequests'> = {},
): Promise<unknown> {
  const useAuth = options.auth !== false;
  const tokens = options.tokens ?? customerTokens;
  const token = useAuth ? tokens.getToken() : null;
  let answer = await attempt(token);
  if (answer.status === 401 && useAuth && !tokens.noRefreshPaths.has(stripQuery(path))) {
    const fresh = await tokens.refresh(token);
    answer = await attempt(fresh);
  }
  return readResult(answer, options.signal, options.handlesTooManyRequests === true);
}

/** Pulls the access token out of either shape (`{tokens: {…}}` or top level); spec §3, §8. */
export function extractTokens(body: unknown, status = 200): Tokens {
  const holder = isRecord(body) && isRecord(body.tokens) ? body.tokens : body;
  const access = isRecord(holder) ? holder.access : undefined;
  if (typeof access !== 'string' || !access) {
    throw new ApiError({ message: apiMessages.accessTokenMissing, status, kind: 'bad-response', body });
  }
  const expiresIn = isRecord(holder) ? Number(holder.expires_in) : Number.NaN;
  return { access, expires_in: expiresIn > 0 ? expiresIn : DEFAULT_TOKEN_LIFETIME_S };
}

/** Stores the tokens of a sign-in answer and marks the session as signed in. */
export function acceptTokens(body: unknown): void {
  storeTokens(extractTokens(body));
  setAuthStatus('success');
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Single-flight refresh: one at a time in this tab (a shared promise) and across tabs (a Web Lock).
 * Inside the lock the stored token is re-read: if it is no longer the one that failed, another tab
 * has refreshed already and its token is used.
 */
function refreshAccessToken(staleToken: string | null): Promise<string> {
  refreshInFlight ??= withRefreshLock(async () => {
    const current = getAccessToken();
    if (current && current !== staleToken) return current;
    return requestNewToken();
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request(REFRESH_LOCK, task);
}

async function requestNewToken(): Promise<string> {
  const { tokens } = await renewTokens(api.auth.refresh, forceLogout);
  storeTokens(tokens);
  return tokens.access;
}

/**
 * POSTs to a refresh path (the refresh token rides in its cookie) and reads the new tokens and the
 * whole answer. A 429 goes to /429; a refused or unusable answer calls `onRefused` (sign out).
 */
export async function renewTokens(
  path: string,
  onRefused: () => void,
): Promise<{ tokens: Tokens; body: unknown }> {
  const response = await send(path, { method: 'POST' }, null);
  const body = await readBody(response);
  if (response.status === 429) {
    tooManyRequests(response);
    throw ApiError.fromResponse(response.status, body);
  }
  if (!isOk(response.status)) {
    const error = ApiError.fromResponse(response.status, body);
    if (response.status === 401 || response.status === 400 || error.detail === NOT_AUTHORIZED) {
      onRefused();
    }
    throw error;
  }
  try {
    return { tokens: extractTokens(body, response.status), body };
  } catch (error) {
    onRefused();
    throw error;
  }
}

/** Spec §2: sign out and send the user to /login, remembering where they were. */
function forceLogout(): void {
  endSession();
  const { pathname, search } = currentLocation();
  if (pathname === LOGIN_PATH) return;
  navigateTo(loginHrefAfterAuthError(pathname, search));
}

setRefreshHandler((staleToken) => {
  // A failed timed refresh has already logged out or will be retried by the next 401; nothing to report.
  refreshAccessToken(staleToken).catch(() => undefined);
});

async function send(path: string, init: ApiInit, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData || typeof init.body === 'string') {
    body = init.body;
  } else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: init.signal,
    });
  } catch (error) {
    throw toTransportError(error, init.signal);
  }
}

async function readResult(
  answer: TransportAnswer,
  signal?: AbortSignal,
  handlesTooManyRequests = false,
): Promise<unknown> {
  let body: unknown;
  try {
    body = await readBody(answer);
  } catch (error) {
    throw toTransportError(error, signal);
  }
  if (answer.status === 429 && !handlesTooManyRequests) tooManyRequests(answer);
  if (!isOk(answer.status)) throw ApiError.fromResponse(answer.status, body);
  return body;
}

/**
 * Spec §8: 429 → /429, which says how long to wait from the server's `Retry-After` and leads back
 * to the screen (/429 replaces it in the history, so Back would not).
 */
function tooManyRequests(answer: TransportAnswer): void {
  const { pathname, search } = currentLocation();
  const from = pathname === TOO_MANY_REQUESTS_PATH ? null : pathname + search;
  rememberRefusal(answer.headers?.get('retry-after'), from);
  navigateTo(TOO_MANY_REQUESTS_PATH);
}

const isOk = (status: number) => status >= 200 && status < 300;

async function readBody(answer: TransportAnswer): Promise<unknown> {
  const text = await answer.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toTransportError(error: unknown, signal?: AbortSignal): ApiError {
  if (error instanceof ApiError) return error;
  if (signal?.aborted) return ApiError.cancelled(signal.reason);
  return ApiError.noResponse();
}

function stripQuery(path: string): string {
  const index = path.indexOf('?');
  return index === -1 ? path : path.slice(0, index);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
