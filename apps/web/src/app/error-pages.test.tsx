import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { rememberRefusal } from '../shared/api/retry-after';
import { renderRoute } from '../shared/ui/test-utils';
import { AppErrorPage, NotFoundPage, TooManyRequestsPage } from './error-pages';

describe('error pages', () => {
  it('404 says the page is missing and links home', async () => {
    renderRoute(<NotFoundPage />, { path: '/404' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/home/active');
  });

  it.each([
    ['840', 'Попробуйте примерно через 14 минут.'],
    ['60', 'Попробуйте примерно через 1 минуту.'],
    ['120', 'Попробуйте примерно через 2 минуты.'],
    ['300', 'Попробуйте примерно через 5 минут.'],
    ['1260', 'Попробуйте примерно через 21 минуту.'],
    ['45', 'Попробуйте снова меньше чем через минуту.'],
    ['0', 'Время ожидания прошло — можно попробовать снова.'],
    [null, 'Подождите немного и попробуйте снова.'],
  ])('429 with Retry-After %j says how long to wait: %s', async (retryAfter, wait) => {
    rememberRefusal(retryAfter, '/login');
    renderRoute(<TooManyRequestsPage />, { path: '/429' });
    const text = await screen.findByText(/слишком много попыток/);
    expect(text).toHaveTextContent(wait);
    expect(text).not.toHaveTextContent('Подождите минуту');
  });

  it('429 retries on the refused screen, which it replaced in the history', async () => {
    rememberRefusal('840', '/login?redirect=%2Fpayments%2Fpay');
    const user = userEvent.setup();
    const { router } = renderRoute(<TooManyRequestsPage />, { path: '/429', otherPaths: ['/login'] });
    expect(await screen.findByRole('heading', { name: 'Слишком много запросов' })).toBeInTheDocument();
    expect(screen.getByText(/примерно через 14 минут/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByText('route:/login')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fpayments%2Fpay');
  });

  it('429 without a known screen retries from Home', async () => {
    rememberRefusal(null, null);
    const user = userEvent.setup();
    renderRoute(<TooManyRequestsPage />, { path: '/429', otherPaths: ['/home/active'] });
    await user.click(await screen.findByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByText('route:/home/active')).toBeInTheDocument();
  });

  it('the error screen reloads the page', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const user = userEvent.setup();
    renderRoute(<AppErrorPage />, { path: '/error' });
    expect(await screen.findByRole('heading', { name: 'Что-то пошло не так' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Перезагрузить страницу' }));
    expect(reload).toHaveBeenCalled();
  });
});
