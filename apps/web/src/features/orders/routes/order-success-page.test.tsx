import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addAnalyticsSink, FIRST_ORDER_GOAL } from '../../../shared/analytics';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import OrderSuccessPage from './order-success-page';
import OrderWelcomePage from './order-welcome-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

const greeting = {
  id: 42,
  title: 'Курсовая работа',
  topic: 'Анализ финансовой устойчивости',
  status: { id: 1, title: 'Уточняем стоимость' },
  price: 450_000,
  is_first_order: true,
  packet_id: null,
};

/** As in the route table: the success screen carries the first-order flag (spec §2). */
function renderSuccess(firstOrderRoute = true) {
  return renderRoute(<Outlet />, {
    path: '/order/:id',
    url: '/order/42/success?source=form',
    children: [
      {
        path: 'success',
        element: <OrderSuccessPage />,
        handle: { title: 'Заказ оформлен', firstOrder: firstOrderRoute },
      },
    ],
  });
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe('OrderSuccessPage', () => {
  it('shows the placed order from success/ and records the first-order goal once', async () => {
    vi.mocked(apiFetch).mockResolvedValue(greeting);
    const sink = { hit: vi.fn(), goal: vi.fn() };
    const remove = addAnalyticsSink(sink);
    try {
      const first = renderSuccess();
      expect(await screen.findByRole('heading', { name: 'Заказ №42 оформлен' })).toBeInTheDocument();
      expect(screen.getByText('4 500 ₽')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Перейти к заказу' })).toHaveAttribute(
        'href',
        '/order/42/chat',
      );
      expect(screen.getByRole('link', { name: 'К списку заказов' })).toHaveAttribute('href', '/home/active');
      expect(vi.mocked(apiFetch).mock.calls[0]?.[0]).toBe('/api/client/orders/success/?id=42');
      expect(sink.goal).toHaveBeenCalledExactlyOnceWith(FIRST_ORDER_GOAL);
      first.unmount();

      renderSuccess();
      await screen.findByRole('heading', { name: 'Заказ №42 оформлен' });
      expect(sink.goal).toHaveBeenCalledTimes(1);
    } finally {
      remove();
    }
  });

  it('records nothing for a customer who has ordered before, nor off the flagged route', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ ...greeting, is_first_order: false });
    const sink = { hit: vi.fn(), goal: vi.fn() };
    const remove = addAnalyticsSink(sink);
    try {
      const view = renderSuccess();
      await screen.findByRole('heading', { name: 'Заказ №42 оформлен' });
      view.unmount();
      vi.mocked(apiFetch).mockResolvedValue(greeting);
      renderSuccess(false);
      await screen.findByRole('heading', { name: 'Заказ №42 оформлен' });
      expect(sink.goal).not.toHaveBeenCalled();
    } finally {
      remove();
    }
  });

  it('offers a retry when the data fails to load', async () => {
    vi.mocked(apiFetch).mockRejectedValueOnce(ApiError.fromResponse(404, { detail: 'Заказ не найден' }));
    renderSuccess();
    expect(await screen.findByRole('alert')).toHaveTextContent('Заказ не найден');
    vi.mocked(apiFetch).mockResolvedValue(greeting);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Заказ №42 оформлен' })).toBeInTheDocument();
  });
});

/** The next step and the main button of each status, by group: the customer's move first. */
const NEXT_BY_STATUS = [
  {
    group: 'attention',
    id: 2,
    title: 'Ожидает оплаты',
    step: /оплатите заказ/,
    button: 'Оплатить заказ',
    href: '/order/42/pay',
  },
  {
    group: 'attention',
    id: 5,
    title: 'Проверьте работу',
    step: /примите работу/,
    button: 'Проверить работу',
    href: '/order/42/files',
  },
  {
    group: 'progress',
    id: 1,
    title: 'Уточняем стоимость',
    step: /подтвердит стоимость/,
    button: 'Перейти к заказу',
    href: '/order/42/chat',
  },
  {
    group: 'progress',
    id: 4,
    title: 'Автор пишет работу',
    step: /пишет работу/,
    button: 'Открыть чат заказа',
    href: '/order/42/chat',
  },
  {
    group: 'done',
    id: 7,
    title: 'Выполнен',
    step: /заказ выполнен/,
    button: 'Открыть файлы',
    href: '/order/42/files',
  },
  {
    group: 'closed',
    id: 8,
    title: 'Отменён',
    step: /Заказ отменён/,
    button: 'Оформить новый заказ',
    href: '/order-new',
  },
  {
    group: 'closed',
    id: 16,
    title: 'Архивный заказ',
    step: /Заказ в архиве/,
    button: 'Открыть архив',
    href: '/home/archive',
  },
] as const;

describe('next steps follow the order’s real status', () => {
  it.each(NEXT_BY_STATUS)('$group, status $id: «$button»', async ({ id, title, step, button, href }) => {
    vi.mocked(apiFetch).mockResolvedValue({ ...greeting, status: { id, title } });
    renderSuccess();
    await screen.findByRole('heading', { name: 'Заказ №42 оформлен' });
    const steps = screen.getByRole('list');
    expect(steps).toHaveTextContent(step);
    // Only an order still being priced waits for the manager's price.
    expect(steps.textContent?.includes('подтвердит стоимость')).toBe(id === 1);
    expect(screen.getByText(title)).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAccessibleName(button);
    expect(links[0]).toHaveAttribute('href', href);
    // A trashed order has no screen of its own to go to; every other one is a click away.
    const toOrder = links.some((link) => link.getAttribute('href')?.startsWith('/order/42/'));
    expect(toOrder).toBe(id !== 16);
  });

  it('pays a packet as a whole on its own screen', async () => {
    vi.mocked(apiFetch).mockResolvedValue({
      ...greeting,
      packet_id: 3,
      status: { id: 2, title: 'Ожидает оплаты' },
    });
    renderSuccess();
    expect(await screen.findByRole('link', { name: 'Оплатить пакет' })).toHaveAttribute(
      'href',
      '/pay-packet/3',
    );
    expect(screen.queryByRole('link', { name: 'Оплатить заказ' })).not.toBeInTheDocument();
  });
});

describe('OrderWelcomePage', () => {
  it('greets with the data of welcome/ and its status’s next step', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ ...greeting, status: { id: 2, title: 'Ожидает оплаты' } });
    renderRoute(<OrderWelcomePage />, { path: '/order/:id/welcome', url: '/order/42/welcome?source=email' });
    expect(await screen.findByRole('heading', { name: 'Здравствуйте!' })).toBeInTheDocument();
    expect(screen.getByText(/Вот ваш заказ №42/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Оплатить заказ' })).toHaveAttribute('href', '/order/42/pay');
    expect(screen.getByRole('list')).not.toHaveTextContent('подтвердит стоимость');
    expect(vi.mocked(apiFetch).mock.calls[0]?.[0]).toBe('/api/client/orders/welcome/?id=42');
  });
});
