import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register';
import { startServiceWorker, type WorkerControl } from './service-worker-client';

/** workbox-window's Workbox as far as the client uses it: events fired by the test. */
function fakeWorker() {
  const listeners = new Map<string, Array<() => void>>();
  const worker = {
    addEventListener: vi.fn((type: string, listener: () => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    }),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(() => Promise.resolve(undefined)),
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

  it('is not offered while no new worker waits', () => {
    renderHost();
    const { worker, fire } = fakeWorker();
    startServiceWorker(worker, vi.fn());
    fire('controlling');
    expect(screen.queryByText('Доступна новая версия')).not.toBeInTheDocument();
  });
});

describe('registering the worker', () => {
  it('waits for the page to have loaded, and does nothing where there are no service workers or no build', () => {
    const added = vi.fn();
    const withoutWorkers = { navigator: {}, document: { readyState: 'complete' }, addEventListener: added };
    registerServiceWorker(withoutWorkers as unknown as Window, true);
    expect(added).not.toHaveBeenCalled();

    const loading = {
      navigator: { serviceWorker: {} },
      document: { readyState: 'loading' },
      addEventListener: added,
    };
    registerServiceWorker(loading as unknown as Window, true);
    expect(added).toHaveBeenCalledWith('load', expect.any(Function), { once: true });

    added.mockClear();
    registerServiceWorker(loading as unknown as Window, false);
    expect(added).not.toHaveBeenCalled();
  });
});
