import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register';
import type * as Client from './service-worker-client';
import { startServiceWorker, type WorkerControl } from './service-worker-client';

const clientStart = vi.hoisted(() => vi.fn());
// What the registration loads on a controlled page; the prompt's own tests below use the real one.
vi.mock('./service-worker-client', async (original) => {
  const real = await original<typeof Client>();
  return {
    ...real,
    startServiceWorker: (...args: Parameters<typeof real.startServiceWorker>) =>
      args.length === 0 ? clientStart() : real.startServiceWorker(...args),
  };
});

/** workbox-window's Workbox as far as the client uses it: events fired by the test. */
function fakeWorker() {
  const listeners = new Map<string, Array<() => void>>();
  const worker = {
    addEventListener: vi.fn((type: string, listener: () => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    }),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(() => Promise.resolve(undefined)),
    update: vi.fn(() => Promise.resolve(undefined)),
  } satisfies WorkerControl;
  const fire = (type: string) => act(() => listeners.get(type)?.forEach((listener) => listener()));
  return { worker, fire };
}

function renderHost() {
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
}

describe('a new version of the app', () => {
  it('is offered once its worker waits, and «Обновить» lets it take over, then reloads', async () => {
    renderHost();
    const { worker, fire } = fakeWorker();
    const reload = vi.fn();
    startServiceWorker(worker, reload);
    expect(worker.register).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Доступна новая версия')).not.toBeInTheDocument();

    fire('waiting');
    expect(await screen.findByText('Доступна новая версия')).toBeInTheDocument();
    expect(worker.messageSkipWaiting).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(worker.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    // The page reloads only once the new worker controls it: its precache and the page then agree.
    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is looked for every hour in a tab left open', async () => {
    vi.useFakeTimers();
    try {
      const { worker } = fakeWorker();
      startServiceWorker(worker, vi.fn());
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(worker.update).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not offered while no new worker waits', () => {
    renderHost();
    const { worker, fire } = fakeWorker();
    startServiceWorker(worker, vi.fn());
    fire('controlling');
    expect(screen.queryByText('Доступна новая версия')).not.toBeInTheDocument();
  });
});

describe('registering the worker', () => {
  /** A window as far as the registration reads it; idle callbacks run at once. */
  function fakeWindow({ workers = true, controller = false, readyState = 'complete' } = {}) {
    const register = vi.fn(() => Promise.resolve({}));
    const win = {
      navigator: workers ? { serviceWorker: { controller: controller ? {} : null, register } } : {},
      document: { readyState },
      addEventListener: vi.fn(),
      setTimeout: (run: () => void) => {
        run();
        return 0;
      },
    };
    return { win: win as unknown as Window, register, addEventListener: win.addEventListener };
  }

  it('on a first visit only registers the worker, loading no more script', () => {
    const { win, register } = fakeWindow();
    registerServiceWorker(win, true);
    expect(register).toHaveBeenCalledWith('/sw.js');
    expect(clientStart).not.toHaveBeenCalled();
  });

  it('on a page a worker controls, watches for a newer version with workbox-window', async () => {
    const { win, register } = fakeWindow({ controller: true });
    registerServiceWorker(win, true);
    await vi.waitFor(() => expect(clientStart).toHaveBeenCalledTimes(1));
    expect(register).not.toHaveBeenCalled();
  });

  it('waits for the page to have loaded, and does nothing without service workers or a build', () => {
    const loading = fakeWindow({ readyState: 'loading' });
    registerServiceWorker(loading.win, true);
    expect(loading.register).not.toHaveBeenCalled();
    expect(loading.addEventListener).toHaveBeenCalledWith('load', expect.any(Function), { once: true });

    const without = fakeWindow({ workers: false });
    registerServiceWorker(without.win, true);
    expect(without.addEventListener).not.toHaveBeenCalled();

    const dev = fakeWindow();
    registerServiceWorker(dev.win, false);
    expect(dev.register).not.toHaveBeenCalled();
  });
});
