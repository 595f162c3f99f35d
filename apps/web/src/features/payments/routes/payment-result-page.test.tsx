import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../shared/query-client';
import { renderRoute } from '../../../shared/ui/test-utils';
import PaymentResultPage from './payment-result-page';

const FINANCES = ['profile', 'finances'];
const ORDER = ['orders', 'detail', '7'];
const WAITING = ['payments', 'waiting', 1];

/** The cabinet's cache as a customer left it for the provider's page. */
function cacheBeforeLeaving() {
  queryClient.setQueryData(FINANCES, { money: 5_000_00, bonus: 300_00 });
  queryClient.setQueryData(ORDER, { id: 7 });
  queryClient.setQueryData(WAITING, { results: [] });
}
const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

afterEach(() => queryClient.clear());

function renderResult(status: 'success' | 'fail', authenticated: boolean) {
  return renderRoute(<PaymentResultPage />, {
    path: '/payment',
    url: `/payment?status=${status}`,
    loader: () => ({ status, authenticated }),
  });
}

describe('PaymentResultPage', () => {
  it('reports a successful payment and leads a customer to payments and orders', async () => {
    renderResult('success', true);
    expect(await screen.findByRole('heading', { name: 'Оплата прошла успешно' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К платежам' })).toHaveAttribute('href', '/payments/pay');
    expect(screen.getByRole('link', { name: 'К заказам' })).toHaveAttribute('href', '/home/active');
    expect(screen.queryByRole('link', { name: 'Войти' })).not.toBeInTheDocument();
  });

  it('marks the money, bonus, orders and payments stale after a success, for the header to read again', async () => {
    cacheBeforeLeaving();
    renderResult('success', true);
    await screen.findByRole('heading', { name: 'Оплата прошла успешно' });
    await waitFor(() => expect(invalidated(FINANCES)).toBe(true));
    expect(invalidated(ORDER)).toBe(true);
    expect(invalidated(WAITING)).toBe(true);
  });

  it('leaves the cache alone after a failure or for a visitor', async () => {
    cacheBeforeLeaving();
    const failed = renderResult('fail', true);
    await screen.findByRole('heading', { name: 'Оплата не прошла' });
    failed.unmount();
    renderResult('success', false);
    await screen.findByRole('link', { name: 'Войти' });
    expect(invalidated(FINANCES)).toBe(false);
    expect(invalidated(ORDER)).toBe(false);
  });

  it('reports a failed payment', async () => {
    renderResult('fail', true);
    expect(await screen.findByRole('heading', { name: 'Оплата не прошла' })).toBeInTheDocument();
    expect(screen.getByText(/Платёж не завершён/)).toBeInTheDocument();
  });

  it('offers to sign in when the visitor is not authenticated', async () => {
    renderResult('success', false);
    expect(await screen.findByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'К платежам' })).not.toBeInTheDocument();
  });
});
