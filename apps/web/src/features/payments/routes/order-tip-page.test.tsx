import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { openProviderPage } from '../provider-page';
import { renderPay, serve } from '../test-render';
import { fakePayServer, payableOrder } from '../test-server';
import OrderTipPage from './order-tip-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../provider-page', () => ({ openProviderPage: vi.fn() }));

const completed = payableOrder(7, {
  status: { id: 7, title: 'Выполнен' },
  paid: 6_000_00,
  author: { id: 41, name: 'Автор Иван', rating: { value: 4.8, count: 12 } },
});
const open = (query = '') => renderPay(<OrderTipPage />, '/order/:id/tip', `/order/7/tip${query}`);
const amountField = () => screen.findByRole('textbox', { name: /Сумма чаевых/ });

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(openProviderPage).mockReset();
});

describe('/order/{id}/tip', () => {
  it('pre-fills ?tip= in roubles and sends it in kopecks', async () => {
    const server = serve(fakePayServer({ orders: [completed] }));
    open('?tip=500');
    expect(await screen.findByRole('heading', { name: 'Чаевые автору заказа №7' })).toBeInTheDocument();
    expect(screen.getByText('Автор: Автор Иван')).toBeInTheDocument();
    expect(await amountField()).toHaveValue('500');
    expect(screen.getByRole('button', { name: '500 ₽' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Банковская карта' })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Оставить чаевые' }));

    await waitFor(() => expect(openProviderPage).toHaveBeenCalledTimes(1));
    const [post] = server.callsOf('POST', '/api/client/payments/pay/');
    expect(post?.body).toEqual({ purpose: 'tip', object_id: 7, amount: 500_00, payment_method: 'bank_card' });
    expect(post?.key).toBeTruthy();
  });

  it('fills the sum from a quick choice and asks the methods for it', async () => {
    const server = serve(fakePayServer({ orders: [completed] }));
    open();
    expect(await amountField()).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: '300 ₽' }));
    expect(await amountField()).toHaveValue('300');
    await waitFor(() =>
      expect(server.callsOf('GET', '/api/client/payments/methods/?purpose=tip&amount=30000')).toHaveLength(1),
    );
    // Installments are never offered for a tip.
    expect(screen.queryByRole('radio', { name: 'Оплата частями' })).not.toBeInTheDocument();
  });

  it('ignores a ?tip= that is not a whole number of roubles and checks the sum in Russian', async () => {
    const server = serve(fakePayServer({ orders: [completed] }));
    open('?tip=-5');
    const field = await amountField();
    expect(field).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Банковская карта' })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Оставить чаевые' }));
    expect(await screen.findByText('Укажите сумму')).toBeInTheDocument();
    // Focus moves in an effect after the render: wait for it.
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, '12.5');
    expect(await screen.findByText('Сумма — целое число рублей')).toBeInTheDocument();
    expect(server.callsOf('POST', '/api/client/payments/pay/')).toHaveLength(0);
  });

  it('shows a message instead of the form when the order is not completed or has no author', async () => {
    serve(fakePayServer({ orders: [payableOrder(7, { status: { id: 4, title: 'Автор пишет работу' } })] }));
    open('?tip=500');
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Чаевые можно оставить только автору выполненного заказа');
    expect(screen.getByRole('link', { name: 'Вернуться к заказу' })).toHaveAttribute('href', '/order/7/chat');
    expect(screen.queryByRole('button', { name: 'Оставить чаевые' })).not.toBeInTheDocument();
  });
});
