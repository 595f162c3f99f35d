import { authMessages, isPublicEndpoint } from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT } from 'jose';
import { createHmac, timingSafeEqual } from 'node:crypto';
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

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(utf8.decode(Buffer.from(part, 'base64url')));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a compact HS256 JWT as jose's `jwtVerify(token, key, { algorithms: ['HS256'],
 * requiredClaims: ['sub', 'exp'] })` does, but synchronously: jose goes through WebCrypto, whose
 * promise and key import cost more than the rest of a signed-in request. The signature is checked
 * over the token's own text first, so nothing an attacker wrote is parsed before it is trusted.
 */
export function verifyHs256(token: string, key: Buffer, nowSeconds: number): Record<string, unknown> | null {
  const first = token.indexOf('.');
  const second = token.indexOf('.', first + 1);
  if (first <= 0 || second <= first + 1 || token.indexOf('.', second + 1) !== -1) return null;
  const expected = createHmac('sha256', key).update(token.slice(0, second)).digest();
  // Compared as the canonical base64url text: a signature spelled any other way is refused.
  const given = Buffer.from(token.slice(second + 1));
  const wanted = Buffer.from(expected.toString('base64url'));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;

  const header = decodeJson(token.slice(0, first));
  if (!isObject(header) || header.alg !== 'HS256') return null;
  // jose refuses unknown critical extensions and unencoded payloads; none is ever issued here.
  if (header.crit !== undefined || header.b64 === false) return null;

  const claims = decodeJson(token.slice(first + 1, second));
  if (!isObject(claims) || !Object.hasOwn(claims, 'sub') || !Object.hasOwn(claims, 'exp')) return null;
  const { exp, nbf, iat } = claims;
  if (typeof exp !== 'number' || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  return claims;
}

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const hmacKey = Buffer.from(secret, 'utf8');
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
      return userIdOf(token, hmacKey);
    },
  };
}

function userIdOf(token: string, key: Buffer): number | null {
  const claims = verifyHs256(token, key, Math.floor(Date.now() / 1000));
  if (!claims) return null;
  const id = Number(claims.sub);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
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

    const hmacKey = Buffer.from(app.config.JWT_SECRET, 'utf8');
    // A callback hook with a synchronous check: no promise per request on the signed-in path.
    const requireAuth: onRequestHookHandler = function requireAuth(request, _reply, done) {
      const token = bearer(request);
      const userId = token ? userIdOf(token, hmacKey) : null;
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
