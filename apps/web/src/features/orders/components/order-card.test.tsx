import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceUnread, resetUnread, setOrderUnread } from '../../../shared/realtime/unread-store';
import { listItem } from '../test-fixtures';
import { OrderCard } from './order-card';

afterEach(() => resetUnread());

function renderCard() {
  const order = listItem(7);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <OrderCard order={order} now={new Date()} onTrash={() => undefined} onRestore={() => undefined} />
      ),
    },
  ]);
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return screen.getByRole('article', { name: 'Заказ №7' });
}

describe('OrderCard unread badge', () => {
  it('shows the live unread count of the order, in words for screen readers', () => {
    const card = renderCard();
    expect(within(card).queryByText(/непрочитан/)).not.toBeInTheDocument();
    act(() => replaceUnread(5, [{ order_id: 7, unread: 5 }]));
    expect(within(card).getByText('5 непрочитанных сообщений')).toBeInTheDocument();
    act(() => setOrderUnread(7, 1));
    expect(within(card).getByText('1 непрочитанное сообщение')).toBeInTheDocument();
    act(() => setOrderUnread(7, 0));
    expect(within(card).queryByText(/непрочитан/)).not.toBeInTheDocument();
  });

  it('counts only its own order', () => {
    const card = renderCard();
    act(() => replaceUnread(4, [{ order_id: 8, unread: 4 }]));
    expect(within(card).queryByText(/непрочитан/)).not.toBeInTheDocument();
  });
});
