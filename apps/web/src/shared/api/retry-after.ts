/**
 * A refused request (429): when the server said it may be tried again (its `Retry-After` turned
 * into a moment) and the screen it was refused on, kept for the tab (sessionStorage), so that
 * /429 can say how long to wait and lead back to that screen, also after a reload.
 */
const KEY = 'too_many_requests';

interface Refusal {
  /** The moment in ms; null when the server did not say. */
  retryAt: number | null;
  /** Path and query of the screen whose request was refused. */
  from: string | null;
}

let kept: Refusal | null = null;

/** `Retry-After` in seconds or as an HTTP date → the moment in ms; null when absent or unreadable. */
export function retryMoment(header: string | null | undefined, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return now + Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date;
}

/** Remembers a 429: its `Retry-After` (none forgets an earlier one) and where it was refused. */
export function rememberRefusal(
  header: string | null | undefined,
  from: string | null,
  now = Date.now(),
): void {
  kept = { retryAt: retryMoment(header, now), from };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage blocked: the refusal lives in memory for this page.
  }
}

function refusal(): Refusal | null {
  if (kept) return kept;
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Refusal> | null;
    return {
      retryAt: typeof saved?.retryAt === 'number' ? saved.retryAt : null,
      from: typeof saved?.from === 'string' && saved.from.startsWith('/') ? saved.from : null,
    };
  } catch {
    return null;
  }
}

/** Seconds until the refused request may be tried again (≤ 0: now); null when the server did not say. */
export function secondsUntilRetry(now = Date.now()): number | null {
  const at = refusal()?.retryAt ?? null;
  return at === null ? null : Math.ceil((at - now) / 1000);
}

/** The screen whose request was refused (path and query), if known. */
export function refusedFrom(): string | null {
  return refusal()?.from ?? null;
}
