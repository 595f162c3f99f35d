import type { PacketWaiting } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { openProviderPage } from '../provider-page';
import { renderPay, serve } from '../test-render';
import { fakePayServer } from '../test-server';
import PacketPayPage from './packet-pay-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../provider-page', () => ({ openProviderPage: vi.fn() }));

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const packet: PacketWaiting = {
  id: 3,
  title: 'Пакет «Диплом под ключ»',
  orders: [
    { id: 11, title: 'Дипломная работа', price: 20_000_00, paid: 0 },
    { id: 12, title: 'Презентация', price: 2_000_00, paid: 0 },
  ],
  amount: 22_000_00,
};
const open = (id = 3) => renderPay(<PacketPayPage />, '/pay-packet/:id', `/pay-packet/${id}`);

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(openProviderPage).mockReset();
});

describe('/pay-packet/{id}', () => {
  it('lists the packet’s orders and their sum, and pays them in one payment', async () => {
    const server = serve(fakePayServer({ packets: [packet] }));
    open();
    expect(await screen.findByRole('heading', { name: 'Оплата пакета заказов' })).toBeInTheDocument();
    expect(screen.getByText('Пакет «Диплом под ключ»')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Заказы пакета' });
    expect(within(table).getByRole('rowheader', { name: 'Заказ №11: Дипломная работа' })).toBeInTheDocument();
    expect(plain(within(table).getByRole('row', { name: /Итого к оплате/ }).textContent)).toContain(
      '22 000 ₽',
    );

    // 22 000 ₽ is above the installments' minimum: the server offers them.
    await userEvent.click(await screen.findByRole('radio', { name: 'Оплата частями' }));
    await userEvent.click(
      screen.getByRole('button', { name: (name) => plain(name) === 'Оплатить 22 000 ₽' }),
    );
    await waitFor(() => expect(openProviderPage).toHaveBeenCalledTimes(1));
    const [post] = server.callsOf('POST', '/api/client/payments/pay/');
    expect(post?.body).toEqual({ purpose: 'packet', object_id: 3, payment_method: 'yookassa_installments' });
    expect(post?.key).toBeTruthy();
    expect(
      server.callsOf('GET', '/api/client/payments/methods/?purpose=packet&amount=2200000'),
    ).not.toHaveLength(0);
  });

  it('pays from the balance at once and lands on /payment?status=success', async () => {
    serve(
      fakePayServer({ packets: [{ ...packet, amount: 3_000_00 }], finances: { money: 5_000_00, bonus: 0 } }),
    );
    const { router } = open();
    await userEvent.click(await screen.findByRole('radio', { name: 'С баланса' }));
    await userEvent.click(screen.getByRole('button', { name: /Оплатить/ }));
    expect(await screen.findByText('route:/payment')).toBeInTheDocument();
    // The result screen looks the payment up by its id, to name it.
    expect(router.state.location.search).toBe('?status=success&pay_id=501');
  });

  it('goes to the not-found page for a packet that is not the customer’s', async () => {
    serve(fakePayServer({ packets: [packet] }));
    open(99);
    expect(await screen.findByText('route:/404')).toBeInTheDocument();
  });

  it('offers a retry when the packet cannot be loaded for another reason', async () => {
    const server = serve(fakePayServer({ packets: [packet] }));
    server.fail('GET /api/client/payments/orders-packet-waiting/3/', ApiError.noResponse());
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Оплата пакета заказов' })).toBeInTheDocument();
  });
});
