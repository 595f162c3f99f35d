import type { AnalyticsSink } from '../analytics';
import { absolute, injectScript } from './script';

export const GA4_SRC = 'https://www.googletagmanager.com/gtag/js';

type WithGtag = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/**
 * Google Analytics 4 (gtag.js, its official tag): `gtag` queues calls in `dataLayer` until the
 * script has loaded. No automatic page view (`send_page_view: false`): a single-page app sends
 * `page_view` with the address after every navigation; goals are events of their name.
 */
export function ga4Sink(id: string, win: Window = window): AnalyticsSink {
  const w = win as WithGtag;
  w.dataLayer ??= [];
  if (!w.gtag) {
    // gtag.js reads the `arguments` objects themselves out of dataLayer, not arrays.
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- the official snippet pushes `arguments`
      w.dataLayer?.push(arguments);
    };
  }
  const gtag = w.gtag;
  let location = absolute('/', win);
  gtag('js', new Date());
  // The first address too is the redacted one hit() gives: never document.location with its secrets.
  gtag('config', id, { send_page_view: false, page_location: location });
  injectScript(`${GA4_SRC}?id=${encodeURIComponent(id)}`, win.document);
  return {
    hit(url) {
      location = absolute(url, win);
      gtag('event', 'page_view', { page_location: location, page_title: win.document.title });
    },
    goal(name) {
      gtag('event', name, { page_location: location });
    },
  };
}
