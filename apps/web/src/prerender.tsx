// Build-time prerender of the screens a visitor lands on first (run by scripts/prerender.mjs after
// the client build): the same route table, providers and components, rendered to HTML for a visitor
// with no session. The guards do not run here — they run in the browser before the app takes over
// the prerendered markup (see main.tsx), so a signed-in customer is still sent on.
import { renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

/** The route table without loaders: the visitor's screen as it first looks. */
function withoutLoaders(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { loader: _loader, ...rest } = route;
    const copy = { ...rest } as RouteObject;
    if (route.children) (copy as { children?: RouteObject[] }).children = withoutLoaders(route.children);
    return copy;
  });
}

export async function render(path: string): Promise<string> {
  const table = withoutLoaders(routes);
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
