import {
  AFFILIATE_UID_PATTERN,
  ATTRIBUTION_COOKIES,
  ATTRIBUTION_MAX_LENGTH,
  type AttributionCookie,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { findUserAttribution, setUserAttribution } from './repo';

/** What the tracking cookies said, as stored on a customer and on an order (null: absent). */
export interface Attribution {
  referrer: string | null;
  landing: string | null;
  campaign: string | null;
  affiliate_uid: string | null;
}

export const NO_ATTRIBUTION: Attribution = {
  referrer: null,
  landing: null,
  campaign: null,
  affiliate_uid: null,
};

// Control characters never belong in an address or a tag (and would garble the report).
// eslint-disable-next-line no-control-regex -- that is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

function text(value: string | undefined, cookie: AttributionCookie): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.replace(CONTROL, '').trim().slice(0, ATTRIBUTION_MAX_LENGTH[cookie]).trim();
  return clean || null;
}

/**
 * The attribution a request carries in its cookies (set by the web app on the site's domain, so
 * every same-origin request has them). Addresses and tags are cut to their limit; an affiliate
 * uid of another shape is ignored. A browser decides what a cookie holds: nothing here is trusted
 * beyond being stored as text and counted.
 */
export function attributionOf(cookies: Record<string, string | undefined>): Attribution {
  const uid = cookies[ATTRIBUTION_COOKIES.affiliateUid]?.trim();
  return {
    referrer: text(cookies[ATTRIBUTION_COOKIES.referrer], 'referrer'),
    landing: text(cookies[ATTRIBUTION_COOKIES.landing], 'landing'),
    campaign: text(cookies[ATTRIBUTION_COOKIES.campaign], 'campaign'),
    affiliate_uid: uid && AFFILIATE_UID_PATTERN.test(uid) ? uid : null,
  };
}

export function hasAttribution(a: Attribution): boolean {
  return a.referrer !== null || a.landing !== null || a.campaign !== null || a.affiliate_uid !== null;
}

/** Records on a new customer what brought them (nothing when the request had no cookie). */
export async function saveUserAttribution(db: Kysely<DB>, userId: number, a: Attribution): Promise<void> {
  if (!hasAttribution(a)) return;
  await setUserAttribution(db, userId, a);
}

/**
 * The attribution of an order being placed: the request's cookies when it has any; otherwise —
 * the cookies live a day, an order often comes later — what the customer registered with.
 */
export async function orderAttribution(
  db: Kysely<DB>,
  userId: number,
  fromCookies: Attribution,
): Promise<Attribution> {
  if (hasAttribution(fromCookies)) return fromCookies;
  const row = await findUserAttribution(db, userId);
  return row ?? NO_ATTRIBUTION;
}
