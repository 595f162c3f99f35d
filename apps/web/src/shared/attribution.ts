import {
  AFFILIATE_UID_PATTERN,
  ATTRIBUTION_COOKIES,
  ATTRIBUTION_COOKIE_DAYS,
  ATTRIBUTION_MAX_LENGTH,
  CAMPAIGN_PARTS,
  type AttributionCookie,
} from '@cabinet/contract';
import Cookies from 'js-cookie';
import { redactUrl } from './analytics';

/**
 * Marketing attribution of spec §9 (rules settled in docs/decisions/022): from the page address,
 * `document.referrer` and the site's host, which tracking cookies to set, with which value and
 * attributes. Pure; `recordAttribution` applies it through js-cookie once per page load.
 */

export interface CookieAttributes {
  /** Days from now. */
  expires: number;
  path: '/';
  /** The site's registrable domain; none on localhost or an IP address (host-only cookie). */
  domain?: string;
  secure: true;
  sameSite: 'Lax' | 'None';
}

export interface CookieWrite {
  cookie: AttributionCookie;
  name: string;
  value: string;
  attributes: CookieAttributes;
}

export interface AttributionInput {
  /** The page address, absolute. */
  url: string;
  /** `document.referrer` ('' when none). */
  referrer: string;
  /** The site's host name (the page's, by default). */
  host?: string;
  /** The values the tracking cookies have now, by cookie. */
  existing?: Partial<Record<AttributionCookie, string>>;
  /**
   * Whether the browser takes a cookie on this domain (it refuses a public suffix such as `co.uk`).
   * Without it, the last two labels of the host are the site's domain.
   */
  acceptsDomain?: (domain: string) => boolean;
}

/** Both in the address: a landing site of ours passes on its own referrer and address. */
export const REF_PARAM = 'ref';
export const HREF_PARAM = 'href';
export const UTM_PARAM = 'utm';
export const AFFILIATE_UID_PARAM = 'admitad_uid';

/**
 * Sign-in (and payment) pages a visitor comes back from: where they signed in or paid is not where
 * they came from. Host names, or patterns where a service has a domain per country.
 */
// Google, VK, Yandex, Mail.ru, OK, Apple, Microsoft, Facebook, Госуслуги, Сбер ID, T-ID, Telegram,
// ЮMoney and ЮKassa — one expression (the /login first download).
const IGNORED_REFERRERS =
  /^(accounts\.google\.[a-z.]+|(id|oauth|login|connect)\.vk\.(com|ru)|(sso\.)?(passport|oauth)\.yandex\.[a-z.]+|(account|o2|auth|login)\.mail\.ru|connect\.ok\.ru|appleid\.apple\.com|login\.(microsoftonline|live)\.com|(www\.)?facebook\.com|esia\.gosuslugi\.ru|id\.(sber|tinkoff|tbank)\.ru|oauth\.telegram\.org|(.+\.)?(yoomoney|yookassa)\.ru)$/;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Labels of a host, lower case, without a trailing dot; null for localhost, an IP or one label. */
function labelsOf(host: string): string[] | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (!h || h === 'localhost' || h.endsWith('.localhost') || IPV4.test(h) || h.includes(':')) {
    return null;
  }
  const labels = h.split('.');
  return labels.length < 2 ? null : labels;
}

/**
 * The whole site's domain for a host: `a.b.example.com` → `example.com`. The shortest parent the
 * browser accepts (it refuses public suffixes: `example.co.uk`, not `co.uk`), as analytics tags
 * find theirs; undefined on localhost and IP addresses, where a cookie stays on the host.
 */
