import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_PURPOSES,
  authMessages,
  paymentMessages,
  type VerificationPurpose,
  type VerificationStatus,
} from '@cabinet/contract';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, VerificationsTable } from '../../db/types';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import type { RateLimits } from '../../plugins/rate-limit';
import type { SmsSender } from './providers/types';
import {
  findUserPhone,
  findVerification,
  forgetVerificationCode,
  markVerified,
  takeVerificationTry,
  upsertVerification,
} from './repo-verification';
import { maskPhone, smsPhone } from './sms';
import { lockCustomer } from '../ledger';

/** `{type}` of the verification routes: a purpose the spec names, else 404. */
export function purposeOf(type: string): VerificationPurpose {
  const purpose = VERIFICATION_PURPOSES.find((p) => p === type);
  if (!purpose) throw notFound();
  return purpose;
}

export interface VerificationDeps {
  db: Kysely<DB>;
  /** The gateway, made per request: a failure is logged to its logger, with its id (ADR 034). */
  sms: (log: FastifyBaseLogger) => SmsSender;
  /** The server's secret: a stolen table of code hashes cannot be tried offline without it. */
  secret: string;
  /** Milliseconds since the epoch (tests move the clock). */
  now?: () => number;
  /** The shared limiter: how many codes one number receives, whatever the account (ADR 009). */
  limits: Pick<RateLimits, 'verificationSmsTo'>;
}

type Row = Pick<VerificationsTable, 'status' | 'phone' | 'code_hash' | 'code_sent_at'> & { tries: number };

/**
 * SMS verification of a purpose (spec §3/§4): a 6-digit code, kept only as a keyed hash,
 * valid 5 minutes, 5 tries, a new one no sooner than 60 s after the last, and no more to one number
 * than RECIPIENT_LIMITS allows from all accounts together (ADR 009). A purpose once verified
 * stays verified. Every read and write names the signed-in customer, so nobody sees or confirms
 * another's verification.
 */
export class VerificationService {
  private readonly now: () => number;

  constructor(private readonly deps: VerificationDeps) {
    this.now = deps.now ?? Date.now;
  }

  async status(userId: number, purpose: VerificationPurpose): Promise<VerificationStatus> {
    const [row, profilePhone] = await Promise.all([
      this.row(this.deps.db, userId, purpose),
      this.profilePhone(userId),
    ]);
    return this.toStatus(row, profilePhone);
  }

