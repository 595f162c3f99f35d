import { api, type Order } from '@cabinet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateOrder } from '../features/order-form/api';
import OrderEditPage from '../features/order-form/routes/order-edit-page';
import { loadOrderForRoute, useOrderMutations } from '../features/orders/api';
import { listItem, noWorkspace } from '../features/orders/test-fixtures';
import { apiFetch } from '../shared/api/client';
import { queryClient } from '../shared/query-client';

vi.mock('../shared/api/client', () => ({ apiFetch: vi.fn() }));
const fetchMock = vi.mocked(apiFetch);

const ORDER_PATH = api.orders.byId(41);

function order(over: Partial<Order> = {}): Order {
  return { ...listItem(41), files: [], files_without_qc: [], ...noWorkspace, ...over };
}

let stored: Order;

const getsOfOrder = () =>
  fetchMock.mock.calls.filter(([path, init]) => path === ORDER_PATH && (init?.method ?? 'GET') === 'GET');

// jsdom has no FontFaceSet; Mantine's autosizing textarea (in the order form) listens to it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      configurable: true,
    });
  }
});

beforeEach(() => {
  queryClient.clear();
  stored = order();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path, init) => {
    if (path === ORDER_PATH && init?.method === 'PATCH') {
      stored = { ...stored, details: { ...stored.details, ...(init.body as object) } };
      return stored;
    }
    if (path === ORDER_PATH && init?.method === 'DELETE') {
      stored = { ...stored, trash: { is_trash: true } };
      return stored;
    }
    if (path === ORDER_PATH) return stored;
    if (path.startsWith('/api/client/orders/?')) throw new Error('the list is not under test');
    // Reference lists of the form; the price is not under test and never answers.
    if (path.includes('calculate-')) return new Promise(() => undefined);
    return [];
  });
});

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

function renderEditPage() {
  const router = createMemoryRouter([{ path: '/order/:id/edit', element: <OrderEditPage /> }], {
    initialEntries: ['/order/41/edit'],
  });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const withClient = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('one cache entry per order', () => {
  it('the order form edits the order the route guard has just loaded, without loading it again', async () => {
    await loadOrderForRoute('41');
    renderEditPage();
    expect(await screen.findByDisplayValue('Тема 41')).toBeInTheDocument();
    expect(getsOfOrder()).toHaveLength(1);
  });

  it("the guard sees the order form's edit at once, without a request", async () => {
    await loadOrderForRoute('41');
    await updateOrder(41, { topic: 'Новая тема' });
    await expect(loadOrderForRoute('41')).resolves.toMatchObject({ details: { topic: 'Новая тема' } });
    expect(getsOfOrder()).toHaveLength(1);
  });

  it("the list's trash puts the answer where the guard and the form read it", async () => {
    await loadOrderForRoute('41');
    const { result } = renderHook(() => useOrderMutations('active', 1), { wrapper: withClient });
    await act(() => result.current.trash.mutateAsync(listItem(41)));
    await expect(loadOrderForRoute('41')).resolves.toMatchObject({ trash: { is_trash: true } });
    expect(getsOfOrder()).toHaveLength(1);
  });

  it('is loaded again from 60000 ms on (spec §9)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    await loadOrderForRoute('41');
    vi.setSystemTime(1_000_000 + 59_999);
    await loadOrderForRoute('41');
    expect(getsOfOrder()).toHaveLength(1);
    vi.setSystemTime(1_000_000 + 60_000);
    await loadOrderForRoute('41');
    expect(getsOfOrder()).toHaveLength(2);
  });
});
