import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { openProviderPage } from '../provider-page';
import { renderPay, serve } from '../test-render';
import { fakePayServer } from '../test-server';
import ReplenishTab from './replenish-tab';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../provider-page', () => ({ openProviderPage: vi.fn() }));

const open = () => renderPay(<ReplenishTab />, '/payments/replenish', '/payments/replenish');

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(openProviderPage).mockReset();
});

describe('/payments/replenish', () => {
  it('tops up by the chosen method, never from the balance, and goes to the provider', async () => {
    const server = serve(fakePayServer());
    open();
    const field = await screen.findByRole('textbox', { name: /Сумма пополнения/ });
    await userEvent.type(field, '2500');
    const methods = await screen.findByRole('radiogroup', { name: /Способ оплаты/ });
    expect(within(methods).queryByRole('radio', { name: 'С баланса' })).not.toBeInTheDocument();
    await userEvent.click(within(methods).getByRole('radio', { name: 'СБП' }));
    await userEvent.click(screen.getByRole('button', { name: 'Пополнить' }));

    await waitFor(() => expect(openProviderPage).toHaveBeenCalledWith('http://localhost/test-bank/pay/501/'));
    const [post] = server.callsOf('POST', '/api/client/payments/pay/');
    expect(post?.body).toEqual({ purpose: 'replenish', amount: 2_500_00, payment_method: 'sbp' });
    expect(post?.key).toBeTruthy();
  });

  it('keeps the sum within 1…500 000 ₽', async () => {
    const server = serve(fakePayServer());
    open();
    const field = await screen.findByRole('textbox', { name: /Сумма пополнения/ });
    await userEvent.type(field, '500001');
    await userEvent.click(screen.getByRole('button', { name: 'Пополнить' }));
    expect(await screen.findByText('Сумма — от 1 до 500 000 ₽')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    expect(await screen.findByText('Сумма — от 1 до 500 000 ₽')).toBeInTheDocument();
    expect(server.callsOf('POST', '/api/client/payments/pay/')).toHaveLength(0);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    const server = serve(fakePayServer());
    server.fail(
      'POST /api/client/payments/pay/',
      ApiError.fromResponse(400, {
        detail: 'Неверный запрос',
        errors: { amount: ['Сумма слишком большая'] },
      }),
    );
    open();
    const field = await screen.findByRole('textbox', { name: /Сумма пополнения/ });
    await userEvent.type(field, '1000');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Банковская карта' })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Пополнить' }));
    expect(await screen.findByText('Сумма слишком большая')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный запрос');
    expect(field).toHaveValue('1000');
    expect(openProviderPage).not.toHaveBeenCalled();
  });
});
