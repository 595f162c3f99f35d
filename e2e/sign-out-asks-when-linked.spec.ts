import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MANAGER } from './support/api';
import { createCustomer, login } from './support/auth';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { staffLogin } from './support/staff';

const QUESTION = 'Выйти из кабинета?';

/** Whether the session is still there: a cabinet address opens instead of sending to /login. */
async function signedIn(page: Page): Promise<boolean> {
  await page.goto('/home/active');
  await page.waitForURL((url) => url.pathname === '/home/active' || url.pathname === '/login');
  return new URL(page.url()).pathname === '/home/active';
}

/**
 * The same for a manager: the queue's frame opens instead of the staff sign-in. A fresh load, so
 * the tab's session comes back from the refresh cookie, which a sign-out revokes; the address is
 * /staff/orders until the app has decided, so the decision is read from what it shows.
 */
async function staffSignedIn(page: Page): Promise<boolean> {
  await page.goto('/staff/orders');
  const frame = page.getByRole('navigation', { name: 'Разделы' });
  await frame.or(page.getByRole('heading', { level: 1, name: 'Вход для сотрудников' })).waitFor();
  return frame.isVisible();
}

describe('sign-out from a link', () => {
  const browser = useBrowser();

  it('asks «Выйти из кабинета?» on /logout opened directly; only «Выйти» signs out', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'logout-direct');
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');

    await page.goto('/logout');
    const heading = page.getByRole('heading', { level: 1, name: QUESTION });
    await heading.waitFor();
    const confirm = page.getByRole('button', { name: 'Выйти', exact: true });
    // The keyboard starts on the one decision of the page.
    expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/logout');
    expect(await axeViolations(page)).toEqual([]);

    // Back to the cabinet: still signed in.
    await page.getByRole('link', { name: 'Вернуться в кабинет' }).click();
    await page.waitForURL('**/home/active');
    expect(await signedIn(page)).toBe(true);

    // Asked again, answered with the keyboard: signed out.
    await page.goto('/logout');
    await heading.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    expect(await signedIn(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks when another site links to /logout, and the customer stays signed in', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'logout-linked');
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');

    // A page of no origin of ours with a plain link to the sign-out address.
    await page.goto('about:blank');
    await page.setContent(`<a href="${new URL('/logout', base).href}">Бесплатный реферат</a>`);
    await page.getByRole('link', { name: 'Бесплатный реферат' }).click();
    await page.getByRole('heading', { level: 1, name: QUESTION }).waitFor();
    expect(await signedIn(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out at once from the app’s own «Выйти» in the profile menu', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'logout-menu');
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');

    await page.getByRole('button', { name: 'Меню профиля' }).click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByRole('heading', { name: QUESTION }).count()).toBe(0);
    expect(await signedIn(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a manager on /staff/logout opened directly; only «Выйти» signs out', async () => {
    const base = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), base);
    await staffLogin(page, MANAGER);

    await page.goto('/staff/logout');
    const heading = page.getByRole('heading', { level: 1, name: QUESTION });
    await heading.waitFor();
    const confirm = page.getByRole('button', { name: 'Выйти', exact: true });
    expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/staff/logout');
    expect(await axeViolations(page)).toEqual([]);

    // Back to the queue: still signed in.
    await page.getByRole('link', { name: 'Вернуться к заказам' }).click();
    await page.waitForURL('**/staff/orders');
    expect(await staffSignedIn(page)).toBe(true);

    // Asked again, answered: signed out.
    await page.goto('/staff/logout');
    await heading.waitFor();
    await confirm.click();
    await page.waitForURL('**/staff/login');
    expect(await staffSignedIn(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs a manager out at once from the staff frame’s own «Выйти»', async () => {
    const base = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), base);
    await staffLogin(page, MANAGER);

    await page.getByRole('link', { name: 'Выйти', exact: true }).click();
    await page.waitForURL('**/staff/login');
    expect(await page.getByRole('heading', { name: QUESTION }).count()).toBe(0);
    expect(await staffSignedIn(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
