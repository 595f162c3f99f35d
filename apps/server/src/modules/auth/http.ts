import {
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  authMessages,
  type TokensResponse,
} from '@cabinet/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { randomToken } from '../../lib/crypto';
import { HttpError } from '../../plugins/errors';
import type { Session, SignInClient } from './service';

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
 * signed in to, so that their owners sign in past a stranger's failures. Sent on every path,
 * since people sign in on several (login, codes, links, registration, the social e-mail step).
 */
const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 3600;
/** A shared computer keeps its few latest accounts; older ones fall back to the usual limits. */
const DEVICE_MAX_ACCOUNTS = 10;

const DeviceSchema = z.object({
  id: z.string().regex(/^[\w-]{16,64}$/),
  accounts: z.array(z.number().int().positive()).max(DEVICE_MAX_ACCOUNTS),
});

function readDevice(request: FastifyRequest): SignInClient['device'] {
  const raw = request.cookies[DEVICE_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return undefined;
  try {
    const parsed = DeviceSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The client as the sign-in limits see it. */
export function signInClient(request: FastifyRequest): SignInClient {
  return { ip: request.ip, device: readDevice(request) };
}

function rememberDevice(reply: FastifyReply, userId: number): void {
  const known = readDevice(reply.request);
  const device = {
    id: known?.id ?? randomToken(16),
    accounts: [userId, ...(known?.accounts ?? []).filter((a) => a !== userId)].slice(0, DEVICE_MAX_ACCOUNTS),
  };
  void reply.setCookie(DEVICE_COOKIE, JSON.stringify(device), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
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
