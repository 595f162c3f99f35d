import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderPayments, renderWithdraw } from '../test-money-render';
import { fakeMoneyServer, payment } from '../test-money-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

const verified = { success: true, verified: true, status: 'verified' as const, phone: '+7 *** ***-45-67' };

function serve(server: ReturnType<typeof fakeMoneyServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

/**
 * The structural axe rules (names, labels, headings); contrast is the browser scan's, and the
 * `region` rule the cabinet layout's, whose <main> holds these screens.
 */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the money screens to a screen reader (axe)', () => {
  it('the balance with the code step and the storno plan', async () => {
    serve(fakeMoneyServer());
    renderPayments('/payments/balance');
    const block = await screen.findByRole('region', { name: 'Подтверждение телефона' });
    await userEvent.click(within(block).getByRole('button', { name: 'Подтвердить телефон' }));
    await within(block).findByLabelText(/Код из SMS/);
    await userEvent.click(screen.getByRole('button', { name: 'Возврат платежей' }));
    const panel = await screen.findByRole('region', { name: 'Возврат платежей' });
    await userEvent.type(within(panel).getByLabelText(/Сколько вернуть/), '1500');
    await userEvent.click(within(panel).getByRole('button', { name: 'Рассчитать' }));
    await within(panel).findByRole('group', { name: 'Что вернём' });
    expect(await violations()).toEqual([]);
  });

  it('the history with its filters, and /withdraw', async () => {
    serve(
      fakeMoneyServer({ history: [payment(1), payment(2, { status: 'canceled' })], verification: verified }),
    );
    const history = renderPayments('/payments/history?purpose=order');
    await screen.findAllByRole('listitem');
    expect(await violations()).toEqual([]);
    history.unmount();

    renderWithdraw('/withdraw?amountInit=500');
    await screen.findByRole('region', { name: 'Вернуть на карту' });
    expect(await violations()).toEqual([]);
  });
});
