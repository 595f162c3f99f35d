import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_CONFIRMED_MESSAGE, WELCOME_GOAL } from '../shared/analytics';

async function setup(initial: string, children: RouteObject[], freshModules = true) {
  // Fresh modules: the chunk-failure flag is per page load.
  if (freshModules) vi.resetModules();
  const { RootLayout } = await import('./root-layout');
  const { addAnalyticsSink } = await import('../shared/analytics');
  removeSink = addAnalyticsSink(sink);
  const router = createMemoryRouter([{ element: <RootLayout />, children }], { initialEntries: [initial] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const page = (path: string, title: string, extra: Partial<RouteObject> = {}): RouteObject =>
  ({ path, element: <p>{`screen ${title}`}</p>, handle: { title }, ...extra }) as RouteObject;

const sink = { hit: vi.fn(), goal: vi.fn() };
let removeSink: () => void = () => undefined;

beforeEach(() => {
  sink.hit.mockClear();
  sink.goal.mockClear();
});
afterEach(() => removeSink());

describe('RootLayout', () => {
  it('records a page hit after every navigation', async () => {
    const router = await setup('/a', [page('/a', 'А'), page('/b', 'Б')]);
    await screen.findByText('screen А');
    await act(() => router.navigate('/b?x=1'));
    await screen.findByText('screen Б');
    expect(sink.hit.mock.calls.map((c) => c[0])).toEqual(['/a', '/b?x=1']);
  });

  it('announces the page title to screen readers and sets the document title', async () => {
    const router = await setup('/a', [page('/a', 'Профиль'), page('/b', 'Бонусы')]);
    await screen.findByText('screen Профиль');
    expect(screen.getByRole('status')).toHaveTextContent('Профиль');
    await act(() => router.navigate('/b'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Бонусы'));
    expect(document.title).toBe('Бонусы — Кабинет студента');
  });

  it('puts the unread chat count in front of the title, keeps it across navigation and drops it at 0', async () => {
    const router = await setup('/a', [page('/a', 'Заказы'), page('/b', 'Бонусы')]);
    const { setOrderUnread } = await import('../shared/realtime/unread-store');
    await screen.findByText('screen Заказы');
    act(() => setOrderUnread(7, 3));
    expect(document.title).toBe('(3) Заказы — Кабинет студента');
    await act(() => router.navigate('/b'));
    await waitFor(() => expect(document.title).toBe('(3) Бонусы — Кабинет студента'));
    act(() => setOrderUnread(7, 0));
    expect(document.title).toBe('Бонусы — Кабинет студента');
  });

  it('shows the msg text in a modal and removes msg from the address when closed', async () => {
    const user = userEvent.setup();
    const router = await setup('/a?msg=Почта%20изменена&x=1', [page('/a', 'А')]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Почта изменена');
    expect(sink.goal).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(router.state.location.search).toBe('?x=1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('records the welcome goal when the msg is the order-confirmed thank-you', async () => {
    await setup(`/a?msg=${encodeURIComponent(ORDER_CONFIRMED_MESSAGE)}`, [page('/a', 'А')]);
    expect(await screen.findByRole('dialog')).toHaveTextContent(ORDER_CONFIRMED_MESSAGE);
    expect(sink.goal).toHaveBeenCalledWith(WELCOME_GOAL);
  });

  it('closes open dialogs when another screen opens', async () => {
    const user = userEvent.setup();
    vi.resetModules();
    // The same module instance as the layout's: setup below keeps the modules.
    const { useClosedOnNewScreen } = await import('../shared/dialogs');
    function WithDialog() {
      const [opened, setOpened] = useState(false);
      useClosedOnNewScreen(opened, () => setOpened(false));
      return (
        <>
          <button onClick={() => setOpened(true)}>Открыть</button>
          {opened && <p>Содержимое</p>}
          <Outlet />
        </>
      );
    }
    // The dialog lives in a layout both screens share, so only the navigation can close it.
    const router = await setup(
      '/a',
      [{ element: <WithDialog />, children: [page('/a', 'А'), page('/b', 'Б')] }],
      false,
    );
    await user.click(await screen.findByRole('button', { name: 'Открыть' }));
    expect(await screen.findByText('Содержимое')).toBeInTheDocument();
    await act(() => router.navigate('/b'));
    await waitFor(() => expect(screen.queryByText('Содержимое')).not.toBeInTheDocument());
  });

  it('shows the loading overlay while the next screen loads', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<null>((resolve) => {
      release = () => resolve(null);
    });
    const router = await setup('/a', [page('/a', 'А'), page('/b', 'Б', { loader: () => slow })]);
    await screen.findByText('screen А');
    act(() => {
      void router.navigate('/b');
    });
    expect(await screen.findByRole('progressbar', { name: 'Загрузка…' })).toBeInTheDocument();
    await act(async () => release());
    await screen.findByText('screen Б');
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});

describe('chunk-load failure (spec §4, §8)', () => {
  const reloadText = 'Сайт загружен с ошибкой. Перезагрузите страницу.';

  it('a screen whose chunk fails to load sets the flag and opens the reload modal', async () => {
    vi.resetModules();
    const { lazyScreen } = await import('./lazy-screen');
    const failing = lazyScreen(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const router = await setup(
      '/a',
      [page('/a', 'А'), { path: '/b', lazy: failing, handle: { title: 'Б' } }],
      false,
    );
    await screen.findByText('screen А');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => router.navigate('/b'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(reloadText);
    expect(screen.getByRole('button', { name: 'Перезагрузить страницу' })).toBeInTheDocument();
    expect(sessionStorage.getItem('chunk_load_failed')).toBe('1');
  });

  it("Vite's preload error opens the same modal", async () => {
    vi.resetModules();
    const { installChunkLoadErrorHandler } = await import('../shared/chunk-load');
    installChunkLoadErrorHandler();
    await setup('/a', [page('/a', 'А')], false);
    await screen.findByText('screen А');
    const event = new Event('vite:preloadError', { cancelable: true });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent(reloadText);
    expect(event.defaultPrevented).toBe(true);
  });
});
