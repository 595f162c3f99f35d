import type { AuthorProfile, Review } from '@cabinet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import AuthorPage from './author-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

const review = (id: number, over: Partial<Review> = {}): Review => ({
  id,
  rating: 5,
  text: `Отзыв ${id}`,
  customer_name: 'Алиса',
  work_type: 'Курсовая работа',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

function author(over: Partial<AuthorProfile> = {}): AuthorProfile {
  return {
    id: 41,
    name: 'Иван Кузнецов',
    avatars: {},
    about: 'Кандидат экономических наук',
    rating: { value: 4.3, count: 12 },
    completed_orders: 57,
    subjects: [
      { id: 1, title: 'Маркетинг' },
      { id: 2, title: 'Экономика' },
    ],
    reviews: {
      results: Array.from({ length: 10 }, (_, i) => review(100 + i)),
      next: 'http://localhost:3000/api/client/authors/41/?page=2',
      previous: null,
      count: 12,
    },
    ...over,
  };
}

const open = () => renderRoute(<AuthorPage />, { path: '/author/:id', url: '/author/41' });

beforeEach(() => vi.mocked(apiFetch).mockReset());

describe('/author/{id}', () => {
  it('shows the author: initials, rating, finished orders, «О себе», subjects and the reviews', async () => {
    vi.mocked(apiFetch).mockResolvedValue(author());
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Иван Кузнецов' })).toBeInTheDocument();
    expect(vi.mocked(apiFetch).mock.calls[0]?.[0]).toBe('/api/client/authors/41/');
    expect(screen.getByText('ИК')).toBeInTheDocument();
    expect(screen.getByText('4,3 из 5 · 12 отзывов')).toBeInTheDocument();
    expect(screen.getByText('57')).toBeInTheDocument();
    expect(screen.getByText('Кандидат экономических наук')).toBeInTheDocument();
    expect(screen.getByText('Маркетинг')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Отзывы заказчиков' });
    expect(within(reviews).getAllByRole('article')).toHaveLength(10);
    expect(within(reviews).getAllByText('Алиса, Курсовая работа')).toHaveLength(10);
    expect(within(reviews).getAllByRole('img', { name: 'Оценка: 5 из 5' })).toHaveLength(10);
  });

  it('pages the reviews ten at a time', async () => {
    const user = userEvent.setup();
    vi.mocked(apiFetch).mockImplementation(async (path) =>
      String(path).endsWith('?page=2')
        ? author({
            reviews: {
              results: [review(1, { rating: 2, text: 'Поздно' })],
              next: null,
              previous: 'x',
              count: 12,
            },
          })
        : author(),
    );
    open();
    const pages = await screen.findByRole('navigation', { name: 'Страницы отзывов' });
    await user.click(within(pages).getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByText('Поздно')).toBeInTheDocument();
    expect(vi.mocked(apiFetch).mock.calls.map((c) => c[0])).toContain('/api/client/authors/41/?page=2');
  });

  it('says so while the author has few or no reviews and no subjects', async () => {
    vi.mocked(apiFetch).mockResolvedValue(
      author({
        about: '',
        subjects: [],
        rating: { value: null, count: 0 },
        reviews: { results: [], next: null, previous: null, count: 0 },
      }),
    );
    open();
    expect(await screen.findByText('Отзывов пока нет')).toBeInTheDocument();
    expect(screen.getByText('Пока нет отзывов')).toBeInTheDocument();
    expect(screen.getByText('Автор пока не указал предметы')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'О себе' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страницы отзывов' })).not.toBeInTheDocument();
  });
});