  /**
   * POST verificate-code/{type}/: a new code by SMS to the profile's phone (or the given one).
   * `log`: the request's.
   */
  async send(
    userId: number,
    purpose: VerificationPurpose,
    bodyPhone: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<VerificationStatus> {
    const profilePhone = await this.profilePhone(userId);
    let phone = profilePhone;
    if (phone === null) {
      if (!bodyPhone?.trim()) throw badRequest('phone', paymentMessages.phoneRequired);
      phone = smsPhone(bodyPhone);
      if (phone === null) throw badRequest('phone', authMessages.phoneInvalid);
    }
    const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
    const hash = this.hash(userId, purpose, code);
    const sentAt = new Date(this.now()).toISOString();
    const received = await this.issue(userId, purpose, phone, profilePhone === null, hash, sentAt);
    if (received) {
      try {
        // After the commit: a gateway's slowness never holds the customer's lock.
        await this.deps.sms(log).send(phone, `Код подтверждения: ${code}. Никому его не сообщайте.`);
      } catch {
        // Nothing reached the number: it is not counted against it.
        await received.release();
        // The code never arrived: forget it, so the customer may ask again at once.
        await forgetVerificationCode(this.deps.db, userId, purpose, hash);
        throw new HttpError(503, paymentMessages.smsFailed);
      }
    }
    return this.status(userId, purpose);
  }

  /**
   * Stores a new code, counted against the number it goes to, unless the purpose is verified
   * (null), the last code is too fresh (429) or the number has had its codes (429).
   */
  private async issue(
    userId: number,
    purpose: VerificationPurpose,
    phone: string,
    givenInFlow: boolean,
    hash: string,
    sentAt: string,
  ) {
    return this.deps.db.transaction().execute(async (trx) => {
      // Two sends at once would both pass the 60 s check: the customer's lock orders them.
      await lockCustomer(trx, userId);
      const row = await this.row(trx, userId, purpose);
      if (row?.status === 'verified') return null;
      if (row?.code_sent_at) {
        const waitMs = Date.parse(row.code_sent_at) + VERIFICATION_CODE_RESEND_SECONDS * 1000 - this.now();
        if (waitMs > 0) {
          throw new HttpError(429, paymentMessages.codeTooOften, undefined, {
            'retry-after': String(Math.ceil(waitMs / 1000)),
          });
        }
      }
      const received = await this.deps.limits.verificationSmsTo(phone, paymentMessages.smsPerNumber);
      const values = {
        status: 'requested' as const,
        // The profile's phone is read afresh each time; a phone given in the flow is kept here.
        phone: givenInFlow ? phone : null,
        code_hash: hash,
        code_sent_at: sentAt,
        tries: 0,
      };
      await upsertVerification(trx, userId, purpose, values).catch(async (err: unknown) => {
        await received.release();
        throw err;
      });
      return received;
    });
  }

  /** PATCH verificate-code/{type}/: the code from the SMS. */
  async confirm(userId: number, purpose: VerificationPurpose, code: string): Promise<VerificationStatus> {
    const db = this.deps.db;
    // A try is taken before the code is compared, in one statement: parallel guesses cannot
    // share a try.
    const taken = await takeVerificationTry(db, userId, purpose, VERIFICATION_CODE_MAX_TRIES);
    if (!taken) {
      const row = await this.row(db, userId, purpose);
      if (row?.status === 'verified') return this.status(userId, purpose);
      if (row?.status === 'requested' && row.code_hash && row.tries >= VERIFICATION_CODE_MAX_TRIES) {
        throw badRequest('code', paymentMessages.codeTriesOver);
      }
      throw badRequest('code', paymentMessages.codeExpired);
    }
    const sentAt = taken.code_sent_at ? Date.parse(taken.code_sent_at) : 0;
    if (this.now() - sentAt > VERIFICATION_CODE_TTL_SECONDS * 1000) {
      throw badRequest('code', paymentMessages.codeExpired);
    }
    const expected = Buffer.from(taken.code_hash ?? '', 'hex');
    const given = Buffer.from(this.hash(userId, purpose, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw badRequest('code', paymentMessages.codeWrong);
    }
    await markVerified(db, userId, purpose, taken.code_hash, new Date(this.now()).toISOString());
    return this.status(userId, purpose);
  }

  /** 403 «Подтвердите номер телефона…» unless the purpose is verified (call inside the money's trx). */
  async requireVerified(db: Kysely<DB>, userId: number, purpose: VerificationPurpose): Promise<void> {
    const row = await this.row(db, userId, purpose);
    if (row?.status !== 'verified') throw new HttpError(403, paymentMessages.verificationRequired);
  }

  private hash(userId: number, purpose: string, code: string): string {
    return createHmac('sha256', `verification-code:${this.deps.secret}`)
      .update(`${userId}:${purpose}:${code}`)
      .digest('hex');
  }

  private async row(db: Kysely<DB>, userId: number, purpose: string): Promise<Row | undefined> {
    return findVerification(db, userId, purpose);
  }

  /** The profile's phone as an SMS address, or null when it has none (or not a Russian one). */
  private async profilePhone(userId: number): Promise<string | null> {
    const user = await findUserPhone(this.deps.db, userId);
    return user?.phone ? smsPhone(user.phone) : null;
  }

  private toStatus(row: Row | undefined, profilePhone: string | null): VerificationStatus {
    const status = row?.status ?? 'unverified';
    const phone = profilePhone ?? row?.phone ?? null;
    return {
      success: true,
      verified: status === 'verified',
      status,
      phone: phone ? maskPhone(phone) : null,
    };
  }
}
