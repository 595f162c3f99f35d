import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { fakeMediaQueryList } from '../../../shared/ui/media-query-fake';
import { workspaceOrder } from '../test-fixtures';
import { renderWorkspace } from '../test-render';
import { fakeWorkspaceServer } from '../test-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function serve(server: ReturnType<typeof fakeWorkspaceServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  // Only Date is faked: the countdown reads the clock, the rest of the test runs in real time.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:00+03:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the order workspace', () => {
  it('heads the order with its number, work, status, deadline countdown, money, author and guarantee', async () => {
    serve(fakeWorkspaceServer());
    renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { level: 1, name: 'Заказ № 7' })).toBeInTheDocument();
    expect(within(header).getByText('Курсовая работа')).toBeInTheDocument();
    expect(within(header).getByText('Маркетинг малого бизнеса')).toBeInTheDocument();
    expect(within(header).getByText('Проверьте работу')).toBeInTheDocument();
    expect(within(header).getByText('1 декабря 2026, до 23:59 по Москве')).toBeInTheDocument();
    expect(within(header).getByText('осталось 3 дня')).toBeInTheDocument();
    expect(plain(header.textContent)).toContain('Оплачено 5 000 ₽ из 5 000 ₽');
    expect(within(header).getByText('Автор Иван')).toBeInTheDocument();
    expect(within(header).getByText('Гарантия')).toBeInTheDocument();
    expect(within(header).getByText('до 12 декабря 2026')).toBeInTheDocument();
  });

  it('shows the price before discounts, a row per discount by name, then «К оплате»', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, {
          status: { id: 2, title: 'Ожидает оплаты' },
          paid: 0,
          cost: 5_200_00,
          discount: 1_040_00,
          price: 4_160_00,
          discounts: [
            { kind: 'first_order', name: 'Скидка на первый заказ', percent: 10, fixed: null, amount: 520_00 },
            { kind: 'promo', name: 'Промокод STUDENT10', percent: 10, fixed: null, amount: 520_00 },
          ],
        }),
      }),
    );
    renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    const table = within(header).getByRole('table', { name: 'Из чего складывается цена' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => plain(row.textContent)),
    ).toEqual([
      'Цена без скидок5 200 ₽',
      'Скидка на первый заказ (10 %)−520 ₽',
      'Промокод STUDENT10 (10 %)−520 ₽',
      'К оплате4 160 ₽',
    ]);
  });

  it('shows no breakdown for an order without discounts', async () => {
    serve(fakeWorkspaceServer());
    renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('table')).not.toBeInTheDocument();
  });

  it('leads to paying an order that awaits payment, and to a tip once it is completed', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, {
          status: { id: 2, title: 'Ожидает оплаты' },
          paid: 0,
          author: null,
          can_accept: false,
        }),
      }),
    );
    const first = renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Оплатить заказ' })).toHaveAttribute(
      'href',
      '/order/7/pay',
    );
    expect(within(header).queryByRole('link', { name: 'Оставить чаевые автору' })).not.toBeInTheDocument();
    first.unmount();

    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, { status: { id: 7, title: 'Выполнен' }, can_accept: false }),
      }),
    );
    renderWorkspace('/order/7/chat');
    const done = await screen.findByRole('banner');
    expect(within(done).getByRole('link', { name: 'Оставить чаевые автору' })).toHaveAttribute(
      'href',
      '/order/7/tip',
    );
    expect(within(done).queryByRole('link', { name: 'Оплатить заказ' })).not.toBeInTheDocument();
  });

  it('says when the price, the author and the deadline are not set yet, and shows no guarantee', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, {
          status: { id: 1, title: 'Уточняем стоимость' },
          price: 0,
          paid: 0,
          author: null,
          deadline_at: '2026-11-28T08:00:00.000Z',
          guarantee_until: null,
          can_accept: false,
        }),
      }),
    );
    renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Стоимость оценивается')).toBeInTheDocument();
    expect(within(header).getByText('Автор пока не назначен')).toBeInTheDocument();
    expect(within(header).getByText('просрочен на 1 час')).toBeInTheDocument();
    expect(within(header).queryByText('Гарантия')).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Принять работу' })).not.toBeInTheDocument();
  });

  it('links the four tabs, marks the current one and names each with what is new on it', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, { attention: { chat: 0, files: 2, care: 1, reworks: 0 } }),
      }),
    );
    renderWorkspace('/order/7/chat');
    const nav = await screen.findByRole('navigation', { name: 'Разделы заказа' });
    const links = within(nav).getAllByRole('link');
    // Named by their content (no aria-label, whose text would differ from what is seen).
    expect(links.map((l) => [l.getAttribute('aria-label'), l.getAttribute('href')])).toEqual([
      [null, '/order/7/chat'],
      [null, '/order/7/files'],
      [null, '/order/7/care'],
      [null, '/order/7/reworks'],
    ]);
    for (const name of ['Чат', /^Файлы\s?\(2 новых\)$/, /^Забота\s?\(1 новый\)$/, 'Доработки']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Чат' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('log', { name: 'Переписка по заказу' })).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: /^Забота\s?\(1 новый\)$/ }));
    expect(await screen.findByRole('heading', { name: 'Забота о заказе' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /^Забота\s?\(1 новый\)$/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('accepts the work only after the customer confirms it', async () => {
    const server = serve(fakeWorkspaceServer());
    renderWorkspace('/order/7/chat');
    await userEvent.click(await screen.findByRole('button', { name: 'Принять работу' }));
    const dialog = await screen.findByRole('dialog', { name: 'Принять работу?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsOf('POST', 'accept/')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Принять работу' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Принять' }));
    expect(await screen.findByText('Работа принята. Спасибо!')).toBeInTheDocument();
    expect(server.callsOf('POST', 'accept/')).toHaveLength(1);
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Выполнен')).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Принять работу' })).not.toBeInTheDocument();
  });

  it('sends the work back through the reworks tab’s form', async () => {
    serve(fakeWorkspaceServer());
    const { router } = renderWorkspace('/order/7/chat');
    await userEvent.click(await screen.findByRole('button', { name: 'Отправить на доработку' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/order/7/reworks?new=1'),
    );
    const form = await screen.findByRole('region', { name: 'Запросить доработку' });
    expect(within(form).getByLabelText(/Что нужно доработать/)).toBeInTheDocument();
  });

  it('folds the header to one line on a phone — number and status — and unfolds it on demand', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      fakeMediaQueryList(query, query === '(max-width: 47.99em)'),
    );
    serve(fakeWorkspaceServer());
    renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { level: 1, name: 'Заказ № 7' })).toBeInTheDocument();
    expect(within(header).getByText('Проверьте работу')).toBeInTheDocument();
    expect(within(header).queryByText('Курсовая работа')).not.toBeInTheDocument();
    expect(within(header).queryByText('Автор Иван')).not.toBeInTheDocument();
    const more = within(header).getByRole('button', { name: 'Подробнее о заказе' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // The customer's move stays on the folded header: the work waits to be accepted.
    expect(within(header).getByRole('button', { name: 'Принять работу' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Отправить на доработку' })).toBeInTheDocument();
    // The tabs stay right under it.
    expect(screen.getByRole('link', { name: /Чат/ })).toBeInTheDocument();

    await userEvent.click(more);
    const full = await screen.findByRole('banner');
    expect(within(full).getByText('Курсовая работа')).toBeInTheDocument();
    expect(within(full).getByText('Автор Иван')).toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'Свернуть сведения о заказе' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(less);
    expect(await screen.findByRole('button', { name: 'Подробнее о заказе' })).toBeInTheDocument();
    vi.mocked(window.matchMedia).mockRestore();
  });

  it('keeps the folded phone header to one line when the customer has no move to make', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      fakeMediaQueryList(query, query === '(max-width: 47.99em)'),
    );
    serve(fakeWorkspaceServer({ order: workspaceOrder(7, { can_accept: false }) }));
    renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { level: 1, name: 'Заказ № 7' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Принять работу' })).not.toBeInTheDocument();
    expect(within(header).getAllByRole('button')).toHaveLength(1);
    vi.mocked(window.matchMedia).mockRestore();
  });

  it('folds the timeline on a narrow screen; unfolded it lists every event, newest first, with its time', async () => {
    serve(
      fakeWorkspaceServer({
        timeline: [
          {
            id: 1,
            kind: 'created',
            text: 'Заказ создан',
            actor: { role: 'customer', name: 'Вы' },
            created_at: '2026-11-20T10:00:00.000Z',
          },
          {
            id: 2,
            kind: 'priced',
            text: 'Менеджер назначил цену 5 000 ₽',
            actor: { role: 'manager', name: 'Менеджер Ольга' },
            created_at: '2026-11-20T12:30:00.000Z',
          },
        ],
      }),
    );
    renderWorkspace('/order/7/chat');
    const region = await screen.findByRole('region', { name: 'История заказа' });
    const toggle = within(region).getByRole('button', { name: 'Показать историю' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(region).getByRole('button', { name: 'Скрыть историю' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const first = await within(region).findByText('Менеджер назначил цену 5 000 ₽');
    const second = within(region).getByText('Заказ создан');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(region).getByText('20 ноября 2026, 15:30')).toBeInTheDocument();
  });
});
