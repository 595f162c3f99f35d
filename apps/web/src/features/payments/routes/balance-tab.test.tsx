import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderPayments } from '../test-money-render';
import { fakeMoneyServer, movement } from '../test-money-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

function serve(server: ReturnType<typeof fakeMoneyServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

const verified = { success: true, verified: true, status: 'verified' as const, phone: '+7 *** ***-45-67' };

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the balance tab', () => {
  it('shows money, bonus and the signed movements, paged through the address', async () => {
    const movements = [
      movement(30, { kind: 'balance_payment', title: 'Оплата заказа №12 с баланса', money: -1_500_50 }),
      movement(29, { kind: 'bonus_accrual', title: 'Бонусы за заказ №11', money: 0, bonus: 150_00 }),
      ...Array.from({ length: 20 }, (_, i) => movement(28 - i)),
    ];
    const server = serve(fakeMoneyServer({ money: 5_063_00, bonus: 300_00, movements }));
    const { router } = renderPayments('/payments/balance');

    const finances = await screen.findByRole('region', { name: 'Деньги и бонусы' });
    expect(within(finances).getByText('5 063 ₽')).toBeInTheDocument();
    expect(within(finances).getByText('300 бонусов')).toBeInTheDocument();

    const list = screen.getByRole('region', { name: 'Движение средств' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByText('Оплата заказа №12 с баланса')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('−1 500,50 ₽')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('20 ноября 2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+150 бонусов')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('+1 000 ₽')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(server.callsOf('GET', 'balance/').at(-1)?.query.get('page')).toBe('2');
  });

  it('says what to do when there were no movements, and offers a retry when the load fails', async () => {
    const server = serve(fakeMoneyServer({ movements: [] }));
    server.fail('GET /api/client/payments/balance/', ApiError.fromResponse(500, { detail: 'Сбой' }));
    renderPayments('/payments/balance');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Сбой')).toBeInTheDocument();
    server.heal('GET /api/client/payments/balance/');
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText(/Движений по балансу пока не было/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Пополнить баланс' })).toHaveAttribute(
      'href',
      '/payments/replenish',
    );
  });
});

describe('the phone confirmation', () => {
  it('sends a code, says a wrong one is wrong, and a right one confirms the phone', async () => {
    const server = serve(fakeMoneyServer());
    renderPayments('/payments/balance');
    const block = await screen.findByRole('region', { name: 'Подтверждение телефона' });
    await userEvent.click(within(block).getByRole('button', { name: 'Подтвердить телефон' }));

    expect(await within(block).findByText('Код отправлен на +7 *** ***-45-67.')).toBeInTheDocument();
    expect(server.callsOf('POST', 'verificate-code/repayment/')).toHaveLength(1);
    expect(server.callsOf('POST', 'verificate-code/repayment/')[0]?.init.handlesTooManyRequests).toBe(true);
    const code = within(block).getByLabelText(/Код из SMS/);
    // Focus moves in an effect after the render: wait for it.
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await userEvent.type(code, '12');
    await userEvent.click(within(block).getByRole('button', { name: 'Подтвердить' }));
    expect(
      await within(block).findByText('6 цифр', { selector: '.mantine-TextInput-error' }),
    ).toBeInTheDocument();
    expect(server.callsOf('PATCH', 'verificate-code/repayment/')).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(within(block).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(block).findByText('Неверный код')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(block).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(block).findByText(/Телефон подтверждён — можно выводить/)).toBeInTheDocument();
    expect(server.callsOf('PATCH', 'verificate-code/repayment/').at(-1)?.body).toEqual({ code: '123456' });
    // The status was read again after the confirmation.
    expect(server.callsOf('GET', 'verification-status/repayment/').length).toBeGreaterThanOrEqual(2);
  });

  it('lets a new code go only after 60 s, counting down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = serve(fakeMoneyServer());
    renderPayments('/payments/balance');
    const block = await screen.findByRole('region', { name: 'Подтверждение телефона' });
    await user.click(within(block).getByRole('button', { name: 'Подтвердить телефон' }));

    const resend = await within(block).findByRole('button', { name: /Отправить код ещё раз через \d+ с/ });
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(
      within(block).getByRole('button', { name: /Отправить код ещё раз через (29|30|31) с/ }),
    ).toBeDisabled();
    act(() => vi.advanceTimersByTime(31_000));
    const again = within(block).getByRole('button', { name: 'Отправить код ещё раз' });
    expect(again).toBeEnabled();
    await user.click(again);
    await waitFor(() => expect(server.callsOf('POST', 'verificate-code/repayment/')).toHaveLength(2));
    expect(
      await within(block).findByRole('button', { name: /Отправить код ещё раз через \d+ с/ }),
    ).toBeDisabled();
  });

  it('says when a new code may be asked for after a 429, without leaving the screen', async () => {
    const server = serve(fakeMoneyServer());
    server.fail(
      'POST /api/client/payments/verificate-code/repayment/',
      ApiError.fromResponse(429, { detail: 'Новый код можно запросить через минуту' }),
    );
    renderPayments('/payments/balance');
    const block = await screen.findByRole('region', { name: 'Подтверждение телефона' });
    await userEvent.click(within(block).getByRole('button', { name: 'Подтвердить телефон' }));
    expect(await within(block).findByText('Новый код можно запросить через минуту')).toBeInTheDocument();
    // The code sent before can still be typed in; a new one waits.
    expect(within(block).getByLabelText(/Код из SMS/)).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: /Отправить код ещё раз через \d+ с/ })).toBeDisabled();
  });

  it('asks for the phone inside the flow when the profile has none', async () => {
    const server = serve(
      fakeMoneyServer({
        verification: { success: true, verified: false, status: 'unverified', phone: null },
      }),
    );
    renderPayments('/payments/balance');
    const block = await screen.findByRole('region', { name: 'Подтверждение телефона' });
    await userEvent.click(within(block).getByRole('button', { name: 'Подтвердить телефон' }));
    const phone = await within(block).findByLabelText(/Номер телефона/);
    // Focus moves in an effect after the render: wait for it.
    await waitFor(() => expect(phone).toHaveFocus());
    expect(server.callsOf('POST', 'verificate-code/repayment/')).toHaveLength(0);

    await userEvent.type(phone, '916123');
    await userEvent.click(within(block).getByRole('button', { name: 'Получить код' }));
    expect(await within(block).findByText('Введите номер целиком: +7 и 10 цифр')).toBeInTheDocument();

    await userEvent.type(phone, '4567');
    await userEvent.click(within(block).getByRole('button', { name: 'Получить код' }));
    expect(await within(block).findByText('Код отправлен на +7 (916) 123-45-67.')).toBeInTheDocument();
    expect(server.callsOf('POST', 'verificate-code/repayment/')[0]?.body).toEqual({
      phone: '+7 (916) 123-45-67',
    });
  });
});

