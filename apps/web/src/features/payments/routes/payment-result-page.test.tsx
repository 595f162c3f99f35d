import type { Payment } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query-client';
import { renderRoute } from '../../../shared/ui/test-utils';
import PaymentResultPage, { retryHref } from './payment-result-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

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
beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

function renderResult(status: 'success' | 'fail', authenticated: boolean, payId?: number) {
  return renderRoute(<PaymentResultPage />, {
    path: '/payment',
    url: `/payment?status=${status}${payId ? `&pay_id=${payId}` : ''}`,
    loader: () => ({ status, authenticated }),
  });
}

function payment(over: Partial<Payment> = {}): Payment {
  return {
    pay_id: 41,
    purpose: 'order',
    object_id: 12,
    title: 'Заказ №12: Курсовая работа',
    amount: 4_500_00,
    bonus: 0,
    refunded: 0,
    payment_method: 'bank_card',
    status: 'succeeded',
    created_at: '2026-11-27T10:00:00.000Z',
    paid_at: '2026-11-27T10:01:00.000Z',
    checked: true,
    refund_mode: 'storno',
    ...over,
  };
}

/** The lookup answers this payment for its id. */
function lookedUp(p: Payment) {
  vi.mocked(apiFetch).mockImplementation(async (path) => {
    if (path === `/api/client/payments/result/${p.pay_id}/`) return p;
    throw new Error(`unexpected ${path}`);
  });
}
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

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

  it('names what was paid and how much, and says a balance payment is done', async () => {
    lookedUp(payment({ payment_method: 'balance' }));
    renderResult('success', true, 41);
    expect(await screen.findByRole('heading', { name: 'Оплата прошла успешно' })).toBeInTheDocument();
    expect(plain(screen.getByTestId('payment-what').textContent)).toBe(
      'Заказ №12: Курсовая работа — 4 500 ₽',
    );
    expect(screen.getByText(/Оплачено с баланса — всё уже учтено/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('в течение нескольких минут');
    expect(screen.queryByRole('link', { name: 'Попробовать ещё раз' })).not.toBeInTheDocument();
  });

  it('says a card payment the bank confirmed is done, and one still pending is being confirmed', async () => {
    lookedUp(payment());
    const done = renderResult('success', true, 41);
    expect(await screen.findByText('Платёж зачислен — всё уже учтено в кабинете.')).toBeInTheDocument();
    done.unmount();
    queryClient.clear();
    lookedUp(payment({ status: 'pending', paid_at: null }));
    renderResult('success', true, 41);
    expect(await screen.findByRole('heading', { name: 'Платёж обрабатывается' })).toBeInTheDocument();
    expect(screen.getByText(/статус обновится в течение нескольких минут/)).toBeInTheDocument();
  });

  it('after a decline names the payment and leads back to paying the same thing', async () => {
    lookedUp(payment({ status: 'declined', paid_at: null }));
    renderResult('fail', true, 41);
    expect(await screen.findByRole('heading', { name: 'Оплата не прошла' })).toBeInTheDocument();
    expect(plain(screen.getByTestId('payment-what').textContent)).toBe(
      'Заказ №12: Курсовая работа — 4 500 ₽',
    );
    expect(screen.getByText(/Банк отклонил платёж/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Попробовать ещё раз' })).toHaveAttribute(
      'href',
      '/order/12/pay',
    );
  });

  it('believes the payment over the address: a decline sent back as «success» is a failure', async () => {
    lookedUp(payment({ status: 'declined', paid_at: null }));
    renderResult('success', true, 41);
    expect(await screen.findByRole('heading', { name: 'Оплата не прошла' })).toBeInTheDocument();
  });

  it('leads each kind of payment back to its own screen', () => {
    expect(retryHref(payment({ purpose: 'packet', object_id: 5 }))).toBe('/pay-packet/5');
    expect(retryHref(payment({ purpose: 'tip', object_id: 9, amount: 500_00 }))).toBe('/order/9/tip?tip=500');
    expect(retryHref(payment({ purpose: 'replenish', object_id: null }))).toBe('/payments/replenish');
    expect(retryHref(payment({ purpose: 'certificate', object_id: 3 }))).toBe('/certificate/3/pay');
    expect(retryHref(payment({ purpose: 'order', object_id: null }))).toBe('/payments/pay');
  });

  it('asks nothing for a visitor, whatever the address says', async () => {
    renderResult('success', false, 41);
    await screen.findByRole('link', { name: 'Войти' });
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('offers to sign in when the visitor is not authenticated', async () => {
    renderResult('success', false);
    expect(await screen.findByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'К платежам' })).not.toBeInTheDocument();
  });
});
