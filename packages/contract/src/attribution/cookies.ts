// Kept apart from the schemas (attribution.ts): the web app reads these at start-up, on every
// visit, and a module that imports zod would bring zod into the first download.

/**
 * The tracking cookies of spec §9 (names are ours: the spec gives none; docs/decisions/022).
 * Written by the web app on the whole site domain, read by the server at registration and when an
 * order is placed.
 */
export const ATTRIBUTION_COOKIES = {
  /** Where the visitor came from: the `ref` parameter, or an external `document.referrer`. */
  referrer: 'referrer',
  /** The landing address: the `href` parameter, or the first page of the visit. */
  landing: 'landing',
  /** The campaign tag: `utm`, or rebuilt from `utm_campaign` and its optional companions. */
  campaign: 'utm',
  /** The affiliate partner's user id (`admitad_uid`). */
  affiliateUid: 'admitad_uid',
} as const;

export type AttributionCookie = keyof typeof ATTRIBUTION_COOKIES;

/** Days each cookie lives (spec §9). */
export const ATTRIBUTION_COOKIE_DAYS: Readonly<Record<AttributionCookie, number>> = {
  referrer: 1,
  landing: 1,
  campaign: 1,
  affiliateUid: 30,
};

/** Longest value kept, in characters: a longer one is cut (addresses, tags) or refused (the uid). */
export const ATTRIBUTION_MAX_LENGTH: Readonly<Record<AttributionCookie, number>> = {
  referrer: 1000,
  landing: 1000,
  campaign: 500,
  affiliateUid: 128,
};

/** An affiliate user id: what admitad sends (hex), with some room; anything else is ignored. */
export const AFFILIATE_UID_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** The campaign tag's parts, in the order they are written into a rebuilt tag. */
export const CAMPAIGN_PARTS = [
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_term',
  'utm_content',
] as const;

/** The partner named in the report when an affiliate uid is set (the only affiliate network). */
export const AFFILIATE_PARTNER = 'admitad';

/** Not in spec §7: the analytics counters' ids, public, for the web app (nulls when unset). */
export const countersApi = '/client/api/main/counters/' as const;

/** A Yandex Metrika counter id: digits. */
export const METRIKA_ID_PATTERN = /^\d{1,12}$/;
/** A Google Analytics 4 measurement id: `G-` and letters or digits. */
export const GA4_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;
