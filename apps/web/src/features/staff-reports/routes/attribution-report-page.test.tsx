import { attributionMessages, type AttributionReport, type StaffMe, staffApi } from '@cabinet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../shared/navigation';
import { storeStaffSession } from '../../../shared/staff/session';
import { serveStaffApi } from '../../../shared/staff/test-server';
import { renderRoute } from '../../../shared/ui/test-utils';
import AttributionReportPage from './attribution-report-page';

const manager: StaffMe = { id: 1, email: 'olga@staff.example', role: 'manager', name: 'Ольга' };
const PATH = '/staff/reports/attribution';

const report = (from: string, to: string): AttributionReport => ({
  from,
  to,
  results: [
    {
      campaign: 'utm_campaign=spring&utm_source=vk',
      partner: 'admitad',
      orders_placed: 2,
      orders_paid: 1,
      money_paid: 480_000,
      customers_registered: 1,
    },
    {
      campaign: null,
      partner: null,
      orders_placed: 5,
      orders_paid: 0,
      money_paid: 0,
      customers_registered: 3,
    },
  ],
  total: { orders_placed: 7, orders_paid: 1, money_paid: 480_000, customers_registered: 4 },
});

function render(url = `${PATH}?from=2026-11-01&to=2026-11-26`) {
  storeStaffSession('token', manager);
  return renderRoute(<AttributionReportPage />, { path: PATH, url });
}

beforeEach(() => {
  setNavigator({ navigate: vi.fn(), location: () => ({ pathname: PATH, search: '' }) });
});

describe('the attribution report page', () => {
  it('shows each campaign and partner with its orders, payments, money and registrations, and the totals', async () => {
    const { calls } = serveStaffApi({
      [`GET ${staffApi.attributionReport}`]: (_init, url) => {
        const q = new URL(url, 'http://x').searchParams;
        return { body: report(q.get('from') ?? '', q.get('to') ?? '') };
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Источники заказов с 01.11.2026 по 26.11.2026' });
    const row = within(table).getByRole('row', { name: /utm_campaign=spring/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('admitad');
    expect(cells.slice(1, 3)).toEqual(['2', '1']);
    expect(cells[3]?.replace(/\s/g, ' ')).toBe('4 800 ₽');
    expect(cells[4]).toBe('1');
    const none = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.startsWith('——'));
    expect(none).toBeDefined();
    expect(within(table).getByRole('rowheader', { name: 'Итого' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe(`${staffApi.attributionReport}?from=2026-11-01&to=2026-11-26`);
  });

  it('asks for the period chosen', async () => {
    const { calls } = serveStaffApi({
      [`GET ${staffApi.attributionReport}`]: (_init, url) => {
        const q = new URL(url, 'http://x').searchParams;
        return { body: report(q.get('from') ?? '', q.get('to') ?? '') };
      },
    });
    render();
    await screen.findByRole('table');
    const from = screen.getByLabelText(/^С/);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-10-01');
    await userEvent.click(screen.getByRole('button', { name: 'Показать' }));
    await screen.findByRole(
      'table',
      { name: 'Источники заказов с 01.10.2026 по 26.11.2026' },
      { timeout: 5000 },
    );
    expect(calls.at(-1)?.url).toBe(`${staffApi.attributionReport}?from=2026-10-01&to=2026-11-26`);
  });

  it('refuses a period that ends before it starts, on its field, and asks for nothing', async () => {
    const { calls } = serveStaffApi({
      [`GET ${staffApi.attributionReport}`]: () => ({ body: report('2026-11-01', '2026-11-26') }),
    });
    render();
    await screen.findByRole('table');
    const before = calls.length;
    const to = screen.getByLabelText(/^По/);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-10-01');
    await userEvent.click(screen.getByRole('button', { name: 'Показать' }));
    expect(await screen.findByText(attributionMessages.rangeInvalid)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(before);
  });

  it('says when the period is empty, and shows a failure with a retry', async () => {
    serveStaffApi({
      [`GET ${staffApi.attributionReport}`]: {
        body: { from: '2020-01-01', to: '2020-01-02', results: [], total: report('', '').total },
      },
    });
    render(`${PATH}?from=2020-01-01&to=2020-01-02`);
    expect(await screen.findByText('За этот период нет ни заказов, ни регистраций')).toBeInTheDocument();

    serveStaffApi({ [`GET ${staffApi.attributionReport}`]: { status: 500, body: { detail: 'Сбой' } } });
    render(`${PATH}?from=2021-01-01&to=2021-01-02`);
    expect(await screen.findByText('Не удалось загрузить отчёт')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Повторить/ })).toBeInTheDocument();
  });
});
