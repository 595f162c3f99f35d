import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

describe('sign-in redirects', () => {
  const browser = useBrowser();

  it('sends a visitor on a deep link to login and back to the deep link', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'deep');
    const { page, context, errors } = await newPage(browser(), base);
    await page.goto('/payments/history?page=2');
    await page.waitForURL('**/login?**');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/payments/history?page=2');

    await page.getByLabel('E-mail').fill(creds.email);
    await page.getByLabel('Пароль', { exact: true }).fill(creds.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL('**/payments/history?page=2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor on the root to login without a redirect', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.goto('/');
    await page.waitForURL('**/login');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('sends a signed-in customer from /login to the active orders', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'authed');
    const { page, context } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    await page.goto('/login');
    await page.waitForURL('**/home/active');
    await page.goto('/registration');
    await page.waitForURL('**/home/active');
    await context.close();
  });

  it('shows one message for a wrong password', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await login(page, { email: 'demo@example.com', password: 'wrong-password-1' });
    await expect.poll(() => page.getByText('Неверный e-mail или пароль').isVisible()).toBe(true);
    await context.close();
  });
});
