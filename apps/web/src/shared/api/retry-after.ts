/**
 * When the server said a refused request (429) may be tried again: its `Retry-After` turned into
 * a moment, kept for the tab (sessionStorage), so that /429 can say how long to wait, also after
 * a reload.
 */
const KEY = 'retry_at';
let kept: number | null = null;

/** `Retry-After` in seconds or as an HTTP date → the moment in ms; null when absent or unreadable. */
export function retryMoment(header: string | null | undefined, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return now + Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date;
}

/** Remembers the `Retry-After` of a 429; an answer without one forgets the previous moment. */
export function rememberRetryAfter(header: string | null | undefined, now = Date.now()): void {
  kept = retryMoment(header, now);
  try {
    if (kept === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, String(kept));
  } catch {
    // Storage blocked: the moment lives in memory for this page.
  }
}

/** Seconds until the refused request may be tried again (≤ 0: now); null when the server did not say. */
export function secondsUntilRetry(now = Date.now()): number | null {
  let moment = kept;
  try {
    moment ??= Number(sessionStorage.getItem(KEY)) || null;
  } catch {
    // Storage blocked: only the in-memory moment.
  }
  return moment === null ? null : Math.ceil((moment - now) / 1000);
}
