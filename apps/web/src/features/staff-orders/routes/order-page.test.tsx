import {
  staffMessages,
  StaffOrderSchema,
  type StaffMe,
  type StaffOrder,
  type WorkspaceFile,
  staffApi,
} from '@cabinet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../shared/navigation';
import { storeStaffSession } from '../../../shared/staff/session';
import { serveStaffApi, type Reply } from '../../../shared/staff/test-server';
import { renderRoute } from '../../../shared/ui/test-utils';
import { StaffOrderChat, staffChatTitle } from '../../order-chat';
import OrderPage from './order-page';

const manager: StaffMe = { id: 1, email: 'olga@staff.example', role: 'manager', name: 'Ольга' };
const author: StaffMe = { id: 5, email: 'ivan@staff.example', role: 'performer', name: 'Иван К.' };

const customerFile: WorkspaceFile = {
  id: 11,
  name: 'методичка.pdf',
  size: 2048,
  mime: 'application/pdf',
  created_at: '2026-11-20T10:00:00Z',
  group: 'customer',
  uploaded_by: { role: 'customer', name: 'Мария' },
  is_reviewed: true,
  download_url: staffApi.fileDownload(7, 11),
  preview_url: null,
};

function orderOf(change: Partial<StaffOrder> = {}): StaffOrder {
  return StaffOrderSchema.parse({
    id: 7,
    status: { id: 4, title: 'В работе' },
    work_type: 'Курсовая работа',
    topic: 'Инфляция в России',
    deadline: '2030-12-01',
    deadline_at: '2030-12-01T20:59:59.999Z',
    price: 500_000,
    paid: 500_000,
    performer: { id: 5, name: 'Иван К.' },
    customer_name: 'Мария',
    open_reworks: 0,
    open_care: 0,
    created_at: '2026-11-20T10:00:00Z',
    details: {
      work_type: { id: 2, title: 'Курсовая работа' },
      subject: { id: 3, title: 'Экономика' },
      topic: 'Инфляция в России',
      university: null,
      deadline: '2030-12-01',
      pages: 30,
      originality: 70,
      verification_system: null,
      requirements: 'По ГОСТу',
      links: [],
      promo_code: null,
    },
    customer: { id: 9, name: 'Мария Петрова', email: 'maria@example.com', phone: '+79990001122' },
    cost: 500_000,
    discount: 0,
    discounts: [],
    guarantee_until: null,
    files: [customerFile],
    originality_report: null,
    next_statuses: [5, 6, 8],
    is_trash: false,
    ...change,
  });
}

function serveOrder(order: StaffOrder, extra: Record<string, Reply> = {}) {
  return serveStaffApi({
    [`GET ${staffApi.order(7)}`]: { body: order },
    [`GET ${staffApi.reworks(7)}`]: {
      body: { results: [], count: 0, eligibility: { allowed: false, reason: null } },
    },
    [`GET ${staffApi.care(7)}`]: { body: { results: [], count: 0 } },
    [`GET ${staffApi.timeline(7)}`]: { body: { results: [] } },
    [`GET ${staffApi.messages(7)}`]: {
      body: { results: [], has_more: false, read: { customer: 0, staff: 0 }, unread: 0 },
    },
    [`GET ${staffApi.performers}`]: {
      body: {
        results: [
          { id: 5, name: 'Иван К.', active_orders: 2 },
          { id: 6, name: 'Пётр С.', active_orders: 0 },
        ],
      },
    },
    ...extra,
  });
}

function renderOrder(me: StaffMe) {
  storeStaffSession('token', me);
  // The order chat as the app puts it in (app/staff-order-screen.tsx).
  const chat = { title: staffChatTitle, render: (orderId: number) => <StaffOrderChat orderId={orderId} /> };
  return renderRoute(<OrderPage chat={chat} />, { path: '/staff/orders/:id', url: '/staff/orders/7' });
}

beforeEach(() => {
  setNavigator({ navigate: vi.fn(), location: () => ({ pathname: '/staff/orders/7', search: '' }) });
});

afterEach(() => vi.unstubAllGlobals());

