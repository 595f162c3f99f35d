import type { OwnReview } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, type ApiInit } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { reviewDismissedKey } from '../review';
import { workspaceOrder } from '../test-fixtures';
import { renderWorkspace } from '../test-render';
import { fakeWorkspaceServer } from '../test-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

const REVIEW = '/api/client/orders/7/review/';

/** The workspace's fake server, with the review routes answered from `review`. */
function serve(status: { id: number; title: string }, review: OwnReview | null = null) {
  const server = fakeWorkspaceServer({ order: workspaceOrder(7, { status, can_accept: false }) });
  const posts: unknown[] = [];
  let current = review;
  vi.mocked(apiFetch).mockImplementation(async (path: string, init?: ApiInit) => {
    if (path === REVIEW && (init?.method ?? 'GET') === 'GET')
      return { allowed: status.id === 7, review: current };
    if (path === REVIEW && init?.method === 'POST') {
      posts.push(init.body);
      const body = init.body as { rating: number; text: string };
      current = {
        id: 501,
        rating: body.rating,
        text: body.text,
        customer_name: 'Алиса',
        work_type: 'Курсовая работа',
        created_at: '2026-11-28T09:00:00.000Z',
        updated_at: '2026-11-28T09:00:00.000Z',
        editable_until: '2026-12-12T09:00:00.000Z',
        editable: true,
      };
      return current;
    }
    return server.handle(path, init);
  });
  return { server, posts };
}

const completed = { id: 7, title: 'Выполнен' };

/** The star a pointer clicks: Mantine's Rating takes a value from its label (the radio only hovers). */
const star = (root: HTMLElement, n: number) =>
  (within(root).getByLabelText(`Оценка: ${n} из 5`) as HTMLInputElement).labels![0]!;

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe("the order page's rating of the author", () => {
  it('links the header’s author to their page and shows their rating', async () => {
    serve({ id: 5, title: 'Проверьте работу' });
    renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    const link = within(header).getByRole('link', { name: 'Автор Иван' });
    expect(link).toHaveAttribute('href', '/author/41');
    expect(within(header).getByText('4,8 из 5 · 12 отзывов')).toBeInTheDocument();
  });

  it('does not ask before the work is accepted', async () => {
    serve({ id: 5, title: 'Проверьте работу' });
    renderWorkspace('/order/7/chat');
    await screen.findByRole('banner');
    expect(screen.queryByRole('heading', { name: 'Оцените автора' })).not.toBeInTheDocument();
    expect(vi.mocked(apiFetch).mock.calls.some(([path]) => path === REVIEW)).toBe(false);
  });

  it('asks once after acceptance, checks the stars, sends the review and shows it with an edit action', async () => {
    const user = userEvent.setup();
    const { posts } = serve(completed);
    renderWorkspace('/order/7/chat');
    const card = (await screen.findByRole('heading', { name: 'Оцените автора' })).closest('form')!;
    await user.click(within(card).getByRole('button', { name: 'Оценить автора' }));
    expect(await within(card).findByText('Поставьте оценку от 1 до 5')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.click(star(card, 4));
    await user.type(within(card).getByLabelText(/Отзыв/), 'Сделано раньше срока');
    await user.click(within(card).getByRole('button', { name: 'Оценить автора' }));
    await waitFor(() => expect(posts).toEqual([{ rating: 4, text: 'Сделано раньше срока' }]));

    const own = (await screen.findByRole('heading', { name: 'Ваш отзыв об авторе' })).closest(
      'section, div',
    )!;
    expect(within(own as HTMLElement).getByText('Сделано раньше срока')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Оценка: 4 из 5' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изменить отзыв' }));
    const form = (await screen.findByRole('heading', { name: 'Ваш отзыв об авторе' })).closest('form')!;
    expect(within(form).getByLabelText(/Отзыв/)).toHaveValue('Сделано раньше срока');
    await user.click(star(form, 5));
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ rating: 5, text: 'Сделано раньше срока' });
  });

  it('takes the stars from the keyboard: arrows move the choice, which is sent', async () => {
    const user = userEvent.setup();
    const { posts } = serve(completed);
    renderWorkspace('/order/7/chat');
    const card = (await screen.findByRole('heading', { name: 'Оцените автора' })).closest('form')!;
    within(card).getByLabelText('Оценка: 2 из 5').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(card).getByLabelText('Оценка: 4 из 5')).toBeChecked();
    await user.tab();
    await user.click(within(card).getByRole('button', { name: 'Оценить автора' }));
    await waitFor(() => expect(posts).toEqual([{ rating: 4, text: '' }]));
  });

  it('remembers «Не сейчас» on this device and does not ask again', async () => {
    const user = userEvent.setup();
    serve(completed);
    const first = renderWorkspace('/order/7/chat');
    await user.click(await screen.findByRole('button', { name: 'Не сейчас' }));
    expect(screen.queryByRole('heading', { name: 'Оцените автора' })).not.toBeInTheDocument();
    expect(localStorage.getItem(reviewDismissedKey(7))).not.toBeNull();
    first.unmount();

    serve(completed);
    renderWorkspace('/order/7/chat');
    // Only a quiet button is left, which opens the form when the customer wants it.
    const later = await screen.findByRole('button', { name: 'Оценить автора' });
    expect(screen.queryByRole('heading', { name: 'Оцените автора' })).not.toBeInTheDocument();
    await user.click(later);
    expect(await screen.findByRole('heading', { name: 'Оцените автора' })).toBeInTheDocument();
  });

  it('shows a review past its 14 days without the edit action', async () => {
    serve(completed, {
      id: 501,
      rating: 3,
      text: '',
      customer_name: 'Алиса',
      work_type: 'Курсовая работа',
      created_at: '2026-10-01T09:00:00.000Z',
      updated_at: '2026-10-01T09:00:00.000Z',
      editable_until: '2026-10-15T09:00:00.000Z',
      editable: false,
    });
    renderWorkspace('/order/7/chat');
    expect(await screen.findByRole('heading', { name: 'Ваш отзыв об авторе' })).toBeInTheDocument();
    expect(screen.getByText('Без текста')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изменить отзыв' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the form', async () => {
    const user = userEvent.setup();
    serve(completed);
    const handle = vi.mocked(apiFetch).getMockImplementation()!;
    vi.mocked(apiFetch).mockImplementation(async (path: string, init?: ApiInit) => {
      if (path === REVIEW && init?.method === 'POST') {
        throw ApiError.fromResponse(409, {
          detail: 'Оценить автора можно после того, как вы примете работу',
        });
      }
      return handle(path, init);
    });
    renderWorkspace('/order/7/chat');
    const card = (await screen.findByRole('heading', { name: 'Оцените автора' })).closest('form')!;
    await user.click(star(card, 2));
    await user.click(within(card).getByRole('button', { name: 'Оценить автора' }));
    expect(
      await within(card).findByText('Оценить автора можно после того, как вы примете работу'),
    ).toBeInTheDocument();
  });
});
