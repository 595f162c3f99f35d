import { authMessages, isPublicEndpoint } from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createVerifier } from 'fast-jwt';
import { SignJWT } from 'jose';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rejects a request without a valid access token (401) and sets `request.userId`. */
    requireAuth: onRequestHookHandler;
    accessTokens: AccessTokens;
    /** Every /api route registered, for the test that checks none is open by mistake. */
    apiRoutes: Array<{ method: string; url: string; isPublic: boolean }>;
  }
  interface FastifyRequest {
    userId: number;
  }
}

export interface AccessTokens {
  /** A signed JWT and its lifetime in seconds. */
  issue(userId: number): Promise<{ access: string; expires_in: number }>;
  /** The user id, or null when the token is missing, malformed, forged, expired or not yet valid. */
  verify(token: string): number | null;
}

/** How many checked tokens the verifier keeps: more than the customers signed in at once. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Synchronous (HMAC through node:crypto, no WebCrypto promise), and it keeps the answer for a
  // token it has checked until the token's exp, so the signature and the JSON are checked once per
  // token rather than once per request. Tokens carry no aud or iss: there is one audience.
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp'],
    cache: VERIFIED_TOKENS_KEPT,
    cacheTTL: ttlSeconds * 1000,
    clockTolerance: 0,
  });
  return {
    async issue(userId) {
      const now = Math.floor(Date.now() / 1000);
      const access = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
      return { access, expires_in: ttlSeconds };
    },
    verify(token) {
      let claims: Record<string, unknown>;
      try {
        claims = verifier(token) as Record<string, unknown>;
      } catch {
        return null;
      }
      // fast-jwt has checked that exp is a number and nbf one if present, but in milliseconds
      // (a token passes in the very millisecond of its exp); the API has always refused a token
      // from the second its exp names, as jose does, so the clock rules are jose's, on every use,
      // iat included (fast-jwt reads it only with maxAge).
      const now = Math.floor(Date.now() / 1000);
      const { exp, nbf, iat } = claims as { exp: number; nbf?: number; iat?: unknown };
      if (exp <= now || (nbf !== undefined && nbf > now)) return null;
      if (iat !== undefined && typeof iat !== 'number') return null;
      const userId = Number(claims.sub);
      return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
    },
  };
}

const API_PREFIXES = ['/api/', '/client/api/'];

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

/**
 * Access tokens and the default-deny rule: every route under /api/ and /client/api/ that is not
 * in the contract's PUBLIC_ENDPOINTS gets `requireAuth` before anything else runs, so a new
 * route cannot be left open by forgetting a hook.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    const tokens = createAccessTokens(app.config.JWT_SECRET, app.config.ACCESS_TOKEN_TTL);
    app.decorate('accessTokens', tokens);
    app.decorateRequest('userId', 0);
    app.decorate('apiRoutes', []);

    // A callback hook with a synchronous check: no promise per request on the signed-in path.
    const requireAuth: onRequestHookHandler = function requireAuth(request, _reply, done) {
      const token = bearer(request);
      const userId = token ? tokens.verify(token) : null;
      if (userId === null) {
        done(new HttpError(401, authMessages.notAuthorized));
        return;
      }
      request.userId = userId;
      done();
    };
    app.decorate('requireAuth', requireAuth);

    app.addHook('onRoute', (route) => {
      if (!API_PREFIXES.some((p) => route.url.startsWith(p))) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // A HEAD route (Fastify adds one to every GET) runs the GET handler: it is as open or as
        // closed as its GET, and is left out of the list, which names each endpoint once.
        const isPublic = isPublicEndpoint(method, route.url);
        if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, isPublic });
        if (isPublic) continue;
        const existing = route.onRequest ? [route.onRequest].flat() : [];
        if (!existing.includes(requireAuth)) route.onRequest = [requireAuth, ...existing];
      }
    });
  },
  { name: 'auth' },
);