export function siteDomain(host: string, acceptsDomain?: (domain: string) => boolean): string | undefined {
  const labels = labelsOf(host);
  if (!labels) return undefined;
  for (let n = 2; n <= labels.length; n += 1) {
    const candidate = labels.slice(-n).join('.');
    if (!acceptsDomain || acceptsDomain(candidate)) return candidate;
  }
  return undefined;
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The referrer's host is ours: the same host, or a host under the site's domain. */
export function isOwnSite(referrerHost: string, host: string, domain: string | undefined): boolean {
  const r = referrerHost.toLowerCase();
  if (r === host.toLowerCase()) return true;
  return domain !== undefined && (r === domain || r.endsWith(`.${domain}`));
}

export function isIgnoredReferrer(referrerHost: string): boolean {
  return IGNORED_REFERRERS.test(referrerHost.toLowerCase());
}

/**
 * The campaign tag: `utm` as given, or rebuilt from `utm_campaign` with the optional
 * `utm_source`, `utm_medium`, `utm_term`, `utm_content` as a query string in that order
 * (`utm_campaign=x&utm_source=y`), so that it parses back with URLSearchParams. Null without either.
 */
export function campaignTag(params: URLSearchParams): string | null {
  const utm = params.get(UTM_PARAM)?.trim();
  if (utm) return utm;
  if (!params.get('utm_campaign')?.trim()) return null;
  const tag = new URLSearchParams();
  for (const part of CAMPAIGN_PARTS) {
    const value = params.get(part)?.trim();
    if (value) tag.set(part, value);
  }
  return tag.toString();
}

const cut = (cookie: AttributionCookie, value: string) => value.slice(0, ATTRIBUTION_MAX_LENGTH[cookie]);

/** The page address as the landing cookie keeps it: its secrets (`al`, `token`, …) taken out. */
function landingOf(url: URL): string {
  return url.origin + redactUrl(url.pathname + url.search + url.hash);
}

/**
 * Which cookies to write on this visit:
 * - `ref` and `href` both in the address → the referrer and the landing cookies take them;
 * - else an external referrer (not our site, not a sign-in or payment page) → the referrer cookie
 *   takes it and the landing cookie this page: a new visit from outside replaces the previous one;
 * - else (a reload, a direct visit, our own page, a sign-in page) the referrer cookie is left as it
 *   is, and the landing cookie takes this page only when it has no value yet (first page of the day);
 * - a campaign tag in the address replaces the stored one; `admitad_uid` (of a sane shape) replaces
 *   the affiliate id and its 30 days start again. Nothing is ever deleted.
 */
export function attributionCookies(input: AttributionInput): CookieWrite[] {
  const url = new URL(input.url);
  const host = (input.host ?? url.hostname).toLowerCase();
  const domain = siteDomain(host, input.acceptsDomain);
  const params = url.searchParams;
  const existing = input.existing ?? {};
  const values: Partial<Record<AttributionCookie, string>> = {};

  const ref = params.get(REF_PARAM)?.trim();
  const href = params.get(HREF_PARAM)?.trim();
  const referrerHost = input.referrer ? hostOf(input.referrer) : null;
  if (ref && href) {
    values.referrer = ref;
    values.landing = href;
  } else if (referrerHost && !isOwnSite(referrerHost, host, domain) && !isIgnoredReferrer(referrerHost)) {
    values.referrer = input.referrer;
    values.landing = landingOf(url);
  } else if (!existing.landing) {
    values.landing = landingOf(url);
  }

  const campaign = campaignTag(params);
  if (campaign) values.campaign = campaign;
  const uid = params.get(AFFILIATE_UID_PARAM)?.trim();
  if (uid && AFFILIATE_UID_PATTERN.test(uid)) values.affiliateUid = uid;

  const writes: CookieWrite[] = [];
  for (const cookie of ['referrer', 'landing', 'campaign', 'affiliateUid'] as const) {
    const value = values[cookie];
    if (!value) continue;
    writes.push({
      cookie,
      name: ATTRIBUTION_COOKIES[cookie],
      value: cut(cookie, value),
      attributes: {
        expires: ATTRIBUTION_COOKIE_DAYS[cookie],
        path: '/',
        ...(domain ? { domain } : {}),
        secure: true,
        sameSite: cookie === 'affiliateUid' ? 'None' : 'Lax',
      },
    });
  }
  return writes;
}

const PROBE = '__attribution_probe';

/** Whether the browser keeps a cookie set on this domain (it refuses public suffixes). */
function browserAcceptsDomain(domain: string): boolean {
  Cookies.set(PROBE, '1', { domain, path: '/' });
  const kept = Cookies.get(PROBE) === '1';
  Cookies.remove(PROBE, { domain, path: '/' });
  return kept;
}

/** What a page load arrived with: its address and `document.referrer`. */
export interface Visit {
  url: string;
  referrer: string;
}

/**
 * Spec §9, once per page load: writes the tracking cookies for the visit (its address and referrer
 * as they were at start, before anything navigated). Never throws: attribution must not stop the app.
 */
export function recordAttribution(visit: Visit): void {
  try {
    const existing = { landing: Cookies.get(ATTRIBUTION_COOKIES.landing) };
    const writes = attributionCookies({
      url: visit.url,
      referrer: visit.referrer,
      existing,
      acceptsDomain: browserAcceptsDomain,
    });
    for (const w of writes) Cookies.set(w.name, w.value, w.attributes);
  } catch (error) {
    console.warn('attribution: cookies not written', error);
  }
}
