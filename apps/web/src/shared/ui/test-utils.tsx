// Test-only helpers (jsdom stubs and DOM matchers come from src/test-setup.ts).
import type { MantineProviderProps } from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { createMemoryRouter, RouterProvider } from 'react-router';

interface RenderRouteOptions {
  /** Route pattern of the screen, e.g. '/change-password/:id/'. */
  path?: string;
  /** The address the test starts at. */
  url?: string;
  loader?: LoaderFunction;
  /** Other routes to land on, rendered as a marker text with their path. */
  otherPaths?: string[];
  /** Child routes of the screen, for layouts. */
  children?: RouteObject[];
  colorScheme?: 'light' | 'dark';
  /** Extra provider props, e.g. the app theme (shared code cannot import it from app/). */
  mantine?: Omit<MantineProviderProps, 'children'>;
}

/**
 * Renders `element` as the route at `path` and records every other route as a marker so a test can
 * see where the screen navigated (`screen.findByText('route:/home/active')`).
 */
export function renderRoute(element: ReactElement, options: RenderRouteOptions = {}) {
  const {
    path = '/',
    url = path,
    loader,
    otherPaths = [],
    children,
    colorScheme = 'light',
    mantine,
  } = options;
  const router = createMemoryRouter(
    [
      { path, element, loader, children, hydrateFallbackElement: <div /> },
      ...otherPaths.map((p) => ({ path: p, element: <div>route:{p}</div> })),
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <MantineProvider env="test" forceColorScheme={colorScheme} {...mantine}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router };
}
