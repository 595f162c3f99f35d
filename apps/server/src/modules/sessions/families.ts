import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { decryptWith, encryptWith, randomToken, sha256 } from '../../lib/crypto';
import * as repo from './repo';
import type { RefreshAudience } from './repo';

export interface FamilyOptions {
  audience: RefreshAudience;
  /**
   * The successor of a rotated token is kept sealed under the token, with this prefix in the key:
   * each audience keeps the one it has always had, so tokens already out stay valid.
   */
  sealPrefix: string;
  /** How long a sign-in lasts; rotation never extends it. */
  ttlMs: number;
  /** A token rotated less than this ago gets the same successor back (two tabs refreshing at once). */
  graceMs: number;
}

/** A new refresh token of the family. `subject`: what `admit` found for its owner. */
export interface Rotated<T> {
  owner: number;
  subject: T;
  token: string;
  expiresAt: string;
}

/**
 * Refresh tokens in families (ADR 002; ADR 014 for the staff's), one implementation for
 * every audience. A sign-in starts a family; each refresh rotates its token into a successor that
 * expires when the family's first token was due to. A token rotated moments ago (two tabs at once)
 * gets the same successor back; one rotated earlier than that is a replay of a stolen token, and
 * the whole family is revoked.
 */
export class RefreshFamilies {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: FamilyOptions,
  ) {}

  /** Starts a family for `owner`; `db` may be a transaction the sign-in is part of. */
  async start(owner: number, db: Kysely<DB> = this.db): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.opts.ttlMs);
    await repo.insertToken(db, this.opts.audience, {
      owner,
      family_id: randomToken(16),
      token_hash: sha256(token),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    return { token, expiresAt };
  }

  /**
   * Rotates `raw`. `admit` decides, inside the transaction and before anything rotates, whether
   * the owner may go on (a deactivated staff member may not: the family is revoked) and gives what
   * the caller needs of them. Null when the token is unknown, spent, expired or refused; `reused`
   * when it was a replay, its family now revoked.
   */
  async rotate<T>(
    raw: string,
    admit: (trx: Kysely<DB>, owner: number) => Promise<T | null>,
  ): Promise<Rotated<T> | null | 'reused'> {
    const { audience } = this.opts;
    const sealKey = `${this.opts.sealPrefix}:${raw}`;
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.findToken(trx, audience, sha256(raw));
      const now = new Date();
      if (!row || row.revoked_at || row.expires_at <= now.toISOString()) return null;
      const subject = await admit(trx, row.owner);
      if (subject === null) {
        await repo.revokeFamily(trx, audience, row.family_id, now.toISOString());
        return null;
      }
      const rotated = (token: string): Rotated<T> => ({
        owner: row.owner,
        subject,
        token,
        expiresAt: row.expires_at,
      });

      if (!row.rotated_at) {
        const successor = randomToken();
        const won = await repo.markRotated(
          trx,
          audience,
          row.id,
          now.toISOString(),
          encryptWith(sealKey, successor),
        );
        if (won) {
          await repo.insertToken(trx, audience, {
            owner: row.owner,
            family_id: row.family_id,
            token_hash: sha256(successor),
            created_at: now.toISOString(),
            // Rotation never extends the family: it ends when its first token was due to.
            expires_at: row.expires_at,
          });
          return rotated(successor);
        }
      }

      // Already rotated: by us a moment ago in another request, or a replay.
      const fresh = await repo.findToken(trx, audience, sha256(raw));
      if (!fresh?.rotated_at || fresh.revoked_at) return null;
      const age = now.getTime() - Date.parse(fresh.rotated_at);
      const successor = fresh.successor_enc ? decryptWith(sealKey, fresh.successor_enc) : null;
      if (age <= this.opts.graceMs && successor) {
        const next = await repo.findToken(trx, audience, sha256(successor));
        return next && !next.revoked_at ? rotated(successor) : null;
      }
      await repo.revokeFamily(trx, audience, row.family_id, now.toISOString());
      return 'reused' as const;
    });
  }

  /** Revokes the family of the presented token; an unknown or missing token is not an error. */
  async end(raw: string | undefined): Promise<void> {
    if (!raw) return;
    const row = await repo.findToken(this.db, this.opts.audience, sha256(raw));
    if (row) await repo.revokeFamily(this.db, this.opts.audience, row.family_id, new Date().toISOString());
  }
}
