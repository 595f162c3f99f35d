import type { Draft, OrderListItem, OrderTab } from '@cabinet/contract';
import { ORDER_STATUSES, isOrderStatusId } from '@cabinet/contract';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, type ApiInit } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { listItem, noWorkspace } from '../test-fixtures';
import OrdersListPage from './orders-list-page';
// The menu's code, loaded before the tests as pointing at the button loads it: a press opens it at once.
import '../../../shared/ui/action-menu-dropdown';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

type Call = { path: string; init: ApiInit };

/** A small stand-in for the orders API: tabs by status, trash and restore, pages of 20, drafts. */
function fakeServer(initial: OrderListItem[], initialDrafts: Draft[] = []) {
  const orders = new Map(initial.map((o) => [o.id, { ...o, from: o.status }]));
  const drafts = [...initialDrafts];
  const calls: Call[] = [];
  const draftCalls: Call[] = [];
  const tabOf = (o: OrderListItem): OrderTab =>
    isOrderStatusId(o.status.id) ? ORDER_STATUSES[o.status.id].tab : 'archive';
  const handle = (path: string, init: ApiInit = {}): unknown => {
    if (path.startsWith('/api/client/orders/fake/')) {
      draftCalls.push({ path, init });
      if ((init.method ?? 'GET') === 'GET') return { results: drafts, count: drafts.length };
      const id = Number(path.split('/').filter(Boolean)[4]);
      const at = drafts.findIndex((d) => d.id === id);
      if (at < 0) throw ApiError.fromResponse(404, { detail: 'Незаконченный заказ не найден' });
      drafts.splice(at, 1);
      return undefined;
    }
    calls.push({ path, init });
    const url = new URL(path, 'http://x');
    const method = init.method ?? 'GET';
    if (method === 'GET') {
      const tab = (url.searchParams.get('tab') ?? 'active') as OrderTab;
      const page = Number(url.searchParams.get('page') ?? '1');
      const all = [...orders.values()].sort((a, b) => b.id - a.id);
      const ofTab = all.filter((o) => tabOf(o) === tab);
      const counters = { active: 0, archive: 0, done: 0 };
      for (const o of all) counters[tabOf(o)] += 1;
      const results = ofTab.slice((page - 1) * 20, page * 20).map(({ from: _from, ...o }) => o);
      return { results, next: null, previous: null, count: ofTab.length, counters };
    }
    const id = Number(url.pathname.split('/').filter(Boolean)[3]);
    const order = orders.get(id);
    if (!order) throw ApiError.fromResponse(404, { detail: 'Заказ не найден' });
    if (method === 'DELETE') {
      Object.assign(order, {
        status: { id: 16, title: 'Архивный заказ' },
        trash: { is_trash: true },
        is_editable: false,
      });
    } else {
      Object.assign(order, { status: order.from, trash: { is_trash: false }, is_editable: true });
    }
    const { from: _from, ...rest } = order;
    return { ...rest, files: [], files_without_qc: [], ...noWorkspace };
  };
  return { orders, calls, draftCalls, handle };
}

