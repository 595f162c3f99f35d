import type { Page } from 'playwright-core';
import type { Credentials } from './api';
import { appTookOver } from './browser';

/** Signs a manager or an author in through /staff/login, as a person would; lands on the queue. */
export async function staffLogin(page: Page, creds: Credentials, path = '/staff/login'): Promise<void> {
  await page.goto(path);
  await appTookOver(page);
  await page.getByRole('heading', { name: 'Вход для сотрудников' }).waitFor();
  await page.getByLabel('E-mail').fill(creds.email);
  await page.getByLabel('Пароль', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL(/\/staff\/orders(\/|\?|$)/);
}

/** The link to an order in the staff queue (the table's, or the phone card's). */
export const queueLink = (page: Page, id: number) =>
  page.getByRole('link', { name: `Заказ № ${id}`, exact: true });

/** The heading of the staff order screen. */
export const staffOrderHeading = (page: Page, id: number) =>
  page.getByRole('heading', { level: 1, name: `Заказ № ${id}`, exact: true });
