import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { openProviderPage } from '../provider-page';
import { renderPay, serve } from '../test-render';
import { fakePayServer, payableOrder } from '../test-server';
import OrderPayPage from './order-pay-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../provider-page', () => ({ openProviderPage: vi.fn() }));

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const open = (id = 7) => renderPay(<OrderPayPage />, '/order/:id/pay', `/order/${id}/pay`);
const payButton = (sum: string) =>
  screen.findByRole('button', { name: (name) => plain(name) === `Оплатить ${sum}` });
const methodNames = () =>
  within(screen.getByRole('radiogroup', { name: /Способ оплаты/ }))
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('value'));

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(openProviderPage).mockReset();
});

describe('/order/{id}/pay', () => {
  it('shows the sum and pays by card on the provider page, with an Idempotency-Key', async () => {
    const server = serve(fakePayServer());
    open();
    expect(await screen.findByRole('heading', { name: 'Оплата заказа №7' })).toBeInTheDocument();
    expect(screen.getByText('Курсовая работа: «Маркетинг малого бизнеса»')).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Сумма' });
    expect(plain(within(summary).getByRole('row', { name: /Стоимость/ }).textContent)).toContain('6 000 ₽');
    expect(plain(within(summary).getByRole('row', { name: /К оплате/ }).textContent)).toContain('6 000 ₽');

    const card = await screen.findByRole('radio', { name: 'Банковская карта' });
    await waitFor(() => expect(card).toBeChecked());
    await userEvent.click(await payButton('6 000 ₽'));

    await waitFor(() => expect(openProviderPage).toHaveBeenCalledWith('http://localhost/test-bank/pay/501/'));
    const [post] = server.callsOf('POST', '/api/client/payments/pay/');
    expect(post?.body).toEqual({ purpose: 'order', object_id: 7, payment_method: 'bank_card', part: 'full' });
    expect(post?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the price before discounts, each discount the order keeps by name, then «К оплате»', async () => {
    const order = payableOrder(7, {
      cost: 5_200_00,
      discount: 1_040_00,
      price: 4_160_00,
      discounts: [
        { kind: 'first_order', name: 'Скидка на первый заказ', percent: 10, fixed: null, amount: 520_00 },
        { kind: 'promo', name: 'Промокод STUDENT10', percent: 10, fixed: null, amount: 520_00 },
      ],
    });
    serve(fakePayServer({ orders: [order] }));
    open();
    const summary = await screen.findByRole('table', { name: 'Сумма' });
    expect(
      within(summary)
        .getAllByRole('row')
        .map((row) => plain(row.textContent)),
    ).toEqual([
      'Цена без скидок5 200 ₽',
      'Скидка на первый заказ (10 %)−520 ₽',
      'Промокод STUDENT10 (10 %)−520 ₽',
      'Осталось оплатить4 160 ₽',
      'К оплате4 160 ₽',
    ]);
    expect(await payButton('4 160 ₽')).toBeInTheDocument();
  });

  it('pays from the balance at once, refreshes the money and lands on /payment?status=success', async () => {
    const server = serve(fakePayServer({ finances: { money: 7_000_00, bonus: 0 } }));
    const { router } = open();
    await userEvent.click(await screen.findByRole('radio', { name: 'С баланса' }));
    const financesReads = () => server.callsOf('PATCH', '/api/client/profile/status/').length;
    const before = financesReads();
    await userEvent.click(await payButton('6 000 ₽'));
    expect(await screen.findByText('route:/payment')).toBeInTheDocument();
    // The result screen looks the payment up by its id, to name it.
    expect(router.state.location.search).toBe('?status=success&pay_id=501');
    expect(server.state.finances.money).toBe(1_000_00);
    expect(financesReads()).toBeGreaterThan(before);
    expect(openProviderPage).not.toHaveBeenCalled();
  });

  it('disables the balance with the server’s reason when it is short', async () => {
    serve(fakePayServer({ finances: { money: 1_000_00, bonus: 0 } }));
    open();
    const balance = await screen.findByRole('radio', { name: 'С баланса' });
    expect(balance).toBeDisabled();
    expect(screen.getByText('На балансе недостаточно средств')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Банковская карта' })).toBeEnabled();
  });

  it('offers installments only while the server does: from 3 000 ₽', async () => {
    const server = serve(fakePayServer());
    open();
    expect(await screen.findByRole('radio', { name: 'Оплата частями' })).toBeInTheDocument();

    // Half of 6 000 ₽ is 3 000 ₽: still offered.
    await userEvent.click(screen.getByRole('radio', { name: /Оплатить половину/ }));
    expect(await payButton('3 000 ₽')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsOf('GET', '/api/client/payments/methods/?purpose=order&amount=300000')).toHaveLength(
        1,
      ),
    );
    expect(screen.getByRole('radio', { name: 'Оплата частями' })).toBeInTheDocument();

    // With 300 ₽ of bonuses it is 2 700 ₽: the server no longer offers them.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Списать бонусы' }));
    expect(await payButton('2 700 ₽')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: 'Оплата частями' })).not.toBeInTheDocument(),
    );
    expect(methodNames()).toEqual(['bank_card', 'sbp', 'yoo_money', 'balance']);
    const summary = screen.getByRole('table', { name: 'Сумма' });
    expect(plain(within(summary).getByRole('row', { name: /Бонусами/ }).textContent)).toContain('−300 ₽');
  });

  it('sends the half and the bonuses, and shows the server’s 400 keeping the choice', async () => {
    const server = serve(fakePayServer());
    server.fail(
      'POST /api/client/payments/pay/',
      ApiError.fromResponse(400, { detail: 'Этот заказ можно оплатить только целиком' }),
    );
    open();
    await userEvent.click(await screen.findByRole('radio', { name: /Оплатить половину/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Списать бонусы' }));
    await userEvent.click(await payButton('2 700 ₽'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Этот заказ можно оплатить только целиком');
    expect(screen.getByRole('radio', { name: /Оплатить половину/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Списать бонусы' })).toBeChecked();
    expect(server.callsOf('POST', '/api/client/payments/pay/')[0]?.body).toEqual({
      purpose: 'order',
      object_id: 7,
      payment_method: 'bank_card',
      part: 'half',
      bonus: 300_00,
    });
    expect(openProviderPage).not.toHaveBeenCalled();
  });

  it('caps the bonuses at the share the server sets (BONUS_MAX_PERCENT, told by methods/)', async () => {
    const server = serve(fakePayServer({ bonusMaxPercent: 2 }));
    open();
    const bonus = await screen.findByRole('checkbox', { name: 'Списать бонусы' });
    expect(screen.getByText(/не больше 2 % стоимости заказа/)).toBeInTheDocument();
    await userEvent.click(bonus);
    await userEvent.click(await payButton('5 880 ₽'));
    await waitFor(() => expect(openProviderPage).toHaveBeenCalledTimes(1));
    expect(server.callsOf('POST', '/api/client/payments/pay/')[0]?.body).toMatchObject({ bonus: 120_00 });
  });

  it('keeps the Idempotency-Key for a retry after the network failed, and takes a new one after an answer', async () => {
    const server = serve(fakePayServer());
    server.fail('POST /api/client/payments/pay/', ApiError.noResponse());
    open();
    await userEvent.click(await payButton('6 000 ₽'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер не отвечает');
    await userEvent.click(await payButton('6 000 ₽'));
    await waitFor(() => expect(openProviderPage).toHaveBeenCalledTimes(1));

    const keys = server.callsOf('POST', '/api/client/payments/pay/').map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('takes a fresh key when the request changes after a refusal', async () => {
    const server = serve(fakePayServer());
    server.fail(
      'POST /api/client/payments/pay/',
      ApiError.fromResponse(409, { detail: 'На балансе недостаточно средств' }),
    );
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'С баланса' }));
    await userEvent.click(await payButton('6 000 ₽'));
    expect(await screen.findByRole('alert')).toHaveTextContent('На балансе недостаточно средств');
    await userEvent.click(screen.getByRole('radio', { name: 'Банковская карта' }));
    await userEvent.click(await payButton('6 000 ₽'));
    await waitFor(() => expect(openProviderPage).toHaveBeenCalledTimes(1));
    const keys = server.callsOf('POST', '/api/client/payments/pay/').map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('does not offer half below 2 000 ₽ or once something is paid', async () => {
    serve(
      fakePayServer({ orders: [payableOrder(7, { price: 1_500_00 }), payableOrder(8, { paid: 3_000_00 })] }),
    );
    const first = open(7);
    expect(await payButton('1 500 ₽')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Оплатить половину/ })).not.toBeInTheDocument();
    first.unmount();
    open(8);
    expect(await payButton('3 000 ₽')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Оплатить половину/ })).not.toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Сумма' });
    expect(plain(within(summary).getByRole('row', { name: /Уже оплачено/ }).textContent)).toContain(
      '3 000 ₽',
    );
  });

  it('says why an order that does not await payment cannot be paid, with a way back', async () => {
    serve(
      fakePayServer({
        orders: [payableOrder(7, { status: { id: 3, title: 'Оплачен, подбираем автора' }, paid: 6_000_00 })],
      }),
    );
    open();
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Этот заказ сейчас нельзя оплатить');
    expect(note).toHaveTextContent('Статус заказа: «Оплачен, подбираем автора».');
    expect(within(note).getByRole('link', { name: 'Вернуться к заказу' })).toHaveAttribute(
      'href',
      '/order/7/chat',
    );
    expect(screen.queryByRole('button', { name: /Оплатить/ })).not.toBeInTheDocument();
  });
});
