import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { workspaceFile, workspaceOrder } from '../test-fixtures';
import { renderWorkspace } from '../test-render';
import { fakeWorkspaceServer, staffMessage } from '../test-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

function serve(server: ReturnType<typeof fakeWorkspaceServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe('the reworks tab', () => {
  it('disables the request with the reason written out when no rework is allowed', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, {
          rework: {
            allowed: false,
            reason: 'Гарантийный срок закончился: доработку можно заказать только как новый заказ',
          },
        }),
      }),
    );
    renderWorkspace('/order/7/reworks');
    const button = await screen.findByRole('button', { name: 'Запросить доработку' });
    expect(button).toBeDisabled();
    const reason = screen.getByText(
      'Гарантийный срок закончился: доработку можно заказать только как новый заказ',
    );
    expect(button).toHaveAttribute('aria-describedby', reason.id);
    expect(await screen.findByText('Доработок по заказу не было.')).toBeInTheDocument();
  });

  it('checks the form, keeps what was typed when the server refuses, then sends it', async () => {
    const server = serve(fakeWorkspaceServer());
    const { router } = renderWorkspace('/order/7/reworks');
    await userEvent.click(await screen.findByRole('button', { name: 'Запросить доработку' }));
    const form = await screen.findByRole('region', { name: 'Запросить доработку' });
    const submit = within(form).getByRole('button', { name: 'Отправить на доработку' });

    await userEvent.click(submit);
    expect(await within(form).findByText('Опишите, что нужно доработать')).toBeInTheDocument();
    const comment = within(form).getByLabelText(/Что нужно доработать/);
    expect(comment).toHaveFocus();
    expect(server.callsOf('POST', 'reworks/')).toHaveLength(0);

    await userEvent.type(comment, 'Добавьте выводы ко второй главе');
    const date = within(form).getByLabelText('Желаемая дата');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    await userEvent.type(date, '2020-01-01');
    await userEvent.click(submit);
    expect(await within(form).findByText('Желаемая дата — не раньше завтрашнего дня')).toBeInTheDocument();

    await userEvent.clear(date);
    await userEvent.type(date, '2099-01-10');
    server.fail(
      'POST /api/client/orders/7/reworks/',
      ApiError.fromResponse(400, { errors: { wished_date: ['Желаемая дата — не раньше завтрашнего дня'] } }),
    );
    await userEvent.click(submit);
    expect(await within(form).findByText('Желаемая дата — не раньше завтрашнего дня')).toBeInTheDocument();
    expect(comment).toHaveValue('Добавьте выводы ко второй главе');

    server.heal('POST /api/client/orders/7/reworks/');
    await userEvent.click(submit);
    expect(await screen.findByRole('link', { name: 'Доработка № 1' })).toBeInTheDocument();
    expect(server.callsOf('POST', 'reworks/').at(-1)?.body).toEqual({
      comment: 'Добавьте выводы ко второй главе',
      wished_date: '2099-01-10',
      files: [],
    });
    expect(router.state.location.search).toBe('');
    // The order is in rework now: the header says so and the button waits, with the reason.
    expect(await within(screen.getByRole('banner')).findByText('Автор дорабатывает')).toBeInTheDocument();
    expect(await screen.findByText('Доработка уже идёт: дождитесь ответа автора')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Запросить доработку' })).toBeDisabled();
  });

  it('lists the reworks and opens one with its thread; an opened answer stops counting as new', async () => {
    const server = serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, { attention: { chat: 0, files: 0, care: 0, reworks: 1 } }),
        reworks: [
          {
            id: 31,
            number: 1,
            state: 'answered',
            comment: 'Поправьте оформление',
            wished_date: '2026-12-05',
            files: [],
            created_at: '2026-11-21T10:00:00.000Z',
            answered_at: '2026-11-22T09:00:00.000Z',
            is_new: true,
            messages: [
              { ...staffMessage(1, 'Поправьте оформление'), author: { role: 'customer', name: 'Вы' } },
              staffMessage(2, 'Готово, оформление по ГОСТу', [
                workspaceFile(5, 'final', { name: 'Исправлено.pdf' }),
              ]),
            ],
          },
        ],
      }),
    );
    renderWorkspace('/order/7/reworks');
    const nav = await screen.findByRole('navigation', { name: 'Разделы заказа' });
    expect(within(nav).getByRole('link', { name: /^Доработки\s?\(1 новый\)$/ })).toBeInTheDocument();
    const item = (await screen.findByRole('link', { name: 'Доработка № 1' })).closest('li') as HTMLElement;
    expect(within(item).getByText('Доработка готова')).toBeInTheDocument();
    expect(within(item).getByText('новый ответ')).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('link', { name: 'Доработка № 1' }));
    expect(await screen.findByRole('heading', { name: 'Доработка № 1' })).toBeInTheDocument();
    expect(screen.getByText('Желаемая дата: 5 декабря 2026')).toBeInTheDocument();
    const thread = screen.getByRole('list', { name: 'Переписка' });
    expect(within(thread).getByText('Готово, оформление по ГОСТу')).toBeInTheDocument();
    expect(
      within(thread)
        .getAllByText(/Автор Иван|Вы/)
        .map((n) => n.textContent?.trim().split(' ·')[0]),
    ).toEqual(expect.arrayContaining(['Вы', 'Автор Иван']));
    expect(within(thread).getByRole('button', { name: 'Скачать Исправлено.pdf' })).toBeInTheDocument();
    expect(server.callsOf('GET', 'reworks/31/')).toHaveLength(1);
    expect(await within(nav).findByRole('link', { name: 'Доработки' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Назад к списку' }));
    const back = (await screen.findByRole('link', { name: 'Доработка № 1' })).closest('li') as HTMLElement;
    await waitFor(() => expect(within(back).queryByText('новый ответ')).not.toBeInTheDocument());
  });
});
