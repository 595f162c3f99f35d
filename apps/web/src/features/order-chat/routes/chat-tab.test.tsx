import { CHAT_TYPING_TTL_MS, chatMessages } from '@cabinet/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { fakeRealtime } from '../test-realtime';
import { author, chatMessage, fakeChatServer, manager, me, ORDER_ID } from '../test-server';
import ChatTab from './chat-tab';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn(), authorizedRequest: vi.fn() }));
vi.mock('../../../shared/api/upload', () => ({ uploadFiles: vi.fn() }));
vi.mock('../../../shared/realtime', () => import('../test-realtime'));

vi.setConfig({ testTimeout: 30_000 });

function serve(server: ReturnType<typeof fakeChatServer>) {
  vi.mocked(apiFetch).mockImplementation((path, init) => server.handle(path, init));
  return server;
}

function renderChat() {
  return renderRoute(<ChatTab />, { path: '/order/:id/chat', url: `/order/${ORDER_ID}/chat` });
}

const log = () => screen.findByRole('log', { name: 'Переписка по заказу' });
const articles = () =>
  within(screen.getByRole('log', { name: 'Переписка по заказу' })).queryAllByRole('article');
const composer = () => screen.getByRole('textbox', { name: 'Сообщение' });
const stored = () => JSON.parse(localStorage.getItem('chatOutbox') ?? '{}') as Record<string, unknown[]>;

function setBrowserOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  fakeRealtime.reset();
  setBrowserOnline(true);
});

afterEach(() => {
  vi.useRealTimers();
  setBrowserOnline(true);
});

