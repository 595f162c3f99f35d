/** Query parameters of spec §2/§6: auto-login token, info-modal text, where to go after sign-in. */
export const AUTO_LOGIN_PARAM = 'al';
export const MESSAGE_PARAM = 'msg';
export const REDIRECT_PARAM = 'redirect';

export const LOGIN_PATH = '/login';
const ROOT_PATH = '/';

/** Returns `search` without the given parameters, as `?…` or an empty string. */
export function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

function loginWith(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/**
 * Spec §6: a visitor on a cabinet route goes to /login carrying the original path and query
 * (without `al` and `msg`) as `redirect`, and `msg` as its own parameter; from the root path no
 * redirect is carried; an existing `redirect` parameter means the search string is carried unchanged.
 */
export function loginHrefForVisitor(path: string, search: string): string {
  const params = new URLSearchParams(search);
  if (params.has(REDIRECT_PARAM)) return `${LOGIN_PATH}${normalizeSearch(search)}`;
  const next = new URLSearchParams();
  if (path !== ROOT_PATH) {
    next.set(REDIRECT_PARAM, path + withoutParams(search, [AUTO_LOGIN_PARAM, MESSAGE_PARAM]));
  }
  const msg = params.get(MESSAGE_PARAM);
  if (msg) next.set(MESSAGE_PARAM, msg);
  return loginWith(next);
}

/**
 * Spec §2: after a forced logout the previous path and the remaining query (minus `al`) go into
 * `redirect`; an existing `redirect` parameter means the search string is carried unchanged.
 */
export function loginHrefAfterAuthError(path: string, search: string): string {
  if (new URLSearchParams(search).has(REDIRECT_PARAM)) return `${LOGIN_PATH}${normalizeSearch(search)}`;
  const target = path + withoutParams(search, [AUTO_LOGIN_PARAM]);
  if (target === ROOT_PATH) return LOGIN_PATH;
  return loginWith(new URLSearchParams({ [REDIRECT_PARAM]: target }));
}

function normalizeSearch(search: string): string {
  if (!search || search === '?') return '';
  return search.startsWith('?') ? search : `?${search}`;
}
