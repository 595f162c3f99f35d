import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderPayments } from '../test-money-render';
import { fakeMoneyServer } from '../test-money-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

beforeEach(() => {
  const server = fakeMoneyServer();
  vi.mocked(apiFetch).mockReset();
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
});

describe('the payments section', () => {
  it('titles the open tab and marks its link current; another tab moves both', async () => {
    const { router } = renderPayments('/payments/pay');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ожидают оплаты' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы платежей' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Баланс', '/payments/balance'],
      ['К оплате', '/payments/pay'],
      ['Пополнение', '/payments/replenish'],
      ['История', '/payments/history'],
    ]);
    expect(within(nav).getByRole('link', { name: 'К оплате' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'История' })).not.toHaveAttribute('aria-current');

    await userEvent.click(within(nav).getByRole('link', { name: 'История' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'История платежей' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payments/history');
    expect(within(nav).getByRole('link', { name: 'История' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'К оплате' })).not.toHaveAttribute('aria-current');
  });
});
