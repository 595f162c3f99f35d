import {
  authMessages,
  type Performer,
  type SignInFailureBody,
  type StaffMe,
  type StaffToken,
} from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import { verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import type { AccessTokens } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import type { RateLimits, SignInClient } from '../../plugins/rate-limit';
import * as repo from './repo';
import { RefreshFamilies } from '../sessions';

const DAY = 24 * 60 * 60_000;

/** A signed-in staff session: the body's token and who it is, the cookie's refresh token. */
export interface StaffSession {
  body: StaffToken;
  refresh: { token: string; expiresAt: Date };
}

export interface StaffAuthDeps {
  db: Kysely<DB>;
  config: Config;
  limits: RateLimits;
  accessTokens: AccessTokens;
}

const notAuthorized = () => new HttpError(401, authMessages.notAuthorized);

function signInFailure(attemptsLeft: number): HttpError {
  const body: SignInFailureBody = { detail: authMessages.badCredentials, attempts_left: attemptsLeft };
  return new HttpError(400, authMessages.badCredentials, undefined, undefined, body);
}

export function staffMe(row: repo.StaffRow): StaffMe {
  return { id: row.id, email: row.email, role: row.role, name: row.name };
}

/**
 * Staff sign-in and sessions: the customer's scheme (argon2 passwords, failures reserved before
 * the check, rotated refresh tokens with reuse detection) on tables and limit keys of their own,
 * with access tokens of the staff audience. A deactivated member can neither sign in nor refresh.
 */
export class StaffAuthService {
  private readonly families: RefreshFamilies;

  constructor(private readonly deps: StaffAuthDeps) {
    this.families = new RefreshFamilies(deps.db, {
      audience: { table: 'staff_refresh_tokens', owner: 'staff_id' },
      sealPrefix: 'staff-successor',
      ttlMs: deps.config.REFRESH_TOKEN_TTL_DAYS * DAY,
      graceMs: deps.config.REFRESH_GRACE_SECONDS * 1000,
    });
  }

  private get db(): Kysely<DB> {
    return this.deps.db;
  }

  private get config(): Config {
    return this.deps.config;
  }

  private async issue(row: repo.StaffRow, refresh: StaffSession['refresh']): Promise<StaffSession> {
    const tokens = await this.deps.accessTokens.issueStaff({ id: row.id, role: row.role });
    return { body: { ...tokens, staff: staffMe(row) }, refresh };
  }

  private async startSession(row: repo.StaffRow): Promise<StaffSession> {
    return this.issue(row, await this.families.start(row.id));
  }

  /**
   * Failures are limited as the customer's are (RateLimits.reserveSignIn, ADR 009) under counters
   * of their own: per e-mail and address, or per device for a browser that signed in to this
   * member before, so a stranger's guesses do not lock a manager out.
   */
  async login(email: string, password: string, client: SignInClient): Promise<StaffSession> {
    const row = await repo.findStaffByEmail(this.db, email);
    const attempt = await this.deps.limits.reserveSignIn('staff-login-fail', email, row?.id, client);
    const ok = row ? await verifyPassword(row.password_hash, password) : await verifyDummyPassword(password);
    // A deactivated member is told what a stranger is: nothing about the account.
    if (!row || !ok || row.is_active !== 1) throw signInFailure(attempt.remaining);
    await attempt.succeeded();
    return this.startSession(row);
  }

  /**
   * Rotates a refresh token as the customer's are rotated (sessions/families.ts); a deactivated
   * member's family is revoked. `log`: the request's (ADR 034).
   */
  async refresh(raw: string | undefined, log: FastifyBaseLogger): Promise<StaffSession> {
    if (!raw) throw notAuthorized();
    const outcome = await this.families.rotate(raw, async (trx, staffId) => {
      const staff = await repo.findStaffById(trx, staffId);
      return staff?.is_active === 1 ? staff : null;
    });
    if (outcome === 'reused') {
      log.warn('staff refresh token reused after rotation: family revoked');
      throw notAuthorized();
    }
    if (!outcome) throw notAuthorized();
    return this.issue(outcome.subject, { token: outcome.token, expiresAt: new Date(outcome.expiresAt) });
  }

  /** Revokes the family of the presented token; an unknown or missing token is not an error. */
  async logout(raw: string | undefined): Promise<void> {
    await this.families.end(raw);
  }

  async me(staffId: number): Promise<StaffMe> {
    const row = await repo.findStaffById(this.db, staffId);
    if (row?.is_active !== 1) throw notAuthorized();
    return staffMe(row);
  }

  async performers(): Promise<Performer[]> {
    const rows = await repo.listPerformers(this.db);
    return rows.map((r) => ({ id: r.id, name: r.name, active_orders: Number(r.active_orders) }));
  }
}
