import type { AnalyticsSink } from '../analytics';
import { absolute, injectScript } from './script';

export const METRIKA_SRC = 'https://mc.yandex.ru/metrika/tag.js';

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
type WithYm = Window & { ym?: Ym };

/**
 * Yandex Metrika (its official tag): `ym` queues calls until tag.js has loaded and takes them
 * over. `defer: true` — a single-page app sends each hit itself (`ym(id, 'hit', url)`), so the
 * first one is not counted twice; no Webvisor and no click map, which would record what a customer
 * types and sees. Goals go as `reachGoal`.
 */
export function metrikaSink(id: string, win: Window = window): AnalyticsSink {
  const w = win as WithYm;
  if (!w.ym) {
    // The official snippet's queue, without its inline script (the CSP allows none).
    const ym: Ym = (...args: unknown[]) => {
      (ym.a ??= []).push(args);
    };
    ym.l = Date.now();
    w.ym = ym;
  }
  const call = (...args: unknown[]) => w.ym?.(...args);
  const counter = Number(id);
  call(counter, 'init', {
    defer: true,
    clickmap: false,
    trackLinks: true,
    accurateTrackBounce: true,
    webvisor: false,
  });
  injectScript(METRIKA_SRC, win.document);
  let previous: string | undefined;
  return {
    hit(url) {
      const page = absolute(url, win);
      call(counter, 'hit', page, { title: win.document.title, ...(previous ? { referer: previous } : {}) });
      previous = page;
    },
    goal(name) {
      call(counter, 'reachGoal', name);
    },
  };
}
