import { MantineProvider } from '@mantine/core';
import type { NotificationSettings } from '@cabinet/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import type { PushServer } from '../browser-push';
import { browserPushSubscribedKey, notificationSettingsKey } from '../notification-settings-api';
import { BrowserPushControl } from './browser-push-control';

// The server's key in base64url and its bytes (what applicationServerKey must be).
const KEY = 'BAECAwQ';
const KEY_BYTES = [4, 1, 2, 3, 4];

/** The browser's push objects, faked: a permission the test sets, a worker, a push manager. */
function fakeBrowser({ permission = 'default', answer = 'granted', subscribed = false } = {}) {
  const state = { permission, subscription: null as null | ReturnType<typeof makeSubscription> };
  function makeSubscription(key: ArrayBuffer) {
    return {
      endpoint: 'https://push.example/send/abc',
      options: { applicationServerKey: key },
      toJSON: () => ({ endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BPUB', auth: 'AUTH' } }),
      unsubscribe: vi.fn(async () => {
        state.subscription = null;
        return true;
      }),
    };
  }
  if (subscribed) state.subscription = makeSubscription(new Uint8Array(KEY_BYTES).buffer);
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      state.subscription = makeSubscription(new Uint8Array(options.applicationServerKey).buffer);
      return state.subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, {
      get permission() {
        return state.permission;
      },
      requestPermission,
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { state, pushManager, requestPermission };
}

function fakeServer(overrides: Partial<PushServer> = {}) {
  return {
    getKey: vi.fn(async () => KEY),
    save: vi.fn(async () => undefined),
    forget: vi.fn(async () => undefined),
    ...overrides,
  } satisfies PushServer;
}

const flags = { email: true, push: true, telegram: true };

/** The profile's notification settings as the server sends them; `channels` says whether push is on offer. */
function settings(channels: NotificationSettings['channels']): NotificationSettings {
  return {
    events: { message: flags, status: flags, files: flags, payments: flags, promotions: flags },
    channels,
  };
}

function renderControl(server: PushServer, channels: NotificationSettings['channels'] = ['email', 'push']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(notificationSettingsKey, settings(channels));
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <BrowserPushControl pushServer={server} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the browser notifications control', () => {
  it('asks for the permission only on the click, subscribes with the server’s key and tells the server', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const queryClient = renderControl(server);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(await screen.findByRole('button', { name: 'Включить уведомления в браузере' }));

    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect([...(options?.applicationServerKey ?? [])]).toEqual(KEY_BYTES);
    expect(server.save).toHaveBeenCalledWith({
      endpoint: 'https://push.example/send/abc',
      keys: { p256dh: 'BPUB', auth: 'AUTH' },
    });
    expect(await screen.findByRole('button', { name: 'Отключить' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Уведомления в этом браузере включены.');
    // The settings' push column reads the subscription again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: browserPushSubscribedKey });
  });

  it('is not shown where the server offers no push', async () => {
    const browser = fakeBrowser();
    renderControl(fakeServer(), ['email']);
    // Once the browser's state is read, the control would show: it does not.
    await vi.waitFor(() => expect(browser.pushManager.getSubscription).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Уведомления в браузере' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('does not ask anything before the click', async () => {
    const browser = fakeBrowser();
    renderControl(fakeServer());
    await screen.findByRole('button', { name: 'Включить уведомления в браузере' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('«Отключить» tells the server to forget the subscription and unsubscribes', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const subscription = browser.state.subscription;
    const server = fakeServer();
    renderControl(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Отключить' }));
    expect(server.forget).toHaveBeenCalledWith('https://push.example/send/abc');
    expect(subscription?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByRole('button', { name: 'Включить уведомления в браузере' }),
    ).toBeInTheDocument();
  });

  it('says how to allow them when the browser refuses, and subscribes nothing', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const server = fakeServer();
    renderControl(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Включить уведомления в браузере' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Браузер запретил уведомления');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.save).not.toHaveBeenCalled();
  });

  it('does not keep a subscription the server did not save', async () => {
    const browser = fakeBrowser();
    const server = fakeServer({
      save: vi.fn(async () => {
        throw new ApiError({ message: 'Сервер недоступен', status: 503, kind: 'http' });
      }),
    });
    renderControl(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Включить уведомления в браузере' }));
    await vi.waitFor(() => expect(browser.state.subscription).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Уведомления в этом браузере выключены.');
  });

  it('resubscribes when the subscription was made with another key', async () => {
    // A subscription left from before (the permission since reset), made with the server's old key.
    const browser = fakeBrowser({ subscribed: true });
    const old = browser.state.subscription;
    const server = fakeServer({ getKey: vi.fn(async () => 'BAUGBwg') });
    renderControl(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Включить уведомления в браузере' }));
    expect(old?.unsubscribe).toHaveBeenCalledTimes(1);
    expect([...(browser.pushManager.subscribe.mock.calls[0]?.[0].applicationServerKey ?? [])]).toEqual([
      4, 5, 6, 7, 8,
    ]);
    expect(await screen.findByRole('button', { name: 'Отключить' })).toBeInTheDocument();
  });

  it('says so where the browser cannot show notifications', async () => {
    renderControl(fakeServer());
    expect(
      await screen.findByText('Этот браузер не умеет показывать уведомления сайтов.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
