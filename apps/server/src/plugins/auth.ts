import { authMessages, isPublicEndpoint } from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT } from 'jose';
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
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

/** The header of every token `issue` signs, `{"alg":"HS256","typ":"JWT"}`, as it stands in a token. */
const ISSUED_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Checks a compact HS256 JWT as jose's `jwtVerify(token, key, { algorithms: ['HS256'],
 * requiredClaims: ['sub', 'exp'] })` does, but synchronously: jose goes through WebCrypto, whose
 * promise and key import cost more than the rest of a signed-in request. The signature is checked
 * over the token's own text first, so nothing an attacker wrote is parsed before it is trusted.
 */
export function verifyHs256(
  token: string,
  key: Buffer | KeyObject,
  nowSeconds: number,
): Record<string, unknown> | null {
  const first = token.indexOf('.');
  const second = token.indexOf('.', first + 1);
  if (first <= 0 || second <= first + 1 || token.indexOf('.', second + 1) !== -1) return null;
  const expected = createHmac('sha256', key).update(token.slice(0, second)).digest();
  // Compared as the canonical base64url text: a signature spelled any other way is refused.
  const given = Buffer.from(token.slice(second + 1));
  const wanted = Buffer.from(expected.toString('base64url'));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;

  // Our own header, spelled as we sign it, needs no parsing: it is known to pass the checks below.
  const headerText = token.slice(0, first);
  if (headerText !== ISSUED_HEADER) {
    const header = decodeJson(headerText);
    if (!isObject(header) || header.alg !== 'HS256') return null;
    // jose refuses unknown critical extensions and unencoded payloads; none is ever issued here.
    if (header.crit !== undefined || header.b64 === false) return null;
  }

  const claims = decodeJson(token.slice(first + 1, second));
  if (!isObject(claims) || !Object.hasOwn(claims, 'sub') || !Object.hasOwn(claims, 'exp')) return null;
  const { exp, nbf, iat } = claims;
  if (typeof exp !== 'number' || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  return claims;
}

/**
 * Access tokens that passed {@link verifyHs256}, with what the check found. A token is text that
 * never changes, checked against the one key, so the answer for it changes only with the clock:
 * every use still compares `exp` and `nbf` with the time now, while the HMAC and the parsing —
 * most of what a signed-in request cost — run once per token (as fast-jwt's verifier cache does).
 * Only tokens that passed are kept, so forgeries cannot fill it; bounded, the oldest goes first.
 */
export class VerifiedTokens {
  private readonly known = new Map<string, { userId: number; exp: number; nbf: number }>();

  constructor(
    private readonly key: KeyObject,
    readonly maxEntries = 10_000,
  ) {}

  /** The user id, or null when the token is missing, malformed, forged, expired or not yet valid. */
  userIdOf(token: string, nowSeconds: number): number | null {
    const seen = this.known.get(token);
    if (seen !== undefined) {
      if (seen.exp > nowSeconds && seen.nbf <= nowSeconds) return seen.userId;
      if (seen.exp <= nowSeconds) this.known.delete(token);
      return null;
    }
    const claims = verifyHs256(token, this.key, nowSeconds);
    if (!claims) return null;
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    // verifyHs256 has made sure that exp is a number and nbf one or absent.
    const nbf = typeof claims.nbf === 'number' ? claims.nbf : -Infinity;
    this.known.set(token, { userId, exp: claims.exp as number, nbf });
    if (this.known.size > this.maxEntries) this.known.delete(this.known.keys().next().value as string);
    return userId;
  }

  get size(): number {
    return this.known.size;
  }
}

export function createAccessTokens(
  secret: string,
  ttlSeconds: number,
): AccessTokens & { checked: VerifiedTokens } {
  const key = new TextEncoder().encode(secret);
  // A key object made once: HMAC with it skips importing the raw key on every check.
  const checked = new VerifiedTokens(createSecretKey(Buffer.from(secret, 'utf8')));
  return {
    checked,
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
      return checked.userIdOf(token, Math.floor(Date.now() / 1000));
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
      const userId = token ? tokens.checked.userIdOf(token, Math.floor(Date.now() / 1000)) : null;
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
