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
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { decryptWith, encryptWith, randomToken, sha256 } from '../../lib/crypto';
import { verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import type { AccessTokens } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import type { RateLimits, SignInClient } from '../../plugins/rate-limit';
import * as repo from './repo';

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
  log: FastifyBaseLogger;
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
  constructor(private readonly deps: StaffAuthDeps) {}

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
    const raw = randomToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * DAY);
    await repo.insertStaffRefreshToken(this.db, {
      staff_id: row.id,
      family_id: randomToken(16),
      token_hash: sha256(raw),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    return this.issue(row, { token: raw, expiresAt });
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
   * Rotates a refresh token as the customer's are rotated (AuthService.refresh): a token rotated
   * moments ago gets the same successor back, one rotated earlier revokes its family; a
   * deactivated member's family is revoked.
   */
  async refresh(raw: string | undefined): Promise<StaffSession> {
    if (!raw) throw notAuthorized();
    const sealKey = `staff-successor:${raw}`;
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await repo.findStaffRefreshToken(trx, sha256(raw));
      const now = new Date();
      if (!row || row.revoked_at || row.expires_at <= now.toISOString()) return null;
      const staff = await repo.findStaffById(trx, row.staff_id);
      if (staff?.is_active !== 1) {
        await repo.revokeStaffRefreshFamily(trx, row.family_id, now.toISOString());
        return null;
      }

      if (!row.rotated_at) {
        const successor = randomToken();
        const won = await repo.markStaffRefreshRotated(
          trx,
          row.id,
          now.toISOString(),
          encryptWith(sealKey, successor),
        );
        if (won) {
          await repo.insertStaffRefreshToken(trx, {
            staff_id: row.staff_id,
            family_id: row.family_id,
            token_hash: sha256(successor),
            created_at: now.toISOString(),
            // Rotation never extends the family: it ends when its first token was due to.
            expires_at: row.expires_at,
          });
          return { staff, token: successor, expiresAt: row.expires_at };
        }
      }

      const fresh = await repo.findStaffRefreshToken(trx, sha256(raw));
      if (!fresh?.rotated_at || fresh.revoked_at) return null;
      const age = now.getTime() - Date.parse(fresh.rotated_at);
      const successor = fresh.successor_enc ? decryptWith(sealKey, fresh.successor_enc) : null;
      if (age <= this.config.REFRESH_GRACE_SECONDS * 1000 && successor) {
        const next = await repo.findStaffRefreshToken(trx, sha256(successor));
        if (next && !next.revoked_at) return { staff, token: successor, expiresAt: row.expires_at };
        return null;
      }
      await repo.revokeStaffRefreshFamily(trx, row.family_id, now.toISOString());
      return 'reused' as const;
    });
    if (outcome === 'reused') {
      this.deps.log.warn('staff refresh token reused after rotation: family revoked');
      throw notAuthorized();
    }
    if (!outcome) throw notAuthorized();
    return this.issue(outcome.staff, { token: outcome.token, expiresAt: new Date(outcome.expiresAt) });
  }

  /** Revokes the family of the presented token; an unknown or missing token is not an error. */
  async logout(raw: string | undefined): Promise<void> {
    if (!raw) return;
    const row = await repo.findStaffRefreshToken(this.db, sha256(raw));
    if (row) await repo.revokeStaffRefreshFamily(this.db, row.family_id, nowIso());
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
