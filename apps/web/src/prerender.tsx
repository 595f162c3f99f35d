// Build-time prerender (run by scripts/prerender.mjs after the client build), with the same route
// table, providers and components as the app:
// - the screens a visitor lands on first, rendered for a visitor with no session;
// - the cabinet shell (header, navigation and a skeleton of the screen) for every cabinet address,
//   so that a customer opening one directly sees the cabinet before the scripts have arrived.
// The guards do not run here — they run in the browser before the app takes over the prerendered
// markup (see main.tsx), so a signed-in customer is still sent on and a visitor to /login.
import { renderToString } from 'react-dom/server';
import type { ComponentType } from 'react';
import type { RouteObject, UIMatch } from 'react-router';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { cabinetLoader } from './app/guards';
import { ScreenSkeleton } from './app/layouts/screen-skeleton';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { commonMessages } from './shared/messages';
import { deepestHandle } from './shared/route-handle';

/** The route table without loaders: the visitor's screen as it first looks. */
function withoutLoaders(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { loader: _loader, ...rest } = route;
    const copy = { ...rest } as RouteObject;
    if (route.children) (copy as { children?: RouteObject[] }).children = withoutLoaders(route.children);
    return copy;
  });
}

async function renderTable(table: RouteObject[], path: string): Promise<{ markup: string; title: string }> {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  // As RootLayout sets it once the app runs.
  const screen = deepestHandle(
    context.matches.map((match) => ({ handle: match.route.handle }) as UIMatch),
  )?.title;
  return { markup, title: screen ? `${screen} — ${commonMessages.serviceName}` : commonMessages.serviceName };
}

export async function render(path: string): Promise<string> {
  return (await renderTable(withoutLoaders(routes), path)).markup;
}

// ---- The cabinet shell

function isCabinetLayout(route: RouteObject): boolean {
  return route.loader === cabinetLoader;
}

function findCabinetLayout(table: RouteObject[]): RouteObject | null {
  for (const route of table) {
    const found = isCabinetLayout(route) ? route : route.children && findCabinetLayout(route.children);
    if (found) return found;
  }
  return null;
}

function join(parent: string, path: string | undefined): string {
  if (!path) return parent || '/';
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function collectPatterns(table: RouteObject[], parent: string, out: Set<string>): void {
  for (const route of table) {
    const path = join(parent, route.path);
    // Every route of the cabinet is an address, including those that only redirect (/home, /payments).
    if (route.index || route.path) out.add(path);
    if (route.children) collectPatterns(route.children, path, out);
  }
}

/**
 * The cabinet's addresses as the route table spells them (`/home/:tab`, `/order/:id/edit`, …):
 * the server answers these with the cabinet shell.
 */
export function cabinetPatterns(): string[] {
  const patterns = new Set<string>();
  const layout = findCabinetLayout(routes);
  if (!layout) throw new Error('the route table has no cabinet layout (a route with cabinetLoader)');
  collectPatterns(layout.children ?? [], '', patterns);
  return [...patterns].sort();
}

/** The cabinet's routes with the layout itself and, in place of every screen, the skeleton. */
function shellRoutes(table: RouteObject[], CabinetLayout: ComponentType): RouteObject[] {
  return table.map((route) => {
    const { loader: _loader, lazy: _lazy, element: _element, Component: _component, ...rest } = route;
    const copy = { ...rest } as RouteObject & { children?: RouteObject[] };
    if (isCabinetLayout(route)) {
      copy.Component = CabinetLayout;
      copy.children = (route.children ?? []).map(skeletonRoute);
    } else if (route.children) {
      copy.children = shellRoutes(route.children, CabinetLayout);
      if (_element !== undefined) copy.element = _element;
      if (_component) copy.Component = _component;
    } else {
      if (_element !== undefined) copy.element = _element;
      if (_component) copy.Component = _component;
      if (_lazy) copy.lazy = _lazy;
    }
    return copy;
  });
}

function skeletonRoute(route: RouteObject): RouteObject {
  const { loader: _loader, lazy: _lazy, element: _element, Component: _component, ...rest } = route;
  const copy = { ...rest } as RouteObject & { children?: RouteObject[] };
  if (route.children) copy.children = route.children.map(skeletonRoute);
  else copy.element = <ScreenSkeleton />;
  return copy;
}

/**
 * The cabinet shell as a customer at `path` first sees it: the layout (its section highlighted,
 * the sidebar hidden where the screen hides it) with placeholders for the customer's figures and
 * the screen's skeleton. The customer's data is not known at build time.
 */
export async function renderCabinetShell(path: string): Promise<{ markup: string; title: string }> {
  // Imported here, not at the top: the client build keeps the layout in a chunk of its own.
  const { default: CabinetLayout } = await import('./app/layouts/cabinet-layout');
  return renderTable(shellRoutes(routes, CabinetLayout), path);
}
