import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../shared/ui/test-utils';
import PaymentResultPage from './payment-result-page';

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
