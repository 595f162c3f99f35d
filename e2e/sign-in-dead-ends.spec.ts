import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from './support/auth';
import { appTookOver, newPage, openWithTheAppHeld } from './support/browser';
import { useBrowser } from './support/fixtures';
import { latestMail, linkIn, uniqueEmail } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

async function failPassword(page: Page) {
  await page.getByLabel('Пароль', { exact: true }).fill('wrong-pass-1');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

/** Where a visitor gets stuck on the way in: each step must say what happened and what next. */
describe('sign-in dead ends', () => {
  const browser = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    // Many sign-ins from one address: the per-IP limits are not the subject here.
    server = await startServer({ RATE_MAX_PER_IP: '1000', LOGIN_MAX_FAILS_PER_IP: '1000' });
  });
  afterAll(() => server.stop());

  it('focuses the e-mail field on arrival, and not over a field the visitor chose before the app took over', async () => {
    const { page, context, errors } = await newPage(browser(), server.url);
    await page.goto('/login');
    await expect.poll(() => focusedName(page)).toBe('email');
    await appTookOver(page);
    expect(await focusedName(page)).toBe('email');

    // On a slow line: the prerendered screen is there, the app is not yet.
    const app = await openWithTheAppHeld(page, '/login');
    // The HTML's autofocus, before any script: the browser applies it once the page has
    // rendered, which on a loaded machine can come after the script's request went out.
    await expect.poll(() => focusedName(page)).toBe('email');
    await page.getByLabel('Пароль', { exact: true }).click();
    await app.release();
    expect(await focusedName(page)).toBe('password');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('warns on the last attempt, says how long the lockout lasts and keeps the e-mail on the way back', async () => {
    const creds = await createCustomer(server.url, 'lockout');
    const { page, context, errors } = await newPage(browser(), server.url);
    await page.goto('/login');
    await appTookOver(page);
    await page.getByLabel('E-mail').fill(creds.email);
    for (let i = 0; i < 3; i += 1) {
      await failPassword(page);
      await expect.poll(() => page.getByText('Неверный e-mail или пароль').isVisible()).toBe(true);
    }
    expect(await page.getByText(/Осталась 1 попытка/).count()).toBe(0);
    await failPassword(page);
    await expect.poll(() => page.getByText(/Осталась 1 попытка/).isVisible()).toBe(true);
    await failPassword(page);
    await expect.poll(() => page.getByText(/Попытки закончились/).isVisible()).toBe(true);

    await failPassword(page);
    await page.waitForURL('**/429');
    const text = page.getByText(/слишком много попыток/);
    await expect.poll(() => text.textContent()).toMatch(/Попробуйте примерно через 1[45] минут\./);
    expect(await text.textContent()).not.toContain('Подождите минуту');

    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(creds.email);
    expect(await page.getByLabel('Пароль', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => focusedName(page)).toBe('password');
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('wrong-pass');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says that a spent auto-login link has been used and how to get in instead', async () => {
    const email = uniqueEmail('al');
    // Registration without a password e-mails one, with a one-time sign-in link.
    const r = await fetch(`${server.url}/api/client/profile/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, agree: true }),
    });
    expect(r.status).toBeLessThan(300);
    const link = linkIn((await latestMail(server.url, email)).text, `${server.url}/?al=`);

    const first = await newPage(browser(), server.url);
    await first.page.goto(link);
    await first.page.waitForURL('**/home/active');
    await first.context.close();

    const { page, context, errors } = await newPage(browser(), server.url);
    await page.goto(link);
    await page.waitForURL('**/login');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Ссылка для входа не сработала');
    expect(await alert.textContent()).toMatch(/уже использована или устарела.*по паролю.*По коду из письма/);
    expect(new URL(page.url()).search).not.toContain('al=');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a newly registered customer, where they land, that the password was e-mailed', async () => {
    const { page, context, errors } = await newPage(browser(), server.url);
    await page.goto('/registration');
    await page.getByLabel('E-mail').fill(uniqueEmail('reg-nopass'));
    await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/home/active**');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Пароль для входа мы отправили вам на почту');
    await dialog.getByRole('button').last().click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows no social block without configured networks and wraps a long address at 360 px', async () => {
    const { page, context, errors } = await newPage(browser(), server.url, {
      viewport: { width: 360, height: 740 },
    });
    await page.goto('/login');
    await appTookOver(page);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Или войдите через').count()).toBe(0);
    expect(await page.getByText(/Войти через/).count()).toBe(0);

    await page.getByRole('tab', { name: 'По коду из письма' }).click();
    await page.getByLabel('E-mail').fill(`${'a'.repeat(48)}.${'b'.repeat(20)}@example.com`);
    await page.getByRole('button', { name: 'Получить код' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Отправили код' });
    await expect.poll(() => sent.isVisible()).toBe(true);
    const overflow = await sent.evaluate((el) => ({
      alert: el.scrollWidth - el.clientWidth,
      page: document.scrollingElement!.scrollWidth - window.innerWidth,
    }));
    expect(overflow).toEqual({ alert: 0, page: 0 });
    await expect.poll(() => focusedName(page)).toBe('code');
    expect(errors).toEqual([]);
    await context.close();
  });
});
