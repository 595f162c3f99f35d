import { type StaffCallback, type StaffMe, staffApi } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../shared/navigation';
import { storeStaffSession } from '../../../shared/staff/session';
import { serveStaffApi } from '../../../shared/staff/test-server';
import { renderRoute } from '../../../shared/ui/test-utils';
import CallbacksPage from './callbacks-page';

const manager: StaffMe = { id: 1, email: 'olga@staff.example', role: 'manager', name: 'Ольга' };

const callback = (over: Partial<StaffCallback> = {}): StaffCallback => ({
  id: 4,
  phone: '+79161234567',
  time: 'evening',
  comment: 'Удобнее после 18:00',
  status: 'pending',
  created_at: '2026-11-20T10:00:00Z',
  customer: { id: 3, email: 'anna@example.com', fio: 'Анна Демидова' },
  done_at: null,
  ...over,
});

function render() {
  storeStaffSession('token', manager);
  return renderRoute(<CallbacksPage />, { path: '/staff/callbacks', url: '/staff/callbacks' });
}

beforeEach(() => {
  setNavigator({ navigate: vi.fn(), location: () => ({ pathname: '/staff/callbacks', search: '' }) });
});

describe('the callbacks page', () => {
  it('lists a request with the phone to call, the time and the comment, and marks it done', async () => {
    let current = callback();
    const { calls } = serveStaffApi({
      [`GET ${staffApi.callbacks}`]: () => ({ body: { results: [current] } }),
      [`POST ${staffApi.callbackDone(4)}`]: () => {
        current = callback({ status: 'done', done_at: '2026-11-20T11:00:00Z' });
        return { body: current };
      },
    });
    render();
    const card = await screen.findByRole('listitem', { name: 'Звонок №4 · Анна Демидова' });
    // Stored as E.164, shown as people read it; the link dials the stored form.
    expect(within(card).getByRole('link', { name: '+7 (916) 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+79161234567',
    );
    expect(card).toHaveTextContent('Вечером (17–21)');
    expect(card).toHaveTextContent('Удобнее после 18:00');
    await userEvent.click(
      within(card).getByRole('button', { name: 'Отметить, что перезвонили на +7 (916) 123-45-67' }),
    );
    await waitFor(() => expect(within(card).queryByRole('button')).toBeNull());
    expect(within(card).getByText('Перезвонили')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([staffApi.callbackDone(4)]);
  });

  it('shows the server’s refusal when someone marked it first', async () => {
    serveStaffApi({
      [`GET ${staffApi.callbacks}`]: { body: { results: [callback({ comment: '' })] } },
      [`POST ${staffApi.callbackDone(4)}`]: { status: 409, body: { detail: 'Уже отмечено' } },
    });
    render();
    const card = await screen.findByRole('listitem', { name: 'Звонок №4 · Анна Демидова' });
    await userEvent.click(within(card).getByRole('button', { name: /Отметить/ }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Уже отмечено');
  });

  it('says when there are no requests', async () => {
    serveStaffApi({ [`GET ${staffApi.callbacks}`]: { body: { results: [] } } });
    render();
    expect(await screen.findByText('Заявок на звонок нет')).toBeInTheDocument();
  });
});
