import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

describe('route guards', () => {
  const browser = useBrowser();

  it.each(['/some/unknown/path', '/payment?status=x', '/socials-email-auth', '/socials-email-auth?token='])(
    'sends a visitor on %s to /404',
    async (path) => {
      const { page, context } = await newPage(browser(), inject('baseUrl'));
      await page.goto(path);
      await page.waitForURL('**/404');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Страница не найдена' }).isVisible())
        .toBe(true);
      await context.close();
    },
  );

  it('opens /payment?status=success for a visitor and offers sign-in', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.goto('/payment?status=success');
    await expect.poll(() => page.getByRole('link', { name: 'Войти' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/payment');
    await context.close();
  });

  it('sends a customer on an unknown tab, an unknown path and a bad payment status to /404', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'guards');
    const { page, context } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    for (const path of ['/home/bogus', '/no/such/page', '/payment?status=x']) {
      await page.goto(path);
      await page.waitForURL('**/404');
    }
    await page.goto('/home');
    await page.waitForURL('**/home/active');
    await context.close();
  });

  it('lands a customer who types /orders or /orders/{tab} on the orders list, and a visitor on sign-in with the way back', async () => {
    const base = inject('baseUrl');
    const visitor = await newPage(browser(), base);
    await visitor.page.goto('/orders/done');
    await visitor.page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/orders/done',
    );
    await visitor.context.close();

    const creds = await createCustomer(base, 'guessed');
    const { page, context } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    for (const [typed, landed] of [
      ['/orders', '/home/active'],
      ['/orders/active', '/home/active'],
      ['/orders/archive', '/home/archive'],
      ['/orders/done', '/home/done'],
    ] as const) {
      await page.goto(typed);
      await page.waitForURL(`**${landed}`);
      await expect.poll(() => page.getByRole('heading', { name: 'Мои заказы' }).isVisible()).toBe(true);
    }
    await context.close();
  });
});
