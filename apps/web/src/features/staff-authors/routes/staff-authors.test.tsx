import { type StaffAuthor, type StaffMe, type StaffReview, staffApi } from '@cabinet/contract';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../shared/navigation';
import { storeStaffSession } from '../../../shared/staff/session';
import { serveStaffApi } from '../../../shared/staff/test-server';
import { renderRoute } from '../../../shared/ui/test-utils';
import StaffAuthorPage from './staff-author-page';
import StaffProfilePage from './staff-profile-page';

const author: StaffMe = { id: 41, email: 'ivan@staff.example', role: 'performer', name: 'Иван К.' };
const manager: StaffMe = { id: 1, email: 'olga@staff.example', role: 'manager', name: 'Ольга' };

const review = (id: number, over: Partial<StaffReview> = {}): StaffReview => ({
  id,
  rating: 5,
  text: `Отзыв ${id}`,
  customer_name: 'Алиса',
  work_type: 'Курсовая работа',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  order_id: 700 + id,
  hidden: null,
  ...over,
});

const authorView = (reviews: StaffReview[]): StaffAuthor => ({
  id: 41,
  name: 'Иван К.',
  about: 'Экономист',
  rating: { value: 4.5, count: 4 },
  completed_orders: 9,
  subjects: [{ id: 2, title: 'Экономика' }],
  reviews,
});

const subjects = [
  { id: 1, title: 'Маркетинг' },
  { id: 2, title: 'Экономика' },
];

beforeEach(() => {
  setNavigator({ navigate: vi.fn(), location: () => ({ pathname: '/staff', search: '' }) });
});

// The profile journey types «О себе» and picks subjects key by key: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('the staff side of authors', () => {
  it('lets an author tell about themselves and pick subjects, and shows their reviews with the hidden ones marked', async () => {
    const user = userEvent.setup();
    storeStaffSession('token', author);
    const { calls } = serveStaffApi({
      [`GET ${staffApi.profile}`]: { body: { about: 'Экономист', subjects: [subjects[1]] } },
      [`GET ${staffApi.subjects}`]: { body: { results: subjects } },
      [`GET ${staffApi.author(41)}`]: {
        body: authorView([
          review(1),
          review(2, { rating: 1, hidden: { reason: 'Оскорбления', at: '2026-11-21' } }),
        ]),
      },
      [`PUT ${staffApi.profile}`]: (init) => ({ body: { ...JSON.parse(String(init?.body)), subjects } }),
    });
    renderRoute(
      <>
        <Notifications />
        <StaffProfilePage />
      </>,
      { path: '/staff/profile', url: '/staff/profile' },
    );
    const about = await screen.findByLabelText(/О себе/);
    expect(about).toHaveValue('Экономист');
    await user.clear(about);
    await user.type(about, 'Пишу по экономике десять лет');
    await user.click(screen.getAllByLabelText(/^Предметы/).find((e) => e.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'Маркетинг' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ about: 'Пишу по экономике десять лет', subject_ids: [2, 1] });

    const mine = await screen.findByRole('region', { name: 'Отзывы обо мне' });
    expect(within(mine).getByText('4,5 из 5 · 4 отзыва')).toBeInTheDocument();
    expect(within(mine).getByText('Скрыт менеджером. Причина: Оскорбления')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Скрыть отзыв' })).not.toBeInTheDocument();
  });

  it('refuses «О себе» over 500 characters before sending', async () => {
    const user = userEvent.setup();
    storeStaffSession('token', manager);
    const { calls } = serveStaffApi({
      [`GET ${staffApi.profile}`]: { body: { about: '', subjects: [] } },
      [`GET ${staffApi.subjects}`]: { body: { results: subjects } },
    });
    renderRoute(<StaffProfilePage />, { path: '/staff/profile', url: '/staff/profile' });
    const about = await screen.findByLabelText(/О себе/);
    await user.click(about);
    await user.paste('я'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Рассказ о себе — не длиннее 500 символов')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // A manager has no reviews of their own.
    expect(screen.queryByRole('region', { name: 'Отзывы обо мне' })).not.toBeInTheDocument();
  });

  it('lets a manager hide a review with a reason', async () => {
    const user = userEvent.setup();
    storeStaffSession('token', manager);
    let hidden = false;
    const { calls } = serveStaffApi({
      [`GET ${staffApi.author(41)}`]: () => ({
        body: authorView([review(1, hidden ? { hidden: { reason: 'Спам', at: '2026-11-22' } } : {})]),
      }),
      [`POST ${staffApi.reviewHide(1)}`]: () => {
        hidden = true;
        return { body: review(1, { hidden: { reason: 'Спам', at: '2026-11-22' } }) };
      },
    });
    renderRoute(
      <>
        <Notifications />
        <StaffAuthorPage />
      </>,
      { path: '/staff/authors/:id', url: '/staff/authors/41' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Иван К.' })).toBeInTheDocument();
    expect(screen.getByText('Экономика')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Скрыть отзыв' }));
    const dialog = await screen.findByRole('dialog', { name: 'Скрыть отзыв' });
    await user.click(within(dialog).getByRole('button', { name: 'Скрыть' }));
    expect(await within(dialog).findByText('Укажите причину, по которой отзыв скрыт')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Причина/), 'Спам');
    await user.click(within(dialog).getByRole('button', { name: 'Скрыть' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Спам' });
    expect(await screen.findByText('Скрыт менеджером. Причина: Спам')).toBeInTheDocument();
  });
});