function draft(id: number, workType: string | null, topic: string): Draft {
  return {
    id,
    is_fake: true,
    details: {
      work_type: workType ? { id: 1, title: workType } : null,
      subject: null,
      topic,
      university: null,
      deadline: null,
      pages: null,
      originality: null,
      verification_system: null,
      requirements: '',
      links: [],
      promo_code: null,
    },
    files: [],
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}

function serve(server: ReturnType<typeof fakeServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
}

function renderList(url = '/home/active') {
  return renderRoute(
    <>
      <Notifications />
      <OrdersListPage />
    </>,
    { path: '/home/:tab', url, otherPaths: ['/order-new', '/order/:id/:tab'] },
  );
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

async function openActions(id: number) {
  await userEvent.click(await screen.findByRole('button', { name: `Действия с заказом №${id}` }));
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe('OrdersListPage', () => {
  it('shows a skeleton while the list loads', async () => {
    vi.mocked(apiFetch).mockReturnValue(new Promise(() => {}));
    renderList();
    expect(await screen.findByRole('status', { name: 'Загружаем заказы' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('shows the orders with number, status, deadline, price and the tab counters', async () => {
    serve(fakeServer([listItem(7), listItem(8, { status: { id: 7, title: 'Выполнен' } })]));
    renderList();
    const card = await screen.findByRole('article', { name: 'Заказ №7' });
    expect(within(card).getByText('Курсовая работа')).toBeInTheDocument();
    expect(within(card).getByText('Ожидает оплаты')).toBeInTheDocument();
    expect(within(card).getByText(/^до 1 декабря 2026 · /)).toBeInTheDocument();
    expect(within(card).getByText('3 000 ₽')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Заказ №8' })).not.toBeInTheDocument();
    expect(tab('Активные')).toHaveTextContent('Активные1');
    expect(tab('Выполненные')).toHaveTextContent('Выполненные1');
    expect(tab('Архив')).toHaveTextContent('Архив0');
  });

  it('opens the order from its card by a real link, by keyboard too, while the menu keeps its own', async () => {
    const trashed = listItem(9, { status: { id: 16, title: 'Архивный заказ' }, trash: { is_trash: true } });
    serve(fakeServer([listItem(7), trashed]));
    const { router } = renderList();
    const card = await screen.findByRole('article', { name: 'Заказ №7' });
    const link = within(card).getByRole('link', { name: 'Заказ №7: Курсовая работа — Тема 7' });
    expect(link).toHaveAttribute('href', '/order/7/chat');

    // The menu opens over the card without leaving the list.
    await openActions(7);
    expect(await screen.findByRole('menuitem', { name: 'Открыть' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/active');
    await userEvent.keyboard('{Escape}');

    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/7/chat'));
  });

  it('gives a trashed order’s card no link: it has no screen of its own', async () => {
    const trashed = listItem(9, { status: { id: 16, title: 'Архивный заказ' }, trash: { is_trash: true } });
    serve(fakeServer([trashed]));
    renderList('/home/archive');
    const card = await screen.findByRole('article', { name: 'Заказ №9' });
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the orders of one packet together, with the action that pays for the packet', async () => {
    serve(
      fakeServer([listItem(1), listItem(2, { packet_id: 7 }), listItem(3, { packet_id: 7 }), listItem(4)]),
    );
    renderList();
    const packet = await screen.findByRole('region', { name: 'Пакет заказов · 2 работы' });
    expect(
      within(packet)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Заказ №3', 'Заказ №2']);
    expect(within(packet).getByRole('link', { name: 'Оплатить пакет' })).toHaveAttribute(
      'href',
      '/pay-packet/7',
    );
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('says what to do on an empty tab, with the new-order action', async () => {
    serve(fakeServer([listItem(1)]));
    renderList('/home/archive');
    expect(await screen.findByText(/В архиве пусто/)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('link', { name: 'Новый заказ' })[1] as HTMLElement);
    expect(await screen.findByText('route:/order-new')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads the list again', async () => {
    const server = fakeServer([listItem(3)]);
    vi.mocked(apiFetch).mockImplementation(async (path, init) => {
      if (path.includes('tab=')) throw ApiError.fromResponse(500, {});
      return server.handle(path, init);
    });
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить заказы');
    expect(alert).toHaveTextContent('Ошибка сервера (500)');
    serve(server);
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('article', { name: 'Заказ №3' })).toBeInTheDocument();
  });

  it('moves an order to the trash at once, and the undo restores it', async () => {
    const server = fakeServer([listItem(1), listItem(2)]);
    serve(server);
    renderList();
    await openActions(2);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Переместить в архив' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Заказ №2' })).not.toBeInTheDocument());
    expect(tab('Активные')).toHaveTextContent('Активные1');
    expect(tab('Архив')).toHaveTextContent('Архив1');
    expect(server.calls.some((c) => c.init.method === 'DELETE' && c.path === '/api/client/orders/2/')).toBe(
      true,
    );

    expect(await screen.findByText('Заказ перемещён в архив', {}, { timeout: 4000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(await screen.findByRole('article', { name: 'Заказ №2' })).toBeInTheDocument();
    expect(
      server.calls.some((c) => c.init.method === 'PATCH' && c.path === '/api/client/orders/2/restore/'),
    ).toBe(true);
    await waitFor(() => expect(tab('Активные')).toHaveTextContent('Активные2'));
    expect(tab('Архив')).toHaveTextContent('Архив0');
  });

  it('rolls the list and the counters back and shows the server detail when the trash fails', async () => {
    const server = fakeServer([listItem(1), listItem(2)]);
    vi.mocked(apiFetch).mockImplementation(async (path, init) => {
      if (init?.method === 'DELETE') {
        throw ApiError.fromResponse(409, { detail: 'Этот заказ нельзя удалить: по нему уже идёт работа' });
      }
      return server.handle(path, init);
    });
    renderList();
    await openActions(2);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Переместить в архив' }));
    expect(
      await screen.findByText('Этот заказ нельзя удалить: по нему уже идёт работа', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Заказ №2' })).toBeInTheDocument();
    expect(tab('Активные')).toHaveTextContent('Активные2');
    expect(tab('Архив')).toHaveTextContent('Архив0');
  });

  it('restores from the archive tab: the order leaves the list and the archive counts one less', async () => {
    const trashed = listItem(5, { status: { id: 16, title: 'Архивный заказ' }, trash: { is_trash: true } });
    const server = fakeServer([listItem(1), trashed]);
    server.orders.get(5)!.from = { id: 2, title: 'Ожидает оплаты' };
    serve(server);
    renderList('/home/archive');
    const card = await screen.findByRole('article', { name: 'Заказ №5' });
    expect(within(card).getByText('Архивный заказ')).toBeInTheDocument();
    await openActions(5);
    expect(screen.queryByRole('menuitem', { name: 'Открыть' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Восстановить' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Заказ №5' })).not.toBeInTheDocument());
    expect(tab('Архив')).toHaveTextContent('Архив0');
    await waitFor(() => expect(tab('Активные')).toHaveTextContent('Активные2'));
  });

  it('cancels the running list request when the tab changes', async () => {
    const signals: AbortSignal[] = [];
    const paths: string[] = [];
    vi.mocked(apiFetch).mockImplementation(async (path, init) => {
      if (path.startsWith('/api/client/orders/fake/')) return { results: [], count: 0 };
      if (init?.signal) signals.push(init.signal);
      paths.push(path);
      return new Promise(() => {});
    });
    renderList();
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);
    await userEvent.click(tab('Архив'));
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(paths[1]).toContain('tab=archive');
    expect(signals[0]?.aborted).toBe(true);
  });

  it('shows the saved drafts above the tabs, each to continue or delete', async () => {
    const server = fakeServer(
      [listItem(7)],
      [draft(31, 'Курсовая работа', 'Анализ рынка труда'), draft(30, null, '')],
    );
    serve(server);
    renderList();
    const strip = await screen.findByRole('region', { name: 'Черновики · 2' });
    const rows = within(strip).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Курсовая работа');
    expect(rows[0]).toHaveTextContent('Анализ рынка труда');
    expect(rows[0]).toHaveTextContent('Сохранён 20 ноября 2026');
    expect(rows[1]).toHaveTextContent('Заказ без типа работы');
    expect(rows[1]).toHaveTextContent('Тема не указана');
    expect(
      within(strip).getByRole('link', { name: 'Продолжить черновик: Курсовая работа — Анализ рынка труда' }),
    ).toHaveAttribute('href', '/order-continue/31');
    // The orders are still listed below.
    expect(await screen.findByRole('article', { name: 'Заказ №7' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(
      within(strip).getByRole('button', {
        name: 'Удалить черновик: Заказ без типа работы — Тема не указана',
      }),
    );
    // Asked first; «Оставить» keeps it.
    await user.click(within(strip).getByRole('button', { name: 'Оставить' }));
    expect(server.draftCalls.some((c) => c.init.method === 'DELETE')).toBe(false);
    await user.click(
      within(strip).getByRole('button', {
        name: 'Удалить черновик: Заказ без типа работы — Тема не указана',
      }),
    );
    await user.click(within(strip).getByRole('button', { name: 'Да, удалить' }));
    expect(await screen.findByText('Черновик удалён')).toBeInTheDocument();
    expect(
      server.draftCalls.some((c) => c.init.method === 'DELETE' && c.path === '/api/client/orders/fake/30/'),
    ).toBe(true);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Черновики · 1' })).toBeInTheDocument());
    expect(screen.queryByText('Заказ без типа работы')).not.toBeInTheDocument();
  });

  it('shows no drafts strip when there is none', async () => {
    const server = fakeServer([listItem(7)]);
    serve(server);
    renderList();
    await screen.findByRole('article', { name: 'Заказ №7' });
    await waitFor(() => expect(server.draftCalls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /Черновики/ })).not.toBeInTheDocument();
  });

  it('pages through 20 at a time and keeps the page in the address', async () => {
    const server = fakeServer(Array.from({ length: 25 }, (_, i) => listItem(i + 1)));
    serve(server);
    const { router } = renderList();
    expect(await screen.findByRole('article', { name: 'Заказ №25' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByRole('article', { name: 'Заказ №5' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(router.state.location.search).toBe('?page=2');
    expect(server.calls.at(-1)?.path).toBe('/api/client/orders/?tab=active&page=2&page_size=20');
  });
});
