import { randomInt } from 'node:crypto';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_QUERY_PARAM,
  isReferralCode,
  normalizeReferralCode,
} from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { isUniqueViolation } from '../users';
import { findReferralCodeOf, findReferralCodeOwner, insertReferral, insertReferralCode } from './repo';

/**
 * Personal referral codes: 8 characters of Crockford's base32 from the system's CSPRNG —
 * 40 bits, short to type and far too many to guess one of a few hundred thousand customers' codes by
 * trying. Made on first use (GET add-friend/); a collision (one in ~10¹² per pair) is drawn again.
 */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** The customer's code, made now when they have none yet (two requests at once agree on one). */
export async function ensureReferralCode(db: Kysely<DB>, userId: number): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const row = await findReferralCodeOf(db, userId);
    if (row) return row.code;
    try {
      await insertReferralCode(db, userId, newReferralCode(), nowIso());
    } catch (err) {
      // Another request made this customer's code first (the loop reads it), or the code was taken.
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/** `${PUBLIC_URL}/registration?invite=CODE`. */
export function referralLink(publicUrl: string, code: string): string {
  const url = new URL('/registration', publicUrl);
  url.searchParams.set(REFERRAL_QUERY_PARAM, code);
  return url.toString();
}

/**
 * Registration through a friend's link (auth/service.ts `register`): records who brought the new
 * customer. An unknown, malformed or own code is ignored, and a failure here is logged, never
 * thrown: a referral must not cost anyone their registration. `reward`: kopecks promised to each side.
 */
export async function recordReferral(
  db: Kysely<DB>,
  userId: number,
  invite: string | undefined,
  reward: number,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (!invite) return;
  try {
    const code = normalizeReferralCode(invite);
    if (!isReferralCode(code)) return;
    const owner = await findReferralCodeOwner(db, code);
    if (!owner || owner.user_id === userId) return;
    await insertReferral(db, {
      referrer_id: owner.user_id,
      referred_id: userId,
      reward,
      registered_at: nowIso(),
    });
  } catch (err) {
    log?.warn({ err, userId }, 'referral: the invite code was not recorded');
  }
}
