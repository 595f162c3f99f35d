// Test-only: a pay screen at its route, with a fake API behind apiFetch and the provider's page stubbed.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { apiFetch } from '../../shared/api/client';
import { renderRoute } from '../../shared/ui/test-utils';
import type { fakePayServer } from './test-server';

vi.setConfig({ testTimeout: 30_000 });

export function serve(server: ReturnType<typeof fakePayServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

/** Renders `element` at `path`/`url`; /payment and the order's chat are markers to land on. */
export function renderPay(element: ReactElement, path: string, url: string) {
  return renderRoute(element, {
    path,
    url,
    otherPaths: ['/payment', '/order/:id/chat', '/order/:id', '/404', '/order-new'],
  });
}
