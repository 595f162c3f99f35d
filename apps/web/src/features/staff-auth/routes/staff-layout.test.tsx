import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { replaceUnread } from '../../../shared/realtime/unread-store';
import { storeStaffSession } from '../../../shared/staff/session';
import { renderRoute } from '../../../shared/ui/test-utils';
import StaffLayout from './staff-layout';

function renderStaff() {
  storeStaffSession('staff-token', {
    id: 3,
    email: 'olga@example.com',
    role: 'manager',
    name: 'Менеджер Ольга',
  });
  return renderRoute(<StaffLayout />, {
    path: '/staff',
    url: '/staff/orders',
    children: [{ path: 'orders', element: <h1>Очередь</h1> }],
  });
}

describe('StaffLayout', () => {
  it('counts unread chat messages on the orders entry, in words for screen readers', async () => {
    renderStaff();
    const nav = await screen.findByRole('navigation', { name: 'Разделы' });
    expect(within(nav).getByRole('link', { name: 'Заказы' })).toBeInTheDocument();
    act(() => replaceUnread(5, [{ order_id: 7, unread: 5 }]));
    expect(within(nav).getByRole('link', { name: 'Заказы 5 непрочитанных сообщений' })).toBeInTheDocument();
  });

  it('has the live region of the offline notice above the screen, silent while nothing is wrong', async () => {
    renderStaff();
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: 'Очередь' })).toBeInTheDocument();
    expect(within(main).getByRole('status')).toHaveTextContent('');
  });
});
