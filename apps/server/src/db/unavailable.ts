/**
 * Whether an error says the database cannot be reached now, rather than that a statement is wrong:
 * PostgreSQL restarting, failing over or refusing new sessions, or the connection to it lost. The
 * error handler answers such an error 503 with a Russian `detail` and Retry-After (ADR 041), not
 * 500: the request may be repeated as it is, and the pool opens new connections by itself once
 * the server is back (`apps/server/src/db/index.ts`).
 */

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01 admin_shutdown (`pg_ctl stop -m fast` terminating the sessions), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, shutting down, in recovery), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What the socket under a connection reports when the server is not there or drops it. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres's own messages for a connection that ended under a query, or a pool that waited. */
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection terminated due to connection timeout/,
];

function isUnavailableItself(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code))
      return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && PG_CLIENT_MESSAGES.some((m) => m.test(message));
}

/**
 * True for a connection-level failure of the database: the error itself, or each of an
 * AggregateError's (a host name with several addresses, every one refused). A `cause` is not
 * followed: fetch wraps a provider's refused connection in one, and that is no database's failure.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (isUnavailableItself(error)) return true;
  const { errors } = error as { errors?: unknown };
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e) => !!e && typeof e === 'object' && isUnavailableItself(e))
  );
}
