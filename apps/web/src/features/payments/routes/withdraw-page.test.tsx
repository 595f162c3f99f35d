import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderWithdraw } from '../test-money-render';
import { fakeMoneyServer } from '../test-money-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

function serve(server: ReturnType<typeof fakeMoneyServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

const verified = { success: true, verified: true, status: 'verified' as const, phone: '+7 *** ***-45-67' };

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

async function fillCard(form: HTMLElement) {
  await userEvent.type(within(form).getByLabelText(/Номер карты/), '2200 1234 5678 9012');
  await userEvent.type(within(form).getByLabelText(/Имя получателя/), 'Анна Демидова');
  await userEvent.selectOptions(within(form).getByLabelText(/Страна банка карты/), 'Казахстан');
}

describe('/withdraw', () => {
  it('pre-fills the amount from amountInit (roubles), shows the limits, and pays out once asked', async () => {
    const server = serve(fakeMoneyServer({ money: 5_000_00, verification: verified }));
    const { router } = renderWithdraw('/withdraw?amountInit=1500.5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вывод средств' })).toBeInTheDocument();
    const form = await screen.findByRole('region', { name: 'Вернуть на карту' });
    const amount = within(form).getByLabelText(/Сумма, ₽/);
    expect(amount).toHaveValue('1500,50');
    expect(
      await within(form).findByText(/Доступно: 5\s000\s₽ · От 100\s₽ до 500\s000\s₽/),
    ).toBeInTheDocument();

    await fillCard(form);
    expect(within(form).getByLabelText(/Номер карты/)).toHaveValue('2200 1234 5678 9012');
    await userEvent.click(within(form).getByRole('button', { name: 'Продолжить' }));
    const confirm = await within(form).findByRole('button', { name: 'Подтвердить вывод' });
    // Focus moves in an effect after the render: wait for it.
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(server.callsOf('POST', 'repayment/')).toHaveLength(0);

    await userEvent.click(confirm);
    expect(await screen.findByText('route:/payments/balance')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payments/balance');
    const post = server.callsOf('POST', 'repayment/');
    expect(post).toHaveLength(1);
    expect(post[0]?.body).toEqual({
      amount: 1_500_50,
      card_number: '2200123456789012',
      recipient_name: 'Анна Демидова',
      country: 'KZ',
    });
    expect(post[0]?.init.headers?.['Idempotency-Key']).toBeTruthy();
  });

  it('checks the amount against the balance and the limits before anything is sent', async () => {
    const server = serve(fakeMoneyServer({ money: 5_000_00, verification: verified }));
    renderWithdraw('/withdraw?amountInit=7000');
    const form = await screen.findByRole('region', { name: 'Вернуть на карту' });
    await fillCard(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Продолжить' }));
    expect(await within(form).findByText('На балансе недостаточно средств')).toBeInTheDocument();
    const amount = within(form).getByLabelText(/Сумма, ₽/);
    // Focus moves in an effect after the render: wait for it.
    await waitFor(() => expect(amount).toHaveFocus());
    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    expect(await within(form).findByText(/Сумма — не меньше 100\s₽/)).toBeInTheDocument();
    expect(server.callsOf('POST', 'repayment/')).toHaveLength(0);
  });

  it('keeps the key for a retry after a lost answer, and shows the server’s refusal', async () => {
    const server = serve(fakeMoneyServer({ money: 5_000_00, verification: verified }));
    renderWithdraw('/withdraw?amountInit=1000');
    const form = await screen.findByRole('region', { name: 'Вернуть на карту' });
    await fillCard(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Продолжить' }));
    server.fail('POST /api/client/payments/repayment/', ApiError.noResponse());
    await userEvent.click(await within(form).findByRole('button', { name: 'Подтвердить вывод' }));
    expect(await within(form).findByText('Сервер не отвечает')).toBeInTheDocument();

    server.fail(
      'POST /api/client/payments/repayment/',
      ApiError.fromResponse(409, { detail: 'На балансе недостаточно средств' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Подтвердить вывод' }));
    expect(await within(form).findByText('На балансе недостаточно средств')).toBeInTheDocument();
    const keys = server.callsOf('POST', 'repayment/').map((c) => c.init.headers?.['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a confirmation that lapsed shows the phone confirmation in the form’s place', async () => {
    serve(fakeMoneyServer({ verification: { ...verified, verified: false, status: 'requested' } }));
    renderWithdraw('/withdraw?amountInit=1000');
    const block = await screen.findByRole('region', { name: 'Подтверждение телефона' });
    // A code was asked for before: it can be typed in at once.
    expect(within(block).getByLabelText(/Код из SMS/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Вернуть на карту' })).not.toBeInTheDocument();
  });
});
