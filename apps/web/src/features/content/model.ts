/** Pure rules of the content feature: which links and images a space may show, the carousel's timing. */

/** Spec §9: the carousel's defaults. */
export const CAROUSEL_SPEED_MS = 400;
export const CAROUSEL_AUTOPLAY_MS = 5000;

/**
 * The least height of a banner (px): its placeholder takes as much while the banners and the
 * carousel's code load, so the orders below do not move when a banner takes its place.
 */
export const BANNER_MIN_HEIGHT = 140;

/**
 * Embla measures a scroll's length in its own integration steps, not milliseconds: its default
 * of 25 is a scroll of about 400 ms at 60 frames a second, so one step is taken as 16 ms.
 */
export function emblaDuration(ms: number): number {
  return Math.max(1, Math.round(ms / 16));
}

/** FAQ search waits for a pause in typing before asking the server. */
export const FAQ_DEBOUNCE_MS = 300;

/** A link authored in a space or a banner: a path of our own site or an https address; anything else is dropped. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A path within the app, for the router's Link; an https address opens as a plain link. */
export function isInternal(href: string): boolean {
  return href.startsWith('/');
}

/** An image only from our own origin: a root-relative path, or an absolute URL on `origin`. */
export function safeImageSrc(src: string, origin: string): string | null {
  const value = src.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const url = new URL(value);
    return url.origin === origin ? url.toString() : null;
  } catch {
    return null;
  }
}
