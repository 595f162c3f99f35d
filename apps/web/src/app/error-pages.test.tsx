import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { companyApi } from '@cabinet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCompanyForTests } from '../features/documents/company';
import { rememberRefusal } from '../shared/api/retry-after';
import { renderRoute } from '../shared/ui/test-utils';
import { AppErrorPage } from './error-pages';
import { NotFoundPage, TooManyRequestsPage } from './error-routes';

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

  describe('the support phone on the error screen', () => {
    const serve = (supportPhone: string | null) =>
      vi.stubGlobal(
        'fetch',
        vi.fn((input: RequestInfo | URL) =>
          Promise.resolve(
            String(input) === companyApi
              ? Response.json({
                  name: null,
                  inn: null,
                  ogrn: null,
                  address: null,
                  email: null,
                  support_phone: supportPhone,
                })
              : new Response(null, { status: 404 }),
          ),
        ),
      );
    afterEach(() => {
      vi.unstubAllGlobals();
      resetCompanyForTests();
    });

    it('is the configured one, a tel: link', async () => {
      serve('+7 495 123-45-67');
      renderRoute(<AppErrorPage />, { path: '/error' });
      const link = await screen.findByRole('link', { name: /\+7 495 123-45-67/ });
      expect(link).toHaveAttribute('href', 'tel:+74951234567');
    });

    it('is not shown when none is configured', async () => {
      serve(null);
      renderRoute(<AppErrorPage />, { path: '/error' });
      expect(await screen.findByRole('button', { name: 'Перезагрузить страницу' })).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(screen.queryByRole('link')).toBeNull();
      expect(document.body.textContent).not.toContain('{phone}');
    });
  });
});
