import { authMessages, isPublicEndpoint } from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
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
  /** The user id, or null when the token is missing, malformed, forged or expired. */
  verify(token: string): Promise<number | null>;
}

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
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
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp'],
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
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

    const requireAuth: onRequestHookHandler = async function requireAuth(request) {
      const token = bearer(request);
      const userId = token ? await tokens.verify(token) : null;
      if (userId === null) throw new HttpError(401, authMessages.notAuthorized);
      request.userId = userId;
    };
    app.decorate('requireAuth', requireAuth);

    app.addHook('onRoute', (route) => {
      if (!API_PREFIXES.some((p) => route.url.startsWith(p))) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        const isPublic = isPublicEndpoint(method, route.url);
        app.apiRoutes.push({ method, url: route.url, isPublic });
        if (isPublic) continue;
        const existing = route.onRequest ? [route.onRequest].flat() : [];
        if (!existing.includes(requireAuth)) route.onRequest = [requireAuth, ...existing];
      }
    });
  },
  { name: 'auth' },
);
