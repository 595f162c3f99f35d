import {
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  authMessages,
  type TokensResponse,
} from '@cabinet/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { HttpError } from '../../plugins/errors';
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

/** Sets the cookie and returns the `{tokens}` body shared by every sign-in answer. */
export function signedIn(reply: FastifyReply, session: Session): TokensResponse {
  setRefreshCookie(reply, session);
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
