/**
 * Which precached page answers a navigation while the service worker is in control: the same page
 * the server would send for that address (apps/server/src/plugins/web.ts), so that a reload without
 * a network paints what a reload with one paints. Pure, shared by the worker and its tests.
 */

/** What the build found to precache (scripts/build-service-worker.mjs). */
export interface AppShells {
  /** `/login` → `/prerendered/login.html`: the prerendered visitor screens. */
  visitor: Record<string, string>;
  /** The cabinet shell by route pattern (`/order/:id/chat`), as prerendered/cabinet/index.json lists it. */
  cabinet: Array<{ pattern: string; url: string }>;
  /** The empty shell every other address of the app gets. */
  fallback: string;
}

/**
 * Addresses the server answers itself (the API, the socket, the dev outbox, the test acquirer's
 * pages, the operations endpoints): never answered from the cache, so that a network error stays
 * one and a page of the server is never replaced by the app.
 */
const SERVER_PATHS = /^\/(api|client\/api|channels|dev|test-bank)(\/|$)|^\/(metrics|healthz|readyz)\/?$/;

/** The server answers an address that looks like a file with 404, never with the app. */
const FILE_LIKE = /\.[a-z0-9]{1,8}$/i;

/** An address pattern of the route table (`/order/:id/edit`) as a regular expression, as the server reads it. */
function patternToRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`);
}

/** The page for a navigation to `pathname`, or null where the network must answer. */
export function shellFor(shells: AppShells, pathname: string): string | null {
  if (SERVER_PATHS.test(pathname) || FILE_LIKE.test(pathname)) return null;
  const visitor = shells.visitor[pathname];
  if (visitor) return visitor;
  // An address with fixed segments wins over one with a parameter in their place, as on the server.
  const cabinet = shells.cabinet
    .map(({ pattern, url }) => ({
      test: patternToRegExp(pattern),
      fixed: pattern.split('/').filter((s) => s && !s.startsWith(':')).length,
      url,
    }))
    .sort((a, b) => b.fixed - a.fixed)
    .find((route) => route.test.test(pathname));
  return cabinet?.url ?? shells.fallback;
}
