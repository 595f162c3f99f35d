import { AUTO_LOGIN_PARAM, REDIRECT_PARAM } from './login-redirect';

/**
 * Analytics interface of spec §1/§2: a page hit after every navigation and named goals.
 * No counters are configured yet, so nothing is recorded; a counter is added as a sink.
 */
export type AnalyticsSink = {
  hit(url: string): void;
  goal(name: string): void;
};

/** Recorded when the info modal shows the order-confirmed thank-you text. */
export const WELCOME_GOAL = 'welcome';
/** Reserved for the first paid order (the /order/{id}/success screen). */
export const FIRST_ORDER_GOAL = 'first_order';
export const ORDER_CONFIRMED_MESSAGE = 'Спасибо! Ваш заказ подтверждён.';

const sinks = new Set<AnalyticsSink>();

/** Adds a counter; returns the function that removes it. */
export function addAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

const REDACTED = 'redacted';
/** Query parameters that sign someone in or prove they own an address. */
const SECRET_PARAMS: ReadonlySet<string> = new Set(['token', AUTO_LOGIN_PARAM]);
/** The id of a password-change link is the link's secret. */
const CHANGE_PASSWORD_ID = /^\/change-password\/[^/]+/;
const PARSE_BASE = 'https://cabinet.invalid';

/**
 * A page address (path and query) as a counter may see it: the password-change id, `token=` and
 * `al=` replaced, also inside the `redirect` that carries the way back after sign-in. A counter
 * is a third party that keeps what it is sent.
 */
export function redactUrl(url: string): string {
  const parsed = new URL(url, PARSE_BASE);
  const path = parsed.pathname.replace(CHANGE_PASSWORD_ID, `/change-password/${REDACTED}`);
  const params = new URLSearchParams();
  let changed = false;
  for (const [name, value] of new URLSearchParams(parsed.search)) {
    let safe = value;
    if (SECRET_PARAMS.has(name)) safe = REDACTED;
    else if (name === REDIRECT_PARAM && value.startsWith('/')) safe = redactUrl(value);
    changed ||= safe !== value;
    params.append(name, safe);
  }
  const search = changed ? `?${params.toString()}` : parsed.search;
  return path + search + parsed.hash;
}

export function hit(url: string): void {
  const safe = redactUrl(url);
  for (const sink of sinks) sink.hit(safe);
}

export function goal(name: string): void {
  for (const sink of sinks) sink.goal(name);
}
