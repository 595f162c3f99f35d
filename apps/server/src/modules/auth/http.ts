import {
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  STAFF_REFRESH_COOKIE_PATH,
  authMessages,
  type TokensResponse,
} from '@cabinet/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { randomToken } from '../../lib/crypto';
import { HttpError } from '../../plugins/errors';
import type { SignInClient } from '../../plugins/rate-limit';
import type { Session } from './service';

/** HTTP shapes shared by every route that signs someone in or out. */

function cookieOptions(reply: FastifyReply) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: REFRESH_COOKIE_PATH,
    secure: reply.server.config.NODE_ENV === 'production',
  };
}

export function setRefreshCookie(reply: FastifyReply, session: Session): void {
  const maxAge = Math.max(0, Math.floor((session.refresh.expiresAt.getTime() - Date.now()) / 1000));
  void reply.setCookie(REFRESH_COOKIE_NAME, session.refresh.token, { ...cookieOptions(reply), maxAge });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions(reply));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE_NAME] || undefined;
}

/**
 * The device cookie (OWASP's answer to lock-outs): signed, it names the accounts this browser has
 * signed in to, so that their owners sign in past a stranger's failures (ADR 009). Sent on every
 * path, since people sign in on several (login, codes, links, registration, the social e-mail step).
 * Staff accounts are numbered apart from customers', so staff sign-in keeps a cookie of its own,
 * whose signed value names its kind: a customer's cookie, signed with the same key, is no staff one.
 */
export interface DeviceCookie {
  name: string;
  path: string;
  /** Written into the signed value; none for the customer's cookie (as it always was). */
  kind?: 'staff';
}
export const CUSTOMER_DEVICE: DeviceCookie = { name: 'device', path: '/' };
export const STAFF_DEVICE: DeviceCookie = {
  name: 'staff_device',
  path: STAFF_REFRESH_COOKIE_PATH,
  kind: 'staff',
};
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 3600;
/** A shared computer keeps its few latest accounts; older ones fall back to the usual limits. */
const DEVICE_MAX_ACCOUNTS = 10;

const DeviceSchema = z.object({
  id: z.string().regex(/^[\w-]{16,64}$/),
  accounts: z.array(z.number().int().positive()).max(DEVICE_MAX_ACCOUNTS),
  kind: z.literal('staff').optional(),
});

function readDevice(request: FastifyRequest, cookie: DeviceCookie): SignInClient['device'] {
  const raw = request.cookies[cookie.name];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return undefined;
  try {
    const parsed = DeviceSchema.safeParse(JSON.parse(unsigned.value));
    if (!parsed.success || parsed.data.kind !== cookie.kind) return undefined;
    return { id: parsed.data.id, accounts: parsed.data.accounts };
  } catch {
    return undefined;
  }
}

/** The client as the sign-in limits see it. */
export function signInClient(request: FastifyRequest, cookie: DeviceCookie = CUSTOMER_DEVICE): SignInClient {
  return { ip: request.ip, device: readDevice(request, cookie) };
}

/** Adds the account to the browser's device cookie (a new device id if it has none). */
export function rememberDevice(
  reply: FastifyReply,
  accountId: number,
  cookie: DeviceCookie = CUSTOMER_DEVICE,
): void {
  const known = readDevice(reply.request, cookie);
  const device = {
    ...(cookie.kind ? { kind: cookie.kind } : {}),
    id: known?.id ?? randomToken(16),
    accounts: [accountId, ...(known?.accounts ?? []).filter((a) => a !== accountId)].slice(
      0,
      DEVICE_MAX_ACCOUNTS,
    ),
  };
  void reply.setCookie(cookie.name, JSON.stringify(device), {
    httpOnly: true,
    sameSite: 'lax',
    path: cookie.path,
    secure: reply.server.config.NODE_ENV === 'production',
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
}

/** Sets the cookies and returns the `{tokens}` body shared by every sign-in answer. */
export function signedIn(reply: FastifyReply, session: Session): TokensResponse {
  setRefreshCookie(reply, session);
  rememberDevice(reply, session.userId);
  return { tokens: session.tokens };
}

/**
 * The refresh cookie is SameSite=Lax, which still rides along on some cross-site requests;
 * refresh and logout therefore refuse any request a browser marks as coming from another site.
 */
export const refuseCrossSite: onRequestHookHandler = async function refuseCrossSite(request) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new HttpError(403, authMessages.crossSite);
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const allowed = [
      new URL(request.server.config.PUBLIC_URL).origin,
      `${request.protocol}://${request.host}`,
    ];
    if (!allowed.includes(origin)) throw new HttpError(403, authMessages.crossSite);
  }
};
