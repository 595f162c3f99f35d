import { CHAT_CLOSE, api, chatMessages, type ChatMessage, staffApi } from '@cabinet/contract';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/client';
import type * as ApiClient from '../api/client';
import { ConnectionBanner } from './connection-banner';
import { realtimeMessages } from './messages';
import {
  RealtimeProvider,
  useConnectionState,
  useIsOnline,
  useOnReconnect,
  useOrderSubscription,
  useRealtimeEvent,
  useSendTyping,
} from './provider';
import { fakeClientOptions, type FakeSocket } from './test-socket';
import { setOrderUnread, useOrderUnread, useUnreadTotal } from './unread-store';

vi.mock('../api/client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const unreadAnswers: unknown[] = [];

beforeEach(() => {
  unreadAnswers.length = 0;
  vi.mocked(apiFetch).mockClear();
  vi.mocked(apiFetch).mockImplementation(() =>
    Promise.resolve(unreadAnswers.shift() ?? { total: 0, orders: [] }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

function message(id: number): ChatMessage {
  return {
    id,
    order_id: 7,
    client_id: `client-${id}`,
    author: { role: 'manager', name: 'Менеджер Ольга' },
    staff_id: null,
    text: 'Здравствуйте',
    files: [],
    created_at: '2026-11-23T10:00:00.000Z',
  };
}

function Probe({ onReconnect = () => undefined }: { onReconnect?: () => void }) {
  const state = useConnectionState();
  const online = useIsOnline();
  const total = useUnreadTotal();
  const seven = useOrderUnread(7);
  const [last, setLast] = useState('—');
  useRealtimeEvent('message', (frame) => setLast(`${frame.payload.order_id}:${frame.payload.message.id}`));
  useOnReconnect(onReconnect);
  return <p>{`state ${state}, online ${online}, total ${total}, order 7: ${seven}, last message ${last}`}</p>;
}

function Subscriber({ orderId }: { orderId: number }) {
  useOrderSubscription(orderId);
  const typing = useSendTyping(orderId);
  return (
    <button type="button" onClick={typing}>
      печатаю
    </button>
  );
}

/** Renders inside a provider wired to a fake socket; resolves once the client exists. */
async function renderWithSocket(children: ReactNode, side: 'customer' | 'staff' = 'customer') {
  const fake = fakeClientOptions();
  const view = render(
    <MantineProvider>
      <RealtimeProvider side={side} clientOptions={fake.options}>
        {children}
      </RealtimeProvider>
    </MantineProvider>,
  );
  await act(async () => {
    await Promise.resolve();
  });
  await vi.dynamicImportSettled();
  await act(async () => {
    await Promise.resolve();
  });
  const accept = async (socket: FakeSocket = fake.last()) => {
    await act(async () => {
      socket.accept();
      await Promise.resolve();
    });
  };
  return { ...fake, view, accept };
}

const text = (s: string) => screen.getByText(s, { exact: false });

describe('outside a provider', () => {
  it('is offline with nothing unread, sends nothing and shows no banner', () => {
    function Outside() {
      const send = useSendTyping(7);
      useOrderSubscription(7);
      send();
      return <Probe />;
    }
    render(
      <MantineProvider>
        <Outside />
        <ConnectionBanner />
      </MantineProvider>,
    );
    expect(text('state offline, online false, total 0, order 7: 0')).toBeInTheDocument();
    expect(screen.queryByText(chatMessages.offline)).not.toBeInTheDocument();
  });
});

describe('RealtimeProvider', () => {
  it('loads the counters at start, follows `unread` frames and the chat’s own read marks', async () => {
    unreadAnswers.push({ total: 5, orders: [{ order_id: 7, unread: 5 }] });
    const { last, accept } = await renderWithSocket(<Probe />);
    expect(apiFetch).toHaveBeenCalledWith(api.chatUnread, { tokens: undefined });
    expect(text('total 5, order 7: 5')).toBeInTheDocument();
    await accept();
    expect(text('state open, online true')).toBeInTheDocument();
    act(() => last().frame({ type: 'unread', payload: { order_id: 7, unread: 6, total: 6 } }));
    expect(text('total 6, order 7: 6')).toBeInTheDocument();
    act(() => setOrderUnread(7, 0, 0));
    expect(text('total 0, order 7: 0')).toBeInTheDocument();
  });

  it('reloads the counters after a reconnect (what changed while down) and calls the reconnect handlers', async () => {
    vi.useFakeTimers();
    const onReconnect = vi.fn();
    const { last, accept, sockets } = await renderWithSocket(<Probe onReconnect={onReconnect} />);
    await accept();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    // At start, and again once the socket is up (anything sent before it was).
    expect(apiFetch).toHaveBeenCalledTimes(2);
    unreadAnswers.push({ total: 2, orders: [{ order_id: 7, unread: 2 }] });
    act(() => last().serverClose(1006));
    expect(text('state connecting, online false')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(sockets).toHaveLength(2);
    await accept();
    expect(onReconnect).toHaveBeenCalledTimes(2);
    expect(apiFetch).toHaveBeenCalledTimes(3);
    expect(text('total 2, order 7: 2')).toBeInTheDocument();
  });

  it('keeps a read mark made while the counters were loading over the older answer', async () => {
    let answer: (body: unknown) => void = () => undefined;
    vi.mocked(apiFetch).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderWithSocket(<Probe />);
    act(() => setOrderUnread(7, 0, 0));
    await act(async () => answer({ total: 4, orders: [{ order_id: 7, unread: 4 }] }));
    expect(text('total 0, order 7: 0')).toBeInTheDocument();
  });

  it('hands message frames to the latest handler', async () => {
    const { last, accept } = await renderWithSocket(<Probe />);
    await accept();
    act(() => last().frame({ type: 'message', payload: { order_id: 7, message: message(41) } }));
    expect(text('last message 7:41')).toBeInTheDocument();
  });

  it('subscribes to an order while a screen shows it, again after a reconnect, and unsubscribes when it goes', async () => {
    vi.useFakeTimers();
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          {shown && <Subscriber orderId={7} />}
          <button type="button" onClick={() => setShown(false)}>
            закрыть
          </button>
        </>
      );
    }
    const { last, accept } = await renderWithSocket(<Toggle />);
    await accept();
    expect(
      last()
        .sentOf('subscribe')
        .map((f) => f.payload),
    ).toEqual([{ order_id: 7 }]);
    act(() => last().serverClose(1006));
    await act(() => vi.advanceTimersByTimeAsync(250));
    await accept();
    expect(
      last()
        .sentOf('subscribe')
        .map((f) => f.payload),
    ).toEqual([{ order_id: 7 }]);
    act(() => screen.getByRole('button', { name: 'закрыть' }).click());
    expect(
      last()
        .sentOf('unsubscribe')
        .map((f) => f.payload),
    ).toEqual([{ order_id: 7 }]);
  });

  it('sends typing at most once per throttle window, and not while connecting', async () => {
    vi.useFakeTimers();
    const { last, accept } = await renderWithSocket(<Subscriber orderId={7} />);
    const button = screen.getByRole('button', { name: 'печатаю' });
    act(() => button.click());
    expect(last().sentOf('typing')).toHaveLength(0);
    await accept();
    act(() => button.click());
    act(() => button.click());
    expect(last().sentOf('typing')).toEqual([{ type: 'typing', payload: { order_id: 7 } }]);
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    act(() => button.click());
    expect(last().sentOf('typing')).toHaveLength(2);
  });

  it('uses the staff session and the staff unread endpoint on the staff side', async () => {
    await renderWithSocket(<Probe />, 'staff');
    expect(apiFetch).toHaveBeenCalledWith(staffApi.chatUnread, {
      tokens: expect.objectContaining({ getToken: expect.any(Function) }),
    });
  });

  it('closes the socket and forgets the counters when the layout goes', async () => {
    unreadAnswers.push({ total: 3, orders: [{ order_id: 7, unread: 3 }] });
    const { last, accept, view } = await renderWithSocket(<Probe />);
    await accept();
    view.unmount();
    expect(last().closedWith).toBe(1000);
    render(<Probe />);
    expect(text('total 0, order 7: 0')).toBeInTheDocument();
  });
});

describe('ConnectionBanner', () => {
  it('says nothing during a short blip and «Нет соединения…» once the socket is down over 2 s', async () => {
    vi.useFakeTimers();
    const { last, accept } = await renderWithSocket(<ConnectionBanner />);
    const region = screen.getByRole('status');
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(region).toHaveTextContent('');
    await accept();
    act(() => last().serverClose(1006));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(region).toHaveTextContent('');
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(region).toHaveTextContent(chatMessages.offline);
    await accept(last());
    expect(region).toHaveTextContent('');
  });

  it('says quietly, not «Нет соединения», that a tab displaced by newer ones (4429) gets no live messages', async () => {
    vi.useFakeTimers();
    const { last, accept } = await renderWithSocket(<ConnectionBanner />);
    await accept();
    act(() => last().serverClose(CHAT_CLOSE.tooManySockets));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent(realtimeMessages.tooManyTabs);
    expect(region).not.toHaveTextContent(chatMessages.offline);
  });

  it('shows at once when the browser goes offline', async () => {
    const { accept } = await renderWithSocket(<ConnectionBanner />);
    await accept();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent(chatMessages.offline);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('status')).not.toHaveTextContent(chatMessages.offline);
  });
});
