import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import { serve } from '../test-render';
import { fakePayServer, payableOrder, waitingPayment } from '../test-server';
import OrderPayPage from './order-pay-page';
import OrderTipPage from './order-tip-page';
import PacketPayPage from './packet-pay-page';
import ReplenishTab from './replenish-tab';
import WaitingTab from './waiting-tab';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

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

const server = () =>
  fakePayServer({
    orders: [
      payableOrder(7),
      payableOrder(8, {
        status: { id: 7, title: 'Выполнен' },
        paid: 6_000_00,
        author: { id: 41, name: 'Автор Иван', rating: { value: 4.8, count: 12 } },
      }),
    ],
    finances: { money: 1_000_00, bonus: 300_00 },
    waiting: Array.from({ length: 22 }, (_, i) => waitingPayment(i + 1)),
    packets: [
      {
        id: 3,
        title: 'Пакет «Диплом под ключ»',
        orders: [{ id: 11, title: 'Дипломная работа', price: 20_000_00, paid: 0 }],
        amount: 20_000_00,
      },
    ],
  });

const screens: Array<[string, ReactElement, string, string]> = [
  ['order pay', <OrderPayPage />, '/order/:id/pay', '/order/7/pay'],
  ['tip', <OrderTipPage />, '/order/:id/tip', '/order/8/tip?tip=300'],
  ['packet', <PacketPayPage />, '/pay-packet/:id', '/pay-packet/3'],
  ['waiting', <WaitingTab />, '/payments/pay', '/payments/pay'],
  ['replenish', <ReplenishTab />, '/payments/replenish', '/payments/replenish'],
];

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe.each(['light', 'dark'] as const)('the pay screens to a screen reader (axe, %s)', (colorScheme) => {
  it.each(screens)('%s has no violations once its methods are in', async (_, element, path, url) => {
    serve(server());
    renderRoute(element, { path, url, colorScheme });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Банковская карта' })).toBeChecked(), {
      timeout: 5000,
    });
    expect(await violations()).toEqual([]);
  });
});

it('a refused form says so to a screen reader and has no violations', async () => {
  serve(server());
  renderRoute(<ReplenishTab />, { path: '/payments/replenish', url: '/payments/replenish' });
  await userEvent.click(await screen.findByRole('button', { name: 'Пополнить' }));
  const field = await screen.findByRole('textbox', { name: /Сумма пополнения/ });
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  expect(field).toHaveAccessibleDescription('Укажите сумму');
  expect(await violations()).toEqual([]);
});
