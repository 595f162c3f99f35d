import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderPayments } from '../test-money-render';
import { fakeMoneyServer, payment } from '../test-money-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

function serve(server: ReturnType<typeof fakeMoneyServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

const history = [
  payment(40, {
    purpose: 'tip',
    title: 'Чаевые автору заказа №7',
    amount: 500_00,
    created_at: '2026-11-21T09:00:00.000Z',
    paid_at: '2026-11-21T09:01:00.000Z',
  }),
  payment(39, {
    purpose: 'replenish',
    title: 'Пополнение баланса',
    amount: 3_000_00,
    created_at: '2026-11-10T09:00:00.000Z',
    paid_at: '2026-11-10T09:01:00.000Z',
  }),
  payment(38, {
    title: 'Заказ №5: Реферат',
    bonus: 200_00,
    refunded: 1_000_00,
    created_at: '2026-10-02T09:00:00.000Z',
    paid_at: '2026-10-02T09:01:00.000Z',
  }),
];

describe('the history tab', () => {
  it('lists past payments with kind, date, bonus, refund and status', async () => {
    serve(fakeMoneyServer({ history }));
    renderPayments('/payments/history');
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Чаевые автору заказа №7')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Чаевые · 21 ноября 2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('500 ₽')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Оплачен')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('бонусами 200 бонусов')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('возвращено 1 000 ₽')).toBeInTheDocument();
  });

  it('says «Отклонён» for a payment the bank declined and «Отменён» for one that never reached it', async () => {
    serve(
      fakeMoneyServer({
        history: [
          payment(51, { title: 'Заказ №8: Эссе', status: 'declined', paid_at: null }),
          payment(50, { title: 'Заказ №8: Эссе', status: 'canceled', paid_at: null }),
        ],
      }),
    );
    renderPayments('/payments/history');
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Отклонён')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('Отменён')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Отменён')).toBeInTheDocument();
  });

  it('sends the period and the kind to the API and keeps them in the address', async () => {
    const server = serve(fakeMoneyServer({ history }));
    const { router } = renderPayments('/payments/history');
    await screen.findAllByRole('listitem');
    expect(server.callsOf('GET', 'history/')[0]?.query.toString()).toBe('page=1&page_size=20');

    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01'));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(server.callsOf('GET', 'history/').at(-1)?.query.get('from')).toBe('2026-11-01');

    fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '2026-11-15' } });
    await userEvent.selectOptions(screen.getByLabelText('Вид платежа'), 'Пополнение');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-15&purpose=replenish'),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    const query = server.callsOf('GET', 'history/').at(-1)?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      page: '1',
      page_size: '20',
      from: '2026-11-01',
      to: '2026-11-15',
      purpose: 'replenish',
    });
    expect(screen.getByText('Пополнение баланса')).toBeInTheDocument();
  });

  it('reads the filters and the page from the address, and pages on', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      payment(100 - i, {
        purpose: 'order',
        title: `Заказ №${100 - i}: Эссе`,
        created_at: '2026-11-05T09:00:00.000Z',
      }),
    );
    const server = serve(fakeMoneyServer({ history: many }));
    const { router } = renderPayments('/payments/history?purpose=order&from=2026-11-01');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(20));
    expect(screen.getByLabelText('С даты')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Вид платежа')).toHaveValue('order');

    await userEvent.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5));
    expect(router.state.location.search).toBe('?from=2026-11-01&purpose=order&page=2');
    expect(server.callsOf('GET', 'history/').at(-1)?.query.get('page')).toBe('2');
  });

  it('says so when nothing matched, and the reset brings the whole list back', async () => {
    serve(fakeMoneyServer({ history }));
    const { router } = renderPayments('/payments/history?from=2027-01-01');
    expect(await screen.findByText('За выбранный период платежей такого вида нет.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  it('with no payments at all, leads to the payments awaiting', async () => {
    serve(fakeMoneyServer({ history: [] }));
    renderPayments('/payments/history');
    expect(await screen.findByText('Платежей пока не было.')).toBeInTheDocument();
    // Beside the section's tab of the same name, the empty state's own link.
    const links = screen.getAllByRole('link', { name: 'К оплате' });
    expect(links).toHaveLength(2);
    expect(links[1]).toHaveAttribute('href', '/payments/pay');
  });
});
