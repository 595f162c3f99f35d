import { afterEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { customerToken, placeOrder } from './support/api';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

/**
 * The title page's preview in Chromium: the PDF the server built shows in a blob: frame, which
 * the CSP's frame-src allows (without it Chromium refuses the frame and says so in the console).
 */
describe('title page preview, in the browser', () => {
  const browser = useBrowser();
  const base = inject('baseUrl');
  const contexts: BrowserContext[] = [];

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it('shows the PDF of an order’s title page in the page, with no CSP refusal', async () => {
    const creds = await createCustomer(base, 'title-preview');
    const id = await placeOrder(base, await customerToken(base, creds), 'Предпросмотр титульного листа');
    const { context, page, errors } = await newPage(browser(), base);
    contexts.push(context);
    page.setDefaultTimeout(15_000);
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refusals.push(m.text());
    });
    await login(page, creds);
    await page.waitForURL('**/home/active');

    await page.goto(`/order/${id}/chat`);
    await page.locator('main header').getByRole('button', { name: 'Титульный лист' }).click();
    const dialog = page.getByRole('dialog', { name: 'Титульный лист' });
    await expect.poll(() => dialog.getByLabel('ФИО студента').inputValue()).toBe('Тестовый Студент');
    expect(await dialog.getByLabel('Тема', { exact: true }).inputValue()).toBe(
      'Предпросмотр титульного листа',
    );
    await dialog.getByLabel('Вуз').fill('Казанский федеральный университет');
    await dialog.getByRole('button', { name: 'Предпросмотр' }).click();

    const frame = dialog.locator('iframe[title="Предпросмотр титульного листа"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    // A refusal is reported as the frame loads: wait for the load, not for a fixed while.
    const inner = await (await frame.elementHandle()).contentFrame();
    expect(inner).not.toBeNull();
    await inner?.waitForLoadState('load');
    expect(refusals).toEqual([]);
    expect(errors).toEqual([]);
  });
});
