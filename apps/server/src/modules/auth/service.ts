import { timingSafeEqual } from 'node:crypto';
import {
  authMessages,
  normalizeProfilePhone,
  type RegistrationRequest,
  type SignInFailureBody,
  type Tokens,
} from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { nowIso, type Database } from '../../db/index';
import type { DB, OneTimeTokenKind } from '../../db/types';
import { generatePassword, hmacSha256, randomDigits, randomToken, sha256 } from '../../lib/crypto';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import type { AccessTokens } from '../../plugins/auth';
import { HttpError, badRequest } from '../../plugins/errors';
import { generatedPasswordMail, loginCodeMail, restoreMail, welcomeMail } from '../../mail';
import type { Mail, Mailer } from '../../plugins/mailer';
import type { RateLimits, SignInClient } from '../../plugins/rate-limit';
import { recordReferral } from '../referrals';
import { findUserByEmail, findUserById, insertUser, isUniqueViolation, setUserPassword } from '../users';
import { NO_ATTRIBUTION, saveUserAttribution, type Attribution } from '../attribution';
import { EmailConfirmation, type AddressProof } from './email-confirmation';
import * as repo from './repo';
import { RefreshFamilies } from '../sessions';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const LOGIN_CODE_TTL_MS = 10 * MINUTE;
const LOGIN_CODE_MAX_ATTEMPTS = 5;
const PASSWORD_RESET_TTL_MS = DAY;
const AUTO_LOGIN_TTL_MS = 7 * DAY;

/** A signed-in session: the access token for the body, the refresh token for the cookie. */
export interface Session {
  userId: number;
  tokens: Tokens;
  refresh: { token: string; expiresAt: Date };
}

export interface AuthDeps {
  database: Database;
  config: Config;
  mailer: Mailer;
  limits: RateLimits;
  accessTokens: AccessTokens;
}

const notAuthorized = () => new HttpError(401, authMessages.notAuthorized);

/** A refused password or code, with the failures the limits still allow (SignInFailureBodySchema). */
function signInFailure(detail: string, attemptsLeft: number, field?: string): HttpError {
  const errors = field ? { [field]: [detail] } : undefined;
  const body: SignInFailureBody = { detail, ...(errors ? { errors } : {}), attempts_left: attemptsLeft };
  return new HttpError(400, detail, errors, undefined, body);
}

export class AuthService {
  /** The address proofs (ADR 006, ADR 025): every path that proves an address goes through it. */
  readonly confirmation: EmailConfirmation;

  private readonly families: RefreshFamilies;

  constructor(readonly deps: AuthDeps) {
    this.confirmation = new EmailConfirmation(this);
    this.families = new RefreshFamilies(deps.database.db, {
      audience: { table: 'refresh_tokens', owner: 'user_id' },
      sealPrefix: 'successor',
      ttlMs: deps.config.REFRESH_TOKEN_TTL_DAYS * DAY,
      graceMs: deps.config.REFRESH_GRACE_SECONDS * 1000,
    });
  }

  get db(): Kysely<DB> {
    return this.deps.database.db;
  }

  private get config(): Config {
    return this.deps.config;
  }

  // Sessions ----------------------------------------------------------------

  /** Starts a new refresh family for the user (every sign-in path ends here). */
  async startSession(userId: number, db: Kysely<DB> = this.db): Promise<Session> {
    const refresh = await this.families.start(userId, db);
    return { userId, tokens: await this.deps.accessTokens.issue(userId), refresh };
  }

  /**
   * Rotates a refresh token (sessions/families.ts: a replay revokes the whole family). `log`: the
   * request's, so that a replay's line carries its id (ADR 034).
   */
  async refresh(raw: string | undefined, log: FastifyBaseLogger): Promise<Session> {
    if (!raw) throw notAuthorized();
    const outcome = await this.families.rotate(raw, async () => true);
    if (outcome === 'reused') {
      log.warn('refresh token reused after rotation: family revoked');
      throw notAuthorized();
    }
    if (!outcome) throw notAuthorized();
    return {
      userId: outcome.owner,
      tokens: await this.deps.accessTokens.issue(outcome.owner),
      refresh: { token: outcome.token, expiresAt: new Date(outcome.expiresAt) },
    };
  }

  /** Revokes the family of the presented token; an unknown or missing token is not an error. */
  async logout(raw: string | undefined): Promise<void> {
    await this.families.end(raw);
  }

