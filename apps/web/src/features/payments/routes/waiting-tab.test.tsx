import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { openProviderPage } from '../provider-page';
import { renderPay, serve } from '../test-render';
import { fakePayServer, waitingPayment } from '../test-server';
import WaitingTab from './waiting-tab';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../provider-page', () => ({ openProviderPage: vi.fn() }));

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const open = (url = '/payments/pay') => renderPay(<WaitingTab />, '/payments/pay', url);
const rows = () =>
  within(screen.getByRole('list', { name: 'Платежи, ожидающие оплаты' })).getAllByRole('checkbox');

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(openProviderPage).mockReset();
});

describe('/payments/pay', () => {
  it('ticks every row by default, sums the selection and pays the ticked rows together', async () => {
    const server = serve(
      fakePayServer({
        waiting: [
          waitingPayment(1, { amount: 1_000_00 }),
          waitingPayment(2, { amount: 2_500_00 }),
          waitingPayment(3, { amount: 500_00 }),
        ],
      }),
    );
    open();
    expect(
      await screen.findByRole('checkbox', { name: 'Оплатить: Заказ №101: Реферат «Тема 1»' }),
    ).toBeChecked();
    expect(rows().every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(plain(screen.getByText(/^Выбрано/).textContent)).toBe('Выбрано 3 платежа на 4 000 ₽');

    await userEvent.click(screen.getByRole('checkbox', { name: /Тема 2/ }));
    expect(plain(screen.getByText(/^Выбрано/).textContent)).toBe('Выбрано 2 платежа на 1 500 ₽');
    expect(screen.getByRole('checkbox', { name: 'Выбрать все на странице' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await waitFor(() =>
      expect(server.callsOf('GET', '/api/client/payments/methods/?purpose=order&amount=150000')).toHaveLength(
        1,
      ),
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Банковская карта' })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Оплатить выбранные' }));

    await waitFor(() => expect(openProviderPage).toHaveBeenCalledTimes(1));
    const [post] = server.callsOf('POST', '/api/client/payments/pay-many/');
    expect(post?.body).toEqual({ pay_ids: [1, 3], payment_method: 'bank_card' });
    expect(post?.key).toBeTruthy();
  });

  it('cannot pay with nothing ticked, and says why', async () => {
    const server = serve(fakePayServer({ waiting: [waitingPayment(1), waitingPayment(2)] }));
    open();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать все на странице' }));
    expect(rows().some((box) => (box as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByRole('button', { name: 'Оплатить выбранные' })).toBeDisabled();
    expect(screen.getAllByText('Отметьте платежи, которые хотите оплатить').length).toBeGreaterThan(0);
    expect(server.callsOf('POST', '/api/client/payments/pay-many/')).toHaveLength(0);
  });

  it('pays the selection from the balance at once and lands on /payment?status=success', async () => {
    serve(fakePayServer({ waiting: [waitingPayment(1, { amount: 1_000_00 })] }));
    const { router } = open();
    await userEvent.click(await screen.findByRole('radio', { name: 'С баланса' }));
    await userEvent.click(screen.getByRole('button', { name: 'Оплатить выбранные' }));
    expect(await screen.findByText('route:/payment')).toBeInTheDocument();
    // The result screen looks the payment up by its id, to name it.
    expect(router.state.location.search).toBe('?status=success&pay_id=501');
  });

  it('says what to do when nothing awaits payment', async () => {
    serve(fakePayServer({ waiting: [] }));
    open();
    expect(await screen.findByText(/Платежей, ожидающих оплаты, нет/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К заказам' })).toHaveAttribute('href', '/home/active');
  });

  it('pages through the list with the page in the address', async () => {
    const server = serve(
      fakePayServer({ waiting: Array.from({ length: 25 }, (_, i) => waitingPayment(i + 1)) }),
    );
    const { router } = open();
    expect(await screen.findByRole('checkbox', { name: /Тема 1»/ })).toBeInTheDocument();
    expect(rows()).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'Страницы платежей' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByRole('checkbox', { name: /Тема 25»/ })).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
    expect(router.state.location.search).toBe('?page=2');
    expect(server.callsOf('GET', '/api/client/payments/waiting/?page=2&page_size=20')).toHaveLength(1);
  });
});