describe('OrderPage for a manager', () => {
  it('shows the customer’s contacts and every manager action', async () => {
    serveOrder(orderOf());
    renderOrder(manager);
    expect(await screen.findByRole('heading', { name: 'Заказ № 7' })).toBeInTheDocument();
    expect(screen.getByText('maria@example.com')).toBeInTheDocument();
    // Stored as E.164, shown formatted.
    expect(screen.getByText('+7 (999) 000-11-22')).toBeInTheDocument();
    for (const title of ['На проверке у заказчика', 'Доработка', 'Отменён']) {
      expect(screen.getByRole('button', { name: title })).toBeInTheDocument();
    }
    expect(await screen.findByLabelText('Сменить автора')).toBeInTheDocument();
    // Paid: the price is locked, the deadline still moves.
    expect(screen.getByLabelText('Цена до скидок, ₽')).toBeDisabled();
    expect(screen.getByLabelText('Срок сдачи')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Выбрать файлы' })).toBeInTheDocument();
  });

  it('asks once before a status move, and a 409 shows the server’s reason and reloads the order', async () => {
    const user = userEvent.setup();
    const { calls } = serveOrder(orderOf(), {
      [`POST ${staffApi.status(7)}`]: { status: 409, body: { detail: staffMessages.statusConflict } },
    });
    renderOrder(manager);
    await user.click(await screen.findByRole('button', { name: 'Отменён' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сменить статус?' });
    expect(dialog).toHaveTextContent('Заказ перейдёт из «В работе» в «Отменён».');
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText(staffMessages.statusConflict)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status_id: 8, from_status_id: 4 });
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url === staffApi.order(7))).toHaveLength(2),
    );
  });

  it('sends a new price in kopecks while the order awaits payment', async () => {
    const user = userEvent.setup();
    const { calls } = serveOrder(
      orderOf({ status: { id: 2, title: 'Ожидает оплаты' }, paid: 0, next_statuses: [8] }),
      {
        [`PATCH ${staffApi.order(7)}`]: { body: orderOf() },
      },
    );
    renderOrder(manager);
    const price = await screen.findByLabelText('Цена до скидок, ₽');
    await user.clear(price);
    await user.type(price, '6 500,50');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ cost: 650_050 }));
  });
});

