import { type StaffMe, type StaffOrderListItem, staffApi } from '@cabinet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../shared/navigation';
import { storeStaffSession } from '../../../shared/staff/session';
import { serveStaffApi } from '../../../shared/staff/test-server';
import { renderRoute } from '../../../shared/ui/test-utils';
import QueuePage from './queue-page';

const manager: StaffMe = { id: 1, email: 'olga@staff.example', role: 'manager', name: 'Ольга' };
const author: StaffMe = { id: 5, email: 'ivan@staff.example', role: 'performer', name: 'Иван К.' };

const item: StaffOrderListItem = {
  id: 42,
  status: { id: 6, title: 'Доработка' },
  work_type: 'Курсовая работа',
  topic: 'Инфляция в России',
  deadline: '2020-01-10',
  deadline_at: '2020-01-10T20:59:59.999Z',
  price: 500_000,
  paid: 250_000,
  performer: { id: 5, name: 'Иван К.' },
  customer_name: 'Мария',
  open_reworks: 1,
  open_care: 2,
  created_at: '2019-12-01T10:00:00Z',
};

function serveQueue() {
  return serveStaffApi({
    [`GET ${staffApi.orders}`]: { body: { results: [item], count: 1, next: null, previous: null } },
    [`GET ${staffApi.workTypes}`]: {
      body: [
        {
          id: 2,
          slug: 'kursovaya',
          title: 'Курсовая работа',
          price_per_page: 100,
          min_pages: 1,
          typical_pages: 30,
          min_days: 3,
        },
      ],
    },
  });
}

function renderQueue(me: StaffMe, url = '/staff/orders') {
  storeStaffSession('token', me);
  return renderRoute(<QueuePage />, { path: '/staff/orders', url });
}

const queueCalls = (calls: Array<{ url: string }>) =>
  calls.filter((c) => c.url.startsWith(staffApi.orders)).map((c) => c.url.slice(staffApi.orders.length));

beforeEach(() => {
  setNavigator({ navigate: vi.fn(), location: () => ({ pathname: '/staff/orders', search: '' }) });
});

afterEach(() => vi.unstubAllGlobals());

describe('QueuePage', () => {
  it('asks the server with the filters of the address and shows what waits on each order', async () => {
    const { calls } = serveQueue();
    renderQueue(manager, '/staff/orders?status=6&assigned=yes&page=2');
    const row = (await screen.findAllByRole('link', { name: 'Заказ № 42' }))[0]!.closest('tr')!;
    expect(queueCalls(calls)).toEqual(['?page=2&status=6&assigned=yes']);
    expect(within(row).getByText('Доработка')).toBeInTheDocument();
    expect(within(row).getByText('просрочен')).toBeInTheDocument();
    expect(within(row).getByText('Доработки: 1')).toBeInTheDocument();
    expect(within(row).getByText('Обращения: 2')).toBeInTheDocument();
    expect(within(row).getByText('оплачено 2 500 ₽')).toBeInTheDocument();
    expect(screen.getByLabelText('Статус')).toHaveValue('6');
  });

  it('shows who placed each order and when, in columns of their own', async () => {
    serveQueue();
    renderQueue(manager);
    const table = (await screen.findAllByRole('table'))[0]!;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 4)).toEqual(['№', 'Создан', 'Заказчик', 'Вид работы']);
    const row = within(table).getByRole('link', { name: 'Заказ № 42' }).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 3)).toEqual(['1 декабря 2019', 'Мария']);
    // The row's one link is the way in, for the keyboard as for the pointer (stretched over the row).
    expect(within(row).getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('1 декабря 2019 · Мария')).toBeInTheDocument();
  });

  it('a changed filter goes into the address, back to page 1', async () => {
    const user = userEvent.setup();
    const { calls } = serveQueue();
    const { router } = renderQueue(manager, '/staff/orders?page=3');
    await screen.findAllByRole('link', { name: 'Заказ № 42' });
    await user.selectOptions(screen.getByLabelText('Статус'), 'Доработка');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=6'));
    await user.selectOptions(await screen.findByLabelText('Вид работы'), 'Курсовая работа');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=6&work_type=2'));
    await vi.waitFor(() => expect(queueCalls(calls).at(-1)).toBe('?page=1&status=6&work_type=2'));
  });

  it('searches once the typing stops, without a history entry per letter', async () => {
    const user = userEvent.setup();
    const { calls } = serveQueue();
    const { router } = renderQueue(manager);
    await screen.findAllByRole('link', { name: 'Заказ № 42' });
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), '42');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=42'));
    expect(router.state.historyAction).toBe('REPLACE');
    await vi.waitFor(() => expect(queueCalls(calls)).toEqual(['?page=1', '?page=1&q=42']));
    // An address without the search (a link, Back) empties the field.
    await router.navigate('/staff/orders?status=6');
    await vi.waitFor(() => expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue(''));
  });

  it('an author’s queue is sorted by deadline', async () => {
    const { calls } = serveQueue();
    renderQueue(author);
    await screen.findAllByRole('link', { name: 'Заказ № 42' });
    expect(queueCalls(calls)).toEqual(['?page=1&sort=deadline']);
  });
});
