import type { UIMatch } from 'react-router';

/** `handle` of every route in app/router.tsx. */
export type RouteHandle = {
  /** Russian page title: document title and the screen-reader announcement. */
  title: string;
  /** Full-width screens without the sidebar and FAQ (spec §2). */
  hideSidebar?: boolean;
  /** The first-order success screen (spec §2). */
  firstOrder?: boolean;
  /** A screen where money is paid, topped up, withdrawn or spent: it says when payments are test ones. */
  money?: boolean;
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that has one. */
export function deepestHandle(matches: readonly UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