describe('OrderPage: the price and its discounts', () => {
  it('shows the price before discounts, each discount the customer keeps, and what the customer pays', async () => {
    serveOrder(
      orderOf({
        status: { id: 2, title: 'Ожидает оплаты' },
        paid: 0,
        cost: 528_000,
        discount: 105_600,
        price: 422_400,
        discounts: [
          { kind: 'first_order', name: 'Скидка на первый заказ', percent: 10, fixed: null, amount: 52_800 },
          { kind: 'promo', name: 'Промокод STUDENT10', percent: 10, fixed: null, amount: 52_800 },
        ],
      }),
    );
    renderOrder(manager);
    const table = await screen.findByRole('table', { name: 'Из чего складывается цена' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => (row.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
    ).toEqual([
      'Цена без скидок5 280 ₽',
      'Скидка на первый заказ (10 %)−528 ₽',
      'Промокод STUDENT10 (10 %)−528 ₽',
      'К оплате4 224 ₽',
    ]);
    // The manager's field is the price before discounts.
    expect(screen.getByLabelText('Цена до скидок, ₽')).toHaveValue('5280');
  });
});

describe('OrderPage for an author', () => {
  it('the assigned author delivers files but has no manager actions and sees no contacts', async () => {
    serveOrder(
      orderOf({ customer: { id: null, name: 'Мария', email: null, phone: null }, next_statuses: [] }),
    );
    renderOrder(author);
    expect(await screen.findByRole('heading', { name: 'Заказ № 7' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать файлы' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отменён' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Цена до скидок, ₽')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/автора/)).not.toBeInTheDocument();
    expect(screen.queryByText('maria@example.com')).not.toBeInTheDocument();
  });

  it('an author who is not assigned cannot upload', async () => {
    serveOrder(orderOf({ performer: { id: 99, name: 'Другой' }, next_statuses: [] }));
    renderOrder(author);
    expect(await screen.findByRole('heading', { name: 'Заказ № 7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Выбрать файлы' })).not.toBeInTheDocument();
  });

  it('an order that is not theirs (404) says so', async () => {
    serveStaffApi({ [`GET ${staffApi.order(7)}`]: { status: 404, body: { detail: 'Не найдено' } } });
    renderOrder(author);
    expect(await screen.findByText('Заказ не найден или не назначен вам')).toBeInTheDocument();
  });
});

describe('OrderPage threads', () => {
  const rework = {
    id: 31,
    number: 1,
    state: 'open',
    comment: 'Добавьте выводы',
    wished_date: null,
    files: [],
    created_at: '2026-11-22T10:00:00Z',
    answered_at: null,
    is_new: false,
  };
  const message = (id: number, role: 'customer' | 'manager', text: string) => ({
    id,
    author: { role, name: role === 'customer' ? 'Мария' : 'Менеджер Ольга' },
    text,
    files: [],
    created_at: '2026-11-22T10:00:00Z',
  });
  const care = {
    id: 41,
    kind: 'complaint',
    state: 'open',
    subject: 'Не тот объём',
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    is_new: false,
  };

  it('the author answers an open rework; the server’s refusal is shown in Russian', async () => {
    const user = userEvent.setup();
    const { calls } = serveOrder(orderOf({ status: { id: 6, title: 'Доработка' }, next_statuses: [] }), {
      [`GET ${staffApi.reworks(7)}`]: {
        body: { results: [rework], count: 1, eligibility: { allowed: false, reason: null } },
      },
      [`GET ${staffApi.rework(7, 31)}`]: {
        body: { ...rework, messages: [message(1, 'customer', 'Добавьте выводы ко второй главе')] },
      },
      [`POST ${staffApi.reworkAnswer(7, 31)}`]: {
        status: 409,
        body: { detail: staffMessages.answerNeedsFinal },
      },
    });
    renderOrder(author);
    await user.click(await screen.findByRole('button', { name: /Доработка № 1/ }, { timeout: 5000 }));
    expect(await screen.findByText('Добавьте выводы ко второй главе')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Ответ заказчику'), 'Выводы добавлены');
    await user.click(
      within(screen.getByRole('region', { name: 'Доработки' })).getByRole('button', { name: 'Отправить' }),
    );
    expect(await screen.findByText(staffMessages.answerNeedsFinal)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Выводы добавлены', files: [] });
  });

  it('offers the final files the server holds for the open rework, after any reload, and sends them', async () => {
    const user = userEvent.setup();
    const held = {
      id: 55,
      name: 'Курсовая v2.pdf',
      size: 1000,
      mime: 'application/pdf',
      created_at: '2026-11-22T11:00:00Z',
      group: 'final',
      uploaded_by: { role: 'performer', name: 'Иван К.' },
      is_reviewed: false,
      download_url: staffApi.fileDownload(7, 55),
      preview_url: null,
    };
    const { calls } = serveOrder(orderOf({ status: { id: 6, title: 'Доработка' }, next_statuses: [] }), {
      [`GET ${staffApi.reworks(7)}`]: {
        body: {
          results: [{ ...rework, answer_files: [held] }],
          count: 1,
          eligibility: { allowed: false, reason: null },
        },
      },
      [`GET ${staffApi.rework(7, 31)}`]: { body: { ...rework, answer_files: [held], messages: [] } },
      [`POST ${staffApi.reworkAnswer(7, 31)}`]: {
        body: { ...rework, state: 'answered', messages: [] },
      },
    });
    renderOrder(author);
    await user.click(await screen.findByRole('button', { name: /Доработка № 1/ }, { timeout: 5000 }));
    const files = await screen.findByRole('group', { name: 'Итоговые файлы к ответу' });
    expect(files).toHaveTextContent('Курсовая v2.pdf');
    await user.type(screen.getByLabelText('Ответ заказчику'), 'Исправил');
    await user.click(
      within(screen.getByRole('region', { name: 'Доработки' })).getByRole('button', { name: 'Отправить' }),
    );
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Исправил', files: [55] }),
    );
  });

  it('gives the assigned author «Взять в работу» when the server offers it', async () => {
    const user = userEvent.setup();
    const { calls } = serveOrder(
      orderOf({ status: { id: 9, title: 'Оплачен, автор назначен' }, next_statuses: [4] }),
      {
        [`POST ${staffApi.status(7)}`]: {
          body: orderOf({ status: { id: 4, title: 'В работе' }, next_statuses: [] }),
        },
      },
    );
    renderOrder(author);
    await user.click(await screen.findByRole('button', { name: 'Взять в работу' }, { timeout: 5000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Подтвердить' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status_id: 4, from_status_id: 9 }),
    );
  });

  it('a manager answers a care request and closes it; an author cannot answer', async () => {
    const user = userEvent.setup();
    const routes = {
      [`GET ${staffApi.care(7)}`]: { body: { results: [care], count: 1 } },
      [`GET ${staffApi.careRequest(7, 41)}`]: {
        body: { ...care, messages: [message(1, 'customer', 'Не тот объём')] },
      },
      [`POST ${staffApi.careMessages(7, 41)}`]: {
        status: 201,
        body: { ...care, state: 'closed', messages: [] },
      },
    };
    const { calls } = serveOrder(orderOf(), routes);
    renderOrder(manager);
    await user.click(await screen.findByRole('button', { name: /Не тот объём/ }, { timeout: 5000 }));
    await user.type(await screen.findByLabelText('Ответить'), 'Пересчитаем объём');
    await user.click(screen.getByLabelText('Закрыть обращение'));
    await user.click(
      within(screen.getByRole('region', { name: 'Обращения' })).getByRole('button', { name: 'Отправить' }),
    );
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        text: 'Пересчитаем объём',
        files: [],
        close: true,
      }),
    );
  });

  it('an author reads care requests but has no answer form', async () => {
    const user = userEvent.setup();
    serveOrder(orderOf({ next_statuses: [] }), {
      [`GET ${staffApi.care(7)}`]: { body: { results: [care], count: 1 } },
      [`GET ${staffApi.careRequest(7, 41)}`]: {
        body: { ...care, messages: [message(1, 'customer', 'Не тот объём')] },
      },
    });
    renderOrder(author);
    await user.click(await screen.findByRole('button', { name: /Не тот объём/ }, { timeout: 5000 }));
    // The subject on the request and the customer's message in its thread.
    await vi.waitFor(() => expect(screen.getAllByText('Не тот объём')).toHaveLength(2));
    expect(screen.queryByLabelText('Ответить')).not.toBeInTheDocument();
  });
});

describe('OrderPage chat', () => {
  const chat = (
    id: number,
    role: 'customer' | 'performer' | 'manager',
    text: string,
    staffId: number | null,
  ) => ({
    id,
    order_id: 7,
    client_id: `client-${id}-abc`,
    author: {
      role,
      name: role === 'customer' ? 'Мария' : role === 'manager' ? 'Менеджер Ольга' : 'Автор Иван К.',
    },
    staff_id: staffId,
    text,
    files: [],
    created_at: '2026-11-23T10:00:00Z',
  });

  it('the author chats with the customer: faces, the read mark, and Enter sends with the staff token', async () => {
    const user = userEvent.setup();
    const sent = chat(12, 'performer', 'План готов', 5);
    const { calls } = serveOrder(orderOf(), {
      [`GET ${staffApi.messages(7)}`]: {
        body: {
          results: [
            chat(11, 'manager', 'Подключаюсь', 1),
            chat(10, 'performer', 'Начал работу', 5),
            chat(9, 'customer', 'Когда будет план?', null),
          ],
          has_more: false,
          read: { customer: 10, staff: 11 },
          unread: 0,
        },
      },
      [`POST ${staffApi.messages(7)}`]: { status: 201, body: sent },
    });
    renderOrder(author);
    const section = await screen.findByRole('region', { name: 'Чат' });
    const history = within(section).getByRole('log', { name: 'Переписка по заказу' });
    await vi.waitFor(() => expect(within(history).getAllByRole('article')).toHaveLength(3));
    const names = within(history)
      .getAllByRole('article')
      .map((a) => a.getAttribute('aria-label')?.split(',')[0]);
    expect(names).toEqual(['Мария', 'Вы', 'Менеджер Ольга']);
    expect(within(history).getByRole('article', { name: /^Вы/ })).toHaveTextContent('прочитано');
    await user.type(within(section).getByRole('textbox', { name: 'Сообщение' }), 'План готов{Enter}');
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.url === staffApi.messages(7))).toHaveLength(1),
    );
    const post = calls.find((c) => c.method === 'POST' && c.url === staffApi.messages(7));
    expect(post?.body).toMatchObject({ text: 'План готов', file_ids: [] });
    expect(post?.auth).toBe('Bearer token');
    expect(await within(history).findByText('План готов')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('staffChatOutbox') ?? '{}')).toEqual({});
  });
});
