import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceUnread, resetUnread, setOrderUnread } from '../../../shared/realtime/unread-store';
import { WorkspaceTabs } from './workspace-tabs';

afterEach(() => resetUnread());

function renderTabs(chat: number) {
  const router = createMemoryRouter(
    [
      {
        path: '/order/:id/:tab',
        element: <WorkspaceTabs orderId={7} attention={{ chat, files: 1, care: 0, reworks: 0 }} />,
      },
    ],
    { initialEntries: ['/order/7/files'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return screen.getByRole('navigation', { name: 'Разделы заказа' });
}

describe('WorkspaceTabs chat count', () => {
  it('names the chat tab with the order’s figure, then with the live unread count', () => {
    const nav = renderTabs(2);
    expect(within(nav).getByRole('link', { name: /^Чат\s?\(2 новых\)$/ })).toBeInTheDocument();
    act(() =>
      replaceUnread(4, [
        { order_id: 7, unread: 3 },
        { order_id: 8, unread: 1 },
      ]),
    );
    expect(within(nav).getByRole('link', { name: /^Чат\s?\(3 новых\)$/ })).toBeInTheDocument();
    act(() => setOrderUnread(7, 1));
    expect(within(nav).getByRole('link', { name: /^Чат\s?\(1 новый\)$/ })).toBeInTheDocument();
    act(() => setOrderUnread(7, 0));
    expect(within(nav).getByRole('link', { name: 'Чат' })).toBeInTheDocument();
    // The other tabs keep the order's own figures.
    expect(within(nav).getByRole('link', { name: /^Файлы\s?\(1 новый\)$/ })).toBeInTheDocument();
  });

  it('shows a count the socket brought for an order that had none', () => {
    const nav = renderTabs(0);
    act(() => replaceUnread(0, []));
    act(() => setOrderUnread(7, 2, 2));
    expect(within(nav).getByRole('link', { name: /^Чат\s?\(2 новых\)$/ })).toBeInTheDocument();
  });
});
