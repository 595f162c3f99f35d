import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { workspaceOrder } from '../test-fixtures';
import { renderWorkspace } from '../test-render';
import { fakeWorkspaceServer, staffMessage } from '../test-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

function serve(server: ReturnType<typeof fakeWorkspaceServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

const manager = (id: number, text: string) => ({
  ...staffMessage(id, text),
  author: { role: 'manager' as const, name: 'Менеджер Ольга' },
});
const mine = (id: number, text: string) => ({
  ...staffMessage(id, text),
  author: { role: 'customer' as const, name: 'Вы' },
});

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe('the care tab', () => {
  it('lists the requests with kind, state and a new answer; opening one reads it and the count drops', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, { attention: { chat: 0, files: 0, care: 1, reworks: 0 } }),
        care: [
          {
            id: 41,
            kind: 'complaint',
            state: 'answered',
            subject: 'Автор не отвечает',
            created_at: '2026-11-21T10:00:00.000Z',
            updated_at: '2026-11-22T10:00:00.000Z',
            is_new: true,
            messages: [mine(1, 'Автор не отвечает'), manager(2, 'Связались с автором, ответит сегодня')],
          },
        ],
      }),
    );
    renderWorkspace('/order/7/care');
    const link = await screen.findByRole('link', { name: 'Открыть обращение: Автор не отвечает' });
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText('Жалоба')).toBeInTheDocument();
    expect(within(item).getByText('Есть ответ')).toBeInTheDocument();
    expect(within(item).getByText('новый ответ')).toBeInTheDocument();

    await userEvent.click(link);
    const thread = await screen.findByRole('list', { name: 'Переписка' });
    expect(within(thread).getByText('Связались с автором, ответит сегодня')).toBeInTheDocument();
    expect(within(thread).getByText(/Менеджер Ольга/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы заказа' });
    expect(await within(nav).findByRole('link', { name: 'Забота' })).toBeInTheDocument();
  });

  it('sends a new request of the chosen kind, and says why when the text is missing', async () => {
    const server = serve(fakeWorkspaceServer());
    renderWorkspace('/order/7/care');
    expect(await screen.findByText('Обращений по заказу пока нет.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Новое обращение' }));
    const form = await screen.findByRole('region', { name: 'Новое обращение' });
    await userEvent.click(within(form).getByRole('button', { name: 'Отправить' }));
    expect(await within(form).findByText('Напишите ваш вопрос')).toBeInTheDocument();

    await userEvent.click(within(form).getByText('Жалоба'));
    await userEvent.type(within(form).getByLabelText(/Сообщение/), 'Работа не по теме');
    await userEvent.click(within(form).getByRole('button', { name: 'Отправить' }));
    expect(
      await screen.findByRole('link', { name: 'Открыть обращение: Работа не по теме' }),
    ).toBeInTheDocument();
    expect(server.callsOf('POST', 'care/')[0]?.body).toEqual({
      kind: 'complaint',
      text: 'Работа не по теме',
      files: [],
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Новое обращение' })).not.toBeInTheDocument(),
    );
  });

  it('takes a follow-up in an open request and keeps it when the server refuses', async () => {
    const server = serve(
      fakeWorkspaceServer({
        care: [
          {
            id: 42,
            kind: 'question',
            state: 'answered',
            subject: 'Когда будет план?',
            created_at: '2026-11-21T10:00:00.000Z',
            updated_at: '2026-11-22T10:00:00.000Z',
            is_new: false,
            messages: [mine(1, 'Когда будет план?'), manager(2, 'Завтра')],
          },
        ],
      }),
    );
    renderWorkspace('/order/7/care?open=42');
    const reply = await screen.findByLabelText(/Ваше сообщение/);
    await userEvent.type(reply, 'Спасибо, жду');
    server.fail('POST /api/client/orders/7/care/42/messages/', ApiError.noResponse());
    await userEvent.click(screen.getByRole('button', { name: 'Отправить сообщение' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер не отвечает');
    expect(reply).toHaveValue('Спасибо, жду');

    server.heal('POST /api/client/orders/7/care/42/messages/');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить сообщение' }));
    const thread = screen.getByRole('list', { name: 'Переписка' });
    expect(await within(thread).findByText('Спасибо, жду')).toBeInTheDocument();
    expect(await screen.findByLabelText(/Ваше сообщение/)).toHaveValue('');
    expect(server.callsOf('POST', 'care/42/messages/').at(-1)?.body).toEqual({
      text: 'Спасибо, жду',
      files: [],
    });
  });

  it('shows a closed request read-only', async () => {
    serve(
      fakeWorkspaceServer({
        care: [
          {
            id: 43,
            kind: 'question',
            state: 'closed',
            subject: 'Вопрос решён',
            created_at: '2026-11-21T10:00:00.000Z',
            updated_at: '2026-11-22T10:00:00.000Z',
            is_new: false,
            messages: [mine(1, 'Вопрос решён'), manager(2, 'Закрываем обращение')],
          },
        ],
      }),
    );
    renderWorkspace('/order/7/care?open=43');
    expect(await screen.findByText('Закрываем обращение')).toBeInTheDocument();
    expect(screen.getByText('Обращение закрыто. Если вопрос остался, создайте новое.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Ваше сообщение/)).not.toBeInTheDocument();
    expect(screen.getByText('Закрыто')).toBeInTheDocument();
  });
});
