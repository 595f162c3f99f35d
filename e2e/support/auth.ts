import type { Page } from 'playwright-core';
import { appTookOver } from './browser';
import { uniqueEmail } from './outbox';

export const PASSWORD = 'Zelenyi-Kit-2026';

/** Registers a fresh customer through the API and returns its credentials. */
export async function createCustomer(baseUrl: string, tag = 'user') {
  const email = uniqueEmail(tag);
  const r = await fetch(`${baseUrl}/api/client/profile/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, fio: 'Тестовый Студент', agree: true }),
  });
  if (r.status !== 200 && r.status !== 201)
    throw new Error(`registration failed: ${r.status} ${await r.text()}`);
  return { email, password: PASSWORD };
}

/** Signs in through the login screen, as a person would. */
export async function login(page: Page, creds: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  // Typing into the prerendered screen while the app takes it over is its own journey
  // (sign-in-dead-ends); here the form is the app's.
  await appTookOver(page);
  await page.getByLabel('E-mail').fill(creds.email);
  await page.getByLabel('Пароль', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}