describe('the way back of money', () => {
  it('a 403 on a payout reads the confirmation again and shows it instead of the form', async () => {
    const server = serve(fakeMoneyServer({ verification: verified }));
    renderPayments('/payments/balance');
    await userEvent.click(await screen.findByRole('button', { name: 'Вернуть на карту' }));
    const form = await screen.findByRole('region', { name: 'Вернуть на карту' });
    await userEvent.type(within(form).getByLabelText(/Сумма, ₽/), '1500');
    await userEvent.type(within(form).getByLabelText(/Номер карты/), '4111111111111111');
    await userEvent.type(within(form).getByLabelText(/Имя получателя/), 'ANNA DEMIDOVA');
    await userEvent.click(within(form).getByRole('button', { name: 'Продолжить' }));
    const confirm = await within(form).findByRole('button', { name: 'Подтвердить вывод' });
    expect(within(form).getByText('Вывести 1 500 ₽ на карту •••• 1111?')).toBeInTheDocument();

    // Meanwhile the confirmation lapsed on the server.
    server.state.verification = { ...verified, verified: false, status: 'unverified' };
    const statusReads = server.callsOf('GET', 'verification-status/repayment/').length;
    await userEvent.click(confirm);

    const block = await screen.findByRole('region', { name: 'Подтверждение телефона' });
    expect(await within(block).findByRole('button', { name: 'Подтвердить телефон' })).toBeInTheDocument();
    expect(server.callsOf('GET', 'verification-status/repayment/').length).toBeGreaterThan(statusReads);
    expect(screen.queryByRole('region', { name: 'Вернуть на карту' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Подтвердите номер телефона кодом из SMS').length).toBeGreaterThan(0);
    const post = server.callsOf('POST', 'repayment/')[0];
    expect(post?.body).toEqual({
      amount: 1_500_00,
      card_number: '4111111111111111',
      recipient_name: 'ANNA DEMIDOVA',
      country: 'RU',
    });
    expect(post?.init.headers?.['Idempotency-Key']).toMatch(/\S{8,}/);
  });

  it('shows the storno plan with every row checked and executes it', async () => {
    const server = serve(fakeMoneyServer({ money: 5_000_00 }));
    renderPayments('/payments/balance');
    await userEvent.click(await screen.findByRole('button', { name: 'Возврат платежей' }));
    const panel = await screen.findByRole('region', { name: 'Возврат платежей' });
    const amount = within(panel).getByLabelText(/Сколько вернуть/);

    await userEvent.type(amount, '6000');
    await userEvent.click(within(panel).getByRole('button', { name: 'Рассчитать' }));
    expect(await within(panel).findByText('На балансе недостаточно средств')).toBeInTheDocument();
    expect(server.callsOf('GET', 'refund-storno/')).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '1500');
    await userEvent.click(within(panel).getByRole('button', { name: 'Рассчитать' }));
    const plan = await within(panel).findByRole('group', { name: 'Что вернём' });
    expect(server.callsOf('GET', 'refund-storno/')[0]?.query.get('refund_sum')).toBe('150000');
    const rows = within(plan).getAllByRole('checkbox');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toBeChecked();
    expect(within(plan).getByLabelText('Заказ №12: Эссе — 1 000 ₽')).toBeInTheDocument();
    expect(within(plan).getByLabelText('Заказ №11: Курсовая — 500 ₽')).toBeInTheDocument();

    // An unchecked row is not a storno any more: the claim is offered instead.
    await userEvent.click(rows[1]!);
    expect(within(plan).queryByRole('button', { name: /^Вернуть/ })).not.toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Подать заявление по отмеченным' })).toBeEnabled();
    await userEvent.click(rows[1]!);

    await userEvent.click(within(plan).getByRole('button', { name: /^Вернуть 1\s500\s₽$/ }));
    expect(await screen.findByText(/Возврат оформлен/)).toBeInTheDocument();
    const post = server.callsOf('POST', 'refund-storno/')[0];
    expect(post?.body).toEqual({ refund_sum: 1_500_00 });
    expect(post?.init.headers?.['Idempotency-Key']).toBeTruthy();
    // The balance was read again after the money moved.
    const finances = screen.getByRole('region', { name: 'Деньги и бонусы' });
    expect(await within(finances).findByText('3 500 ₽')).toBeInTheDocument();
  });

  it('turns the unchecked plan into a refund claim with a reason', async () => {
    const server = serve(fakeMoneyServer({ verification: verified }));
    renderPayments('/payments/balance');
    await userEvent.click(await screen.findByRole('button', { name: 'Возврат платежей' }));
    const panel = await screen.findByRole('region', { name: 'Возврат платежей' });
    await userEvent.type(within(panel).getByLabelText(/Сколько вернуть/), '1500');
    await userEvent.click(within(panel).getByRole('button', { name: 'Рассчитать' }));
    const plan = await within(panel).findByRole('group', { name: 'Что вернём' });
    await userEvent.click(within(plan).getByLabelText('Заказ №11: Курсовая — 500 ₽'));
    await userEvent.click(within(plan).getByRole('button', { name: 'Подать заявление по отмеченным' }));

    const claim = await screen.findByRole('region', { name: 'Заявление на возврат' });
    expect(within(claim).getByLabelText(/Сумма, ₽/)).toHaveValue('1000');
    expect(within(claim).getByText('Платежей в заявлении: 1')).toBeInTheDocument();
    await userEvent.type(within(claim).getByLabelText(/Причина возврата/), 'Работа не понадобилась');
    await userEvent.click(within(claim).getByRole('button', { name: 'Отправить заявление' }));
    expect(await screen.findByText(/Заявление отправлено/)).toBeInTheDocument();
    expect(server.callsOf('POST', 'refund-claim/')[0]?.body).toEqual({
      amount: 1_000_00,
      reason: 'Работа не понадобилась',
      pay_ids: [12],
    });
  });
});