describe('the customer chat', () => {
  it('shows the history oldest first with its faces, days and delivery states', async () => {
    const server = serve(
      fakeChatServer([
        chatMessage(1, author, 'Здравствуйте! Я ваш автор.', { created_at: '2026-11-22T08:00:00.000Z' }),
        chatMessage(2, me, 'Добрый день', { created_at: '2026-11-22T08:05:00.000Z' }),
        chatMessage(3, manager, 'Менеджер на связи', { created_at: '2026-11-23T07:00:00.000Z' }),
        chatMessage(4, me, 'Спасибо', { created_at: '2026-11-23T07:10:00.000Z' }),
      ]),
    );
    server.state.read = { customer: 3, staff: 2 };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00.000Z'));
    renderChat();
    await log();
    await waitFor(() => expect(articles()).toHaveLength(4));
    const names = articles().map((a) => a.getAttribute('aria-label'));
    expect(names).toEqual(['Автор Иван К., 11:00', 'Вы, 11:05', 'Менеджер Ольга, 10:00', 'Вы, 10:10']);
    const [, mine, , last] = articles();
    expect(mine).toHaveTextContent('прочитано');
    expect(last).toHaveTextContent('отправлено');
    expect(last).not.toHaveTextContent('прочитано');
    expect(screen.getByText('Вчера')).toBeInTheDocument();
    expect(screen.getByText('Сегодня')).toBeInTheDocument();
    expect(fakeRealtime.subscribed).toContain(ORDER_ID);
  });

  it('renders a message as text: no HTML, and only the https address becomes a link', async () => {
    const text = '<img src=x onerror=alert(1)> javascript:alert(1) https://ex.com';
    serve(fakeChatServer([chatMessage(1, author, text)]));
    renderChat();
    await log();
    const [article] = await waitFor(() => {
      const found = articles();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(article).toHaveTextContent(text);
    expect(article?.querySelector('img')).toBeNull();
    const links = within(article as HTMLElement).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://ex.com');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('says what to do when there are no messages yet', async () => {
    serve(fakeChatServer());
    renderChat();
    expect(
      await screen.findByText('Сообщений пока нет. Напишите автору — он ответит здесь'),
    ).toBeInTheDocument();
  });

  it('a failed load says so and loads again on «Повторить»', async () => {
    const server = serve(fakeChatServer([chatMessage(1, author, 'Привет')]));
    server.fail('GET messages/', ApiError.fromResponse(500, { detail: 'Сервер недоступен' }));
    renderChat();
    expect(await screen.findByText('Сервер недоступен')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('article', { name: /^Автор Иван К\./ })).toBeInTheDocument();
  });

  it('Enter sends, Shift+Enter breaks the line, and the focus stays in the composer', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer());
    renderChat();
    await screen.findByText(/Сообщений пока нет/);
    await user.click(composer());
    await user.type(composer(), 'Первая строка{Shift>}{Enter}{/Shift}вторая');
    expect(server.posted()).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.posted()).toHaveLength(1));
    expect(server.posted()[0]?.body).toMatchObject({ text: 'Первая строка\nвторая', file_ids: [] });
    expect(composer()).toHaveValue('');
    expect(composer()).toHaveFocus();
    const article = await screen.findByRole('article', { name: /^Вы,/ });
    await waitFor(() => expect(article).toHaveTextContent('отправлено'));
    expect(fakeRealtime.typingSent.length).toBeGreaterThan(0);
  });

  it('does not send an empty message, with the contract’s reason', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer());
    renderChat();
    await screen.findByText(/Сообщений пока нет/);
    await user.type(composer(), '   {Enter}');
    expect(await screen.findByText(chatMessages.textRequired)).toBeInTheDocument();
    expect(server.posted()).toHaveLength(0);
  });

  it('sends queued messages one at a time, in the order written', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer());
    server.hold();
    renderChat();
    await screen.findByText(/Сообщений пока нет/);
    for (const text of ['раз', 'два', 'три']) await user.type(composer(), `${text}{Enter}`);
    expect(screen.getAllByText('отправляется')).toHaveLength(3);
    await waitFor(() => expect(server.heldCount()).toBe(1));
    expect(server.posted().map((c) => (c.body as { text: string }).text)).toEqual(['раз']);
    act(() => server.releaseOne());
    await waitFor(() => expect(server.posted()).toHaveLength(2));
    expect(server.heldCount()).toBe(1);
    act(() => server.releaseOne());
    await waitFor(() => expect(server.posted()).toHaveLength(3));
    act(() => server.releaseOne());
    await waitFor(() => expect(screen.queryAllByText('отправляется')).toHaveLength(0));
    expect(articles().map((a) => a.textContent)).toEqual([
      expect.stringContaining('раз'),
      expect.stringContaining('два'),
      expect.stringContaining('три'),
    ]);
    expect(server.state.messages.map((m) => m.text)).toEqual(['раз', 'два', 'три']);
    expect(stored()).toEqual({});
  });

  it('a failed send shows «не отправлено», and «Повторить» sends it once', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer());
    server.fail('POST messages/', ApiError.noResponse());
    renderChat();
    await screen.findByText(/Сообщений пока нет/);
    await user.type(composer(), 'Успеете к пятнице?{Enter}');
    expect(await screen.findByText('не отправлено')).toBeInTheDocument();
    expect(stored()[String(ORDER_ID)]).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.queryByText('не отправлено')).toBeNull());
    expect(server.state.messages).toHaveLength(1);
    expect(server.posted()).toHaveLength(2);
    // Both attempts carried the same idempotency key.
    expect(new Set(server.posted().map((c) => (c.body as { client_id: string }).client_id)).size).toBe(1);
    expect(articles()).toHaveLength(1);
  });

  it('keeps messages written offline across a reload and sends them once when back online', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer());
    setBrowserOnline(false);
    const first = renderChat();
    await screen.findByText(/Сообщений пока нет/);
    await user.type(composer(), 'Первое{Enter}');
    await user.type(composer(), 'Второе{Enter}');
    await waitFor(() => expect(screen.getAllByText('не отправлено')).toHaveLength(2));
    expect(server.posted()).toHaveLength(0);
    const kept = stored()[String(ORDER_ID)] as Array<{ text: string; client_id: string }>;
    expect(kept.map((e) => e.text)).toEqual(['Первое', 'Второе']);
    first.unmount();

    // The reload: the outbox is shown at once and sent when the connection is back.
    renderChat();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText('не отправлено')).toHaveLength(2));
    setBrowserOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(server.state.messages.map((m) => m.text)).toEqual(['Первое', 'Второе']));
    await waitFor(() =>
      expect(screen.queryAllByText(/отправ/).map((e) => e.textContent)).toEqual(['отправлено', 'отправлено']),
    );
    expect(articles()).toHaveLength(2);
    expect(server.state.messages.map((m) => m.client_id)).toEqual(kept.map((e) => e.client_id));
    expect(stored()).toEqual({});
  });

  it('retries what failed when the socket reconnects, and fetches what it missed', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer([chatMessage(1, author, 'Привет')]));
    server.fail('POST messages/', ApiError.noResponse());
    renderChat();
    await screen.findByRole('article', { name: /^Автор/ });
    await user.type(composer(), 'Ответ{Enter}');
    expect(await screen.findByText('не отправлено')).toBeInTheDocument();
    // Meanwhile the author wrote, and the socket was down.
    server.state.messages.push(chatMessage(50, author, 'Пока вас не было'));
    fakeRealtime.reconnect();
    expect(await screen.findByText('Пока вас не было')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('не отправлено')).toBeNull());
    expect(server.callsOf('GET', 'messages/').some((c) => c.path.endsWith('?after=1'))).toBe(true);
    expect(articles().map((a) => a.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'Автор Иван К.',
      'Автор Иван К.',
      'Вы',
    ]);
  });

  it('resumes after the last message it saw, not after its own message sent while the socket was down', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer([chatMessage(1, author, 'Привет')]));
    renderChat();
    await screen.findByRole('article', { name: /^Автор/ });
    // The socket is down: the author's message 50 is not pushed, and ours (100) is answered by POST.
    server.state.messages.push(chatMessage(50, author, 'Пока сокет молчал'));
    await user.type(composer(), 'Моё{Enter}');
    await waitFor(() => expect(screen.getByText('отправлено')).toBeInTheDocument());
    expect(screen.queryByText('Пока сокет молчал')).toBeNull();
    fakeRealtime.reconnect();
    expect(await screen.findByText('Пока сокет молчал')).toBeInTheDocument();
    const resumes = server.callsOf('GET', 'messages/').map((c) => c.path.split('?')[1]);
    expect(resumes).toContain('after=1');
    expect(resumes).not.toContain('after=100');
  });

  it('shows a message once when it comes back both in the POST answer and over the socket', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer());
    renderChat();
    await screen.findByText(/Сообщений пока нет/);
    await user.type(composer(), 'Один раз{Enter}');
    await waitFor(() => expect(server.state.messages).toHaveLength(1));
    const message = server.state.messages[0];
    if (!message) throw new Error('not stored');
    fakeRealtime.emit({ type: 'message', payload: { order_id: ORDER_ID, message } });
    fakeRealtime.emit({ type: 'message', payload: { order_id: ORDER_ID, message } });
    await waitFor(() => expect(screen.getByText('отправлено')).toBeInTheDocument());
    expect(screen.getAllByText('Один раз')).toHaveLength(1);
    // Another order's message is not this chat's.
    fakeRealtime.emit({
      type: 'message',
      payload: { order_id: 8, message: { ...chatMessage(300, author, 'Чужой заказ'), order_id: 8 } },
    });
    expect(screen.queryByText('Чужой заказ')).toBeNull();
  });

  it('a message arriving over the socket is marked read, and the counters take the answer', async () => {
    const server = serve(fakeChatServer([chatMessage(1, author, 'Привет')]));
    server.state.read = { customer: 1, staff: 0 };
    renderChat();
    await screen.findByRole('article', { name: /^Автор/ });
    expect(server.callsOf('POST', 'messages/read/')).toHaveLength(0);
    const fresh = chatMessage(20, author, 'Файлы готовы');
    server.state.messages.push(fresh);
    fakeRealtime.emit({ type: 'message', payload: { order_id: ORDER_ID, message: fresh } });
    await waitFor(() => expect(server.callsOf('POST', 'messages/read/')).toHaveLength(1));
    expect(server.callsOf('POST', 'messages/read/')[0]?.body).toEqual({ up_to_id: 20 });
    await waitFor(() =>
      expect(fakeRealtime.unread).toContainEqual({ orderId: ORDER_ID, unread: 0, total: 2 }),
    );
  });

  it('marks unread history read on opening, and shows «прочитано» when the other side reads', async () => {
    const server = serve(
      fakeChatServer([chatMessage(1, author, 'Привет'), chatMessage(2, me, 'Здравствуйте')]),
    );
    server.state.unread = 1;
    renderChat();
    await waitFor(() => expect(server.callsOf('POST', 'messages/read/')[0]?.body).toEqual({ up_to_id: 1 }));
    const mine = await screen.findByRole('article', { name: /^Вы/ });
    expect(mine).toHaveTextContent('отправлено');
    fakeRealtime.emit({ type: 'read', payload: { order_id: ORDER_ID, side: 'staff', up_to_id: 2 } });
    await waitFor(() => expect(mine).toHaveTextContent('прочитано'));
  });

  it('shows «… печатает…» while the author types, and hides it by itself', async () => {
    serve(fakeChatServer([chatMessage(1, author, 'Привет')]));
    renderChat();
    await screen.findByRole('article', { name: /^Автор/ });
    vi.useFakeTimers();
    fakeRealtime.emit({ type: 'typing', payload: { order_id: ORDER_ID, author } });
    expect(screen.getByRole('status')).toHaveTextContent('Автор Иван К. печатает…');
    act(() => vi.advanceTimersByTime(CHAT_TYPING_TTL_MS - 100));
    expect(screen.getByRole('status')).toHaveTextContent('печатает…');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('');
    vi.useRealTimers();
  });

  it('hides «печатает…» when that author’s message arrives', async () => {
    serve(fakeChatServer());
    renderChat();
    await screen.findByText(/Сообщений пока нет/);
    fakeRealtime.emit({ type: 'typing', payload: { order_id: ORDER_ID, author } });
    expect(screen.getByRole('status')).toHaveTextContent('печатает…');
    fakeRealtime.emit({
      type: 'message',
      payload: { order_id: ORDER_ID, message: chatMessage(5, author, 'Готово') },
    });
    expect(await screen.findByText('Готово')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('pages back through older history with «Показать предыдущие»', async () => {
    const user = userEvent.setup();
    const history = Array.from({ length: 45 }, (_, i) =>
      chatMessage(i + 1, i % 2 ? me : author, `Сообщение ${i + 1}`),
    );
    const server = serve(fakeChatServer(history));
    renderChat();
    await waitFor(() => expect(articles()).toHaveLength(30));
    expect(articles()[0]).toHaveTextContent('Сообщение 16');
    await user.click(screen.getByRole('button', { name: 'Показать предыдущие' }));
    await waitFor(() => expect(articles()).toHaveLength(45));
    expect(server.callsOf('GET', 'messages/').map((c) => c.path.split('?')[1])).toContain('before=16');
    expect(articles()[0]).toHaveTextContent('Сообщение 1');
    expect(screen.queryByRole('button', { name: 'Показать предыдущие' })).toBeNull();
  });

  it('a message the server refuses keeps its reason and can be removed', async () => {
    const user = userEvent.setup();
    const server = serve(fakeChatServer());
    server.fail('POST messages/', ApiError.fromResponse(409, { detail: chatMessages.chatClosed }));
    renderChat();
    await screen.findByText(/Сообщений пока нет/);
    await user.type(composer(), 'Ещё вопрос{Enter}');
    expect(await screen.findByText(chatMessages.chatClosed)).toBeInTheDocument();
    expect(screen.getByText('не отправлено')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Удалить неотправленное сообщение' }));
    expect(screen.queryByText('Ещё вопрос')).toBeNull();
    expect(stored()).toEqual({});
  });
});
