import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

// Small but real files: the server sniffs their content, not their names.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A deadline well after tomorrow, in the form the date input and the API take. */
function deadlineInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function signIn(page: Page, baseUrl: string): Promise<string> {
  await login(page, await createCustomer(baseUrl, 'order-form'));
  await page.waitForURL('**/home/active');
  const token = await page.evaluate(() => localStorage.getItem('key'));
  if (!token) throw new Error('no token after sign-in');
  return token;
}

async function apiGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const r = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

async function pickWorkType(page: Page, title: string) {
  await page.getByLabel('Тип работы').first().click();
  await page.getByRole('option', { name: title, exact: true }).click();
}

describe('order form', () => {
  const browser = useBrowser();

  it('creates an order with two files and sees it in the active tab with the counter +1', async () => {
    const baseUrl = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), baseUrl);
    const token = await signIn(page, baseUrl);
    type List = { count: number; counters: { active: number }; results: Array<{ id: number }> };
    const before = await apiGet<List>(baseUrl, token, '/api/client/orders/?tab=active');

    await page.goto('/order-new');
    await pickWorkType(page, 'Курсовая работа');
    const topic = `Финансовая устойчивость ${Date.now()}`;
    await page.getByLabel('Тема работы').fill(topic);
    await page.getByLabel('Срок сдачи').fill(deadlineInDays(14));
    await page.getByLabel('Объём, страниц').fill('25');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'методичка.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'схема.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect.poll(() => page.getByText('Загружен', { exact: true }).count()).toBe(2);
    await expect.poll(() => page.getByText('Итого').isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/order\/\d+\/success\?source=order-new$/);
    const id = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);

    const order = await apiGet<{ details: { topic: string }; files: Array<{ name: string }> }>(
      baseUrl,
      token,
      `/api/client/orders/${id}/`,
    );
    expect(order.details.topic).toBe(topic);
    expect(order.files.map((f) => f.name).sort()).toEqual(['методичка.pdf', 'схема.png']);
    const after = await apiGet<List>(baseUrl, token, '/api/client/orders/?tab=active');
    expect(after.counters.active).toBe(before.counters.active + 1);
    expect(after.results.map((o) => o.id)).toContain(id);

    await page.goto('/home/active');
    await expect.poll(() => page.getByText(topic).first().isVisible(), { timeout: 10_000 }).toBe(true);
    const tab = page.getByRole('tab', { name: /Активные/ });
    expect(await tab.textContent()).toContain(String(after.counters.active));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a draft with its file and continues it after a reload', async () => {
    const baseUrl = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), baseUrl);
    await signIn(page, baseUrl);

    await page.goto('/order-new');
    // A file before any typing goes to the pending uploads, then into the draft.
    await page
      .locator('input[type=file]')
      .setInputFiles([{ name: 'задание.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await expect.poll(() => page.getByText('Загружен', { exact: true }).count()).toBe(1);
    await pickWorkType(page, 'Реферат');
    await page.getByLabel('Тема работы').fill('История русской литературы');
    await expect.poll(() => page.getByText('Черновик сохранён').isVisible(), { timeout: 10_000 }).toBe(true);

    await page.reload();
    await page.getByRole('link', { name: 'Продолжить оформление' }).click();
    await page.waitForURL(/\/order-continue\/\d+$/);
    await expect.poll(() => page.getByLabel('Тема работы').inputValue()).toBe('История русской литературы');
    expect(await page.getByLabel('Тип работы').first().inputValue()).toBe('Реферат');
    await expect.poll(() => page.getByText('задание.pdf').isVisible()).toBe(true);

    // The latest draft without an id too.
    await page.goto('/order-continue');
    await expect.poll(() => page.getByLabel('Тема работы').inputValue()).toBe('История русской литературы');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits an editable order', async () => {
    const baseUrl = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), baseUrl);
    const token = await signIn(page, baseUrl);
    const workTypes = await apiGet<Array<{ id: number; title: string }>>(baseUrl, token, '/api/worktypes/');
    const essay = workTypes.find((w) => w.title.startsWith('Эссе')) ?? workTypes[0];
    const r = await fetch(`${baseUrl}/api/client/orders/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        work_type_id: essay?.id,
        pages: 5,
        topic: 'Старая тема',
        deadline: deadlineInDays(10),
      }),
    });
    expect(r.status).toBe(201);
    const { id } = (await r.json()) as { id: number };

    await page.goto(`/order/${id}/edit`);
    await expect.poll(() => page.getByLabel('Тема работы').inputValue()).toBe('Старая тема');
    await page.getByLabel('Тема работы').fill('Новая тема');
    await page.getByLabel('Объём, страниц').fill('8');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await page.waitForURL(`**/order/${id}/chat`);

    const order = await apiGet<{ details: { topic: string; pages: number } }>(
      baseUrl,
      token,
      `/api/client/orders/${id}/`,
    );
    expect(order.details).toMatchObject({ topic: 'Новая тема', pages: 8 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
