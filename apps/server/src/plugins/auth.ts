import {
  STAFF_ROLES,
  authMessages,
  isPublicEndpoint,
  staffMessages,
  type StaffRole,
} from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createVerifier } from 'fast-jwt';
import { SignJWT } from 'jose';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Rejects a request without a valid customer access token (401; 403 for a staff token) and
     * sets `request.userId`.
     */
    requireAuth: onRequestHookHandler;
    /**
     * Rejects a request without a valid staff access token (401; 403 for a customer token) and
     * sets `request.staff`. Every non-public route under /api/staff/ gets it.
     */
    requireStaff: onRequestHookHandler;
    accessTokens: AccessTokens;
    /** Every /api route registered, for the test that checks none is open by mistake. */
    apiRoutes: Array<{ method: string; url: string; isPublic: boolean }>;
  }
  interface FastifyRequest {
    userId: number;
    /** The signed-in staff member on /api/staff/ routes (null elsewhere). */
    staff: StaffPrincipal | null;
  }
}

/** A staff member as their access token names them. */
export interface StaffPrincipal {
  id: number;
  role: StaffRole;
}

/** The audience of staff tokens; customer tokens carry none. */
export const STAFF_AUDIENCE = 'staff';

export interface AccessTokens {
  /** A signed JWT and its lifetime in seconds. */
  issue(userId: number): Promise<{ access: string; expires_in: number }>;
  /**
   * The customer's id, or null when the token is missing, malformed, forged, expired, not yet
   * valid, or not a customer's (it carries an audience: a staff token).
   */
  verify(token: string): number | null;
  /** A staff token (aud `staff`, with the role), signed with the same key and lifetime. */
  issueStaff(staff: StaffPrincipal): Promise<{ access: string; expires_in: number }>;
  /** The staff member, or null unless this is a valid staff token. */
  verifyStaff(token: string): StaffPrincipal | null;
}

/** The subject as a positive integer id, or null. */
function subjectOf(claims: Record<string, unknown>): number | null {
  const id = Number(claims.sub);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** How many checked tokens the verifier keeps: more than the customers signed in at once. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Synchronous (HMAC through node:crypto, no WebCrypto promise), and it keeps the answer for a
  // token it has checked until the token's exp, so the signature and the JSON are checked once per
  // token rather than once per request. Customer tokens carry no aud; staff tokens carry aud
  // `staff` and their role, checked after the signature (one verifier, one cache for both).
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp'],
    cache: VERIFIED_TOKENS_KEPT,
    cacheTTL: ttlSeconds * 1000,
    clockTolerance: 0,
  });
  const sign = (subject: number, claims: Record<string, unknown>, audience?: string) => {
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(subject))
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds);
    if (audience) jwt = jwt.setAudience(audience);
    return jwt.sign(key);
  };

  /** The claims of a token valid now, else null. */
  const check = (token: string): Record<string, unknown> | null => {
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
    return claims;
  };

  return {
    async issue(userId) {
      return { access: await sign(userId, {}), expires_in: ttlSeconds };
    },
    verify(token) {
      const claims = check(token);
      // One key signs both kinds: the audience tells a staff token from a customer's.
      return claims && claims.aud === undefined ? subjectOf(claims) : null;
    },
    async issueStaff(staff) {
      return { access: await sign(staff.id, { role: staff.role }, STAFF_AUDIENCE), expires_in: ttlSeconds };
    },
    verifyStaff(token) {
      const claims = check(token);
      if (!claims || claims.aud !== STAFF_AUDIENCE) return null;
      const id = subjectOf(claims);
      const role = claims.role as StaffRole;
      return id !== null && STAFF_ROLES.includes(role) ? { id, role } : null;
    },
  };
}

const API_PREFIXES = ['/api/', '/client/api/'];
const STAFF_PREFIX = '/api/staff/';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

/**
 * Access tokens and the default-deny rule: every route under /api/ and /client/api/ that is not
 * in the contract's PUBLIC_ENDPOINTS gets `requireAuth` (`requireStaff` under /api/staff/) before
 * anything else runs, so a new route cannot be left open by forgetting a hook.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    const tokens = createAccessTokens(app.config.JWT_SECRET, app.config.ACCESS_TOKEN_TTL);
    app.decorate('accessTokens', tokens);
    app.decorateRequest('userId', 0);
    app.decorateRequest('staff', null);
    app.decorate('apiRoutes', []);

    // A callback hook with a synchronous check: no promise per request on the signed-in path.
    const requireAuth: onRequestHookHandler = function requireAuth(request, _reply, done) {
      const token = bearer(request);
      const userId = token ? tokens.verify(token) : null;
      if (userId === null) {
        // Only on the refused path: a valid staff token is not "unauthenticated", it is the wrong door.
        const staff = token ? tokens.verifyStaff(token) : null;
        done(
          staff
            ? new HttpError(403, staffMessages.customersOnly)
            : new HttpError(401, authMessages.notAuthorized),
        );
        return;
      }
      request.userId = userId;
      done();
    };
    app.decorate('requireAuth', requireAuth);

    const requireStaff: onRequestHookHandler = function requireStaff(request, _reply, done) {
      const token = bearer(request);
      const staff = token ? tokens.verifyStaff(token) : null;
      if (staff === null) {
        const customer = token ? tokens.verify(token) : null;
        done(
          customer !== null
            ? new HttpError(403, staffMessages.staffOnly)
            : new HttpError(401, authMessages.notAuthorized),
        );
        return;
      }
      request.staff = staff;
      done();
    };
    app.decorate('requireStaff', requireStaff);

    app.addHook('onRoute', (route) => {
      if (!API_PREFIXES.some((p) => route.url.startsWith(p))) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // A HEAD route (Fastify adds one to every GET) runs the GET handler: it is as open or as
        // closed as its GET, and is left out of the list, which names each endpoint once.
        const isPublic = isPublicEndpoint(method, route.url);
        if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, isPublic });
        if (isPublic) continue;
        // The staff section has its own door; customers' routes keep theirs.
        const guard = route.url.startsWith(STAFF_PREFIX) ? requireStaff : requireAuth;
        const existing = route.onRequest ? [route.onRequest].flat() : [];
        if (!existing.includes(guard)) route.onRequest = [guard, ...existing];
      }
    });
  },
  { name: 'auth' },
);