  // Password and code sign-in ----------------------------------------------

  async loginWithPassword(email: string, password: string, client: SignInClient): Promise<Session> {
    const user = await findUserByEmail(this.db, email);
    const attempt = await this.deps.limits.reserveSignIn('login-fail', email, user?.id, client);
    const ok = user?.password_hash
      ? await verifyPassword(user.password_hash, password)
      : await verifyDummyPassword(password);
    if (!user || !ok) throw signInFailure(authMessages.badCredentials, attempt.remaining);
    await attempt.succeeded();
    return this.startSession(user.id);
  }

  private codeHash(userId: number, code: string): string {
    return hmacSha256(this.config.JWT_SECRET, `login-code:${userId}:${code}`);
  }

  /** E-mails a code when the user exists; the caller answers the same either way. */
  async requestLoginCode(email: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const code = randomDigits(6);
    const now = Date.now();
    await this.db.transaction().execute((trx) =>
      repo.replaceLoginCode(trx, {
        user_id: user.id,
        code_hash: this.codeHash(user.id, code),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + LOGIN_CODE_TTL_MS).toISOString(),
      }),
    );
    await this.sendQuietly(loginCodeMail(user.email, code));
  }

  async verifyLoginCode(email: string, code: string, client: SignInClient): Promise<Session> {
    const user = await findUserByEmail(this.db, email);
    const attempt = await this.deps.limits.reserveSignIn('login-fail', email, user?.id, client);
    const userId = !user
      ? null
      : await this.db.transaction().execute(async (trx) => {
          const row = await repo.findActiveLoginCode(trx, user.id, nowIso(), LOGIN_CODE_MAX_ATTEMPTS);
          if (!row) return null;
          const expected = Buffer.from(row.code_hash);
          const given = Buffer.from(this.codeHash(user.id, code));
          if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
            await repo.countLoginCodeAttempt(trx, row.id);
            return null;
          }
          return (await repo.markLoginCodeUsed(trx, row.id, nowIso())) ? user.id : null;
        });
    if (userId === null) throw signInFailure(authMessages.codeInvalid, attempt.remaining, 'code');
    await attempt.succeeded();
    // The code went to this address: using it proves the address.
    await this.proveAndTell(userId, email, { kind: 'code' });
    return this.startSession(userId);
  }

  // Registration -------------------------------------------------------------

  /** `log`: the request's (a referral that could not be recorded is logged with its id). */
  async register(
    input: RegistrationRequest,
    log: FastifyBaseLogger,
    attribution: Attribution = NO_ATTRIBUTION,
  ): Promise<Session> {
    // Stored as E.164, as the profile stores it (ADR 023); a +7 number of no operator is refused.
    const phone = normalizeProfilePhone(input.phone ?? '');
    if (phone === null) throw badRequest('phone', authMessages.phoneInvalid);
    const generated = input.password ? null : generatePassword();
    const passwordHash = await hashPassword(input.password ?? (generated as string));
    const taken = () => badRequest('email', authMessages.emailTaken);
    if (await findUserByEmail(this.db, input.email)) throw taken();
    let userId: number;
    try {
      userId = await insertUser(this.db, {
        email: input.email,
        password_hash: passwordHash,
        // Made up and e-mailed only to the address: its registrant never sees it (ADR 025).
        password_mailed: generated ? 1 : 0,
        // Subscribed only with the box ticked: the law on advertising wants consent first.
        unisender_status_id: input.newsletter ? 1 : 0,
        fio: input.fio ?? '',
        phone,
        created_at: nowIso(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      throw err;
    }
    await saveUserAttribution(this.db, userId, attribution);
    await recordReferral(this.db, userId, input.invite, this.config.REFERRAL_BONUS_RUB * 100, log);
    if (generated) {
      // Carries the address it goes to: following it proves the address (see autoLogin).
      const al = await this.createOneTimeToken('auto_login', userId, input.email, AUTO_LOGIN_TTL_MS);
      const notMe = await this.confirmation.cancelLink(userId, input.email);
      await this.sendQuietly(generatedPasswordMail(input.email, generated, this.autoLoginLink(al), notMe));
    } else {
      const confirmLink = await this.confirmation.link(userId, input.email);
      const notMe = await this.confirmation.cancelLink(userId, input.email);
      await this.sendQuietly(welcomeMail(input.email, confirmLink, notMe));
    }
    return this.startSession(userId);
  }

  // Password restore ----------------------------------------------------------

  async requestPasswordReset(email: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const raw = await this.createOneTimeToken('password_reset', user.id, null, PASSWORD_RESET_TTL_MS);
    await this.sendQuietly(restoreMail(user.email, `${this.publicUrl}/change-password/${raw}/`));
  }

  /** Sets the password and signs the user out everywhere (a thief's session ends too). */
  async resetPassword(rawId: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const done = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await repo.consumeOneTimeToken(trx, 'password_reset', sha256(rawId), now);
      if (!row?.user_id) return null;
      const address = (await findUserById(trx, row.user_id))?.email;
      if (!address) return null;
      // The link went to this address: setting a password from it proves the address, and the
      // first proof takes away what was set before it (the new password comes after).
      const mail = await this.confirmation.provedByMailbox(trx, row.user_id, address, { kind: 'restore' });
      await setUserPassword(trx, row.user_id, passwordHash);
      await repo.spendOneTimeTokensOfUser(trx, row.user_id, 'password_reset', now);
      await repo.revokeAllRefreshTokens(trx, row.user_id, now);
      return { email: address, mail };
    });
    if (!done) throw new HttpError(400, authMessages.linkInvalid);
    if (done.mail) await this.sendQuietly(done.mail);
    const { email } = done;
    // Whoever set the password owns the mailbox: the sign-in failures of the e-mail are forgotten.
    await this.deps.limits.store.reset(this.deps.limits.emailKey('login-fail', email));
  }

  // One-time tokens and auto-login ---------------------------------------------

  async createOneTimeToken(
    kind: OneTimeTokenKind,
    userId: number | null,
    payload: string | null,
    ttlMs: number,
    db: Kysely<DB> = this.db,
  ): Promise<string> {
    const raw = randomToken();
    const now = Date.now();
    await repo.insertOneTimeToken(db, {
      kind,
      token_hash: sha256(raw),
      user_id: userId,
      payload,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttlMs).toISOString(),
    });
    return raw;
  }

  consumeOneTimeToken(kind: OneTimeTokenKind, raw: string, db: Kysely<DB> = this.db) {
    return repo.consumeOneTimeToken(db, kind, sha256(raw), nowIso());
  }

  /** A single-use sign-in link token (7 days) for e-mails and the social callback. */
  createAutoLoginToken(userId: number, db: Kysely<DB> = this.db): Promise<string> {
    return this.createOneTimeToken('auto_login', userId, null, AUTO_LOGIN_TTL_MS, db);
  }

  autoLoginLink(token: string): string {
    return `${this.publicUrl}/?al=${encodeURIComponent(token)}`;
  }

  async autoLogin(raw: string): Promise<Session> {
    const used = await this.db.transaction().execute(async (trx) => {
      const row = await this.consumeOneTimeToken('auto_login', raw, trx);
      if (!row?.user_id) return null;
      // An e-mailed link carries the address it went to; the social callback's carries none.
      const mail = row.payload
        ? await this.confirmation.provedByMailbox(trx, row.user_id, row.payload, { kind: 'link' })
        : null;
      return { userId: row.user_id, mail };
    });
    if (!used) throw new HttpError(400, authMessages.tokenInvalid);
    if (used.mail) await this.sendQuietly(used.mail);
    return this.startSession(used.userId);
  }

  /**
   * Deletes an account from its registration mail's «not me» link, while its address is unproved
   * (EmailConfirmation.cancelRegistration).
   */
  cancelRegistration(raw: string): Promise<void> {
    return this.confirmation.cancelRegistration(raw);
  }

  // Helpers -------------------------------------------------------------------

  /** Records a proof of the address by its mailbox, and tells the owner what it took away. */
  private async proveAndTell(userId: number, email: string, proof: AddressProof): Promise<void> {
    const mail = await this.db
      .transaction()
      .execute((trx) => this.confirmation.provedByMailbox(trx, userId, email, proof));
    if (mail) await this.sendQuietly(mail);
  }

  /** PUBLIC_URL without a trailing slash, the base of every link we e-mail or redirect to. */
  get publicUrl(): string {
    return this.config.PUBLIC_URL.replace(/\/+$/, '');
  }

  /**
   * Queues a mail: it is delivered after the answer, and retried, so an existing e-mail answers
   * as fast as an unknown one and a delivery problem is for the logs, not for the visitor.
   */
  async sendQuietly(mail: Mail): Promise<void> {
    await this.deps.mailer.send(mail);
  }
}
