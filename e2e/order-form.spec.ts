import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { axeViolations } from './support/axe';
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

/** Kopecks from a sum as the page writes it («5 063 ₽», «562,50 ₽»). */
function kopecksOf(text: string): number {
  const match = /(\d[\d\s\u00a0\u202f]*)(?:,(\d{2}))?\s*₽/.exec(text);
  if (!match?.[1]) throw new Error(`no sum in «${text}»`);
  return Number(match[1].replace(/\D/g, '')) * 100 + Number(match[2] ?? 0);
}

/** The total of the price card once the calculation for the fields as they are has finished. */
async function shownTotal(page: Page): Promise<number> {
  const card = page.getByRole('region', { name: 'Стоимость' });
  await expect.poll(() => card.getByText('Итого').isVisible()).toBe(true);
  const row = card.getByText('Итого').locator('xpath=..');
  return kopecksOf((await row.textContent()) ?? '');
}

async function placeByApi(
  baseUrl: string,
  token: string,
  body: object,
): Promise<{ id: number; price: number }> {
  const r = await fetch(`${baseUrl}/api/client/orders/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(201);
  return (await r.json()) as { id: number; price: number };
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
    await expect
      .poll(() => page.getByRole('region', { name: 'Стоимость' }).getByText('Итого').isVisible())
      .toBe(true);

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
    await expect.poll(() => page.getByText(topic).first().isVisible()).toBe(true);
    const tab = page.getByRole('tab', { name: /Активные/ });
    expect(await tab.textContent()).toContain(String(after.counters.active));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a draft with its file and continues it after a reload', async () => {
    const baseUrl = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), baseUrl);
    const token = await signIn(page, baseUrl);

    await page.goto('/order-new');
    // A file before any typing goes to the pending uploads, then into the draft.
    await page
      .locator('input[type=file]')
      .setInputFiles([{ name: 'задание.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await expect.poll(() => page.getByText('Загружен', { exact: true }).count()).toBe(1);
    await pickWorkType(page, 'Реферат');
    await page.getByLabel('Тема работы').fill('История русской литературы');
    // Saved with the topic: «Черновик сохранён» may still be the file's save, before the topic's.
    await expect
      .poll(async () => {
        const draft = await apiGet<{ details: { topic: string }; files: Array<{ name: string }> }>(
          baseUrl,
          token,
          '/api/client/orders/continue/',
        );
        return { topic: draft.details.topic, files: draft.files.map((f) => f.name) };
      })
      .toEqual({ topic: 'История русской литературы', files: ['задание.pdf'] });
    await expect.poll(() => page.getByText('Черновик сохранён').isVisible()).toBe(true);

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

  it('previews the price an edit saves, first-order discount included', async () => {
    const baseUrl = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), baseUrl);
    const token = await signIn(page, baseUrl);
    const workTypes = await apiGet<Array<{ id: number; title: string }>>(baseUrl, token, '/api/worktypes/');
    const coursework = workTypes.find((w) => w.title === 'Курсовая работа') ?? workTypes[0];
    const placed = await placeByApi(baseUrl, token, {
      work_type_id: coursework?.id,
      pages: 30,
      topic: 'Цена при редактировании',
      deadline: deadlineInDays(40),
    });

    await page.goto(`/order/${placed.id}/edit`);
    // The form opens at the order's own price, its first-order discount included.
    expect(await shownTotal(page)).toBe(placed.price);
    await expect
      .poll(() => page.getByRole('region', { name: 'Стоимость' }).textContent())
      .toContain('Скидка на первый заказ');

    await page.getByLabel('Объём, страниц').fill('32');
    await expect.poll(() => shownTotal(page)).not.toBe(placed.price);
    const previewed = await shownTotal(page);
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await page.waitForURL(`**/order/${placed.id}/chat`);
    const saved = await apiGet<{ price: number; details: { pages: number } }>(
      baseUrl,
      token,
      `/api/client/orders/${placed.id}/`,
    );
    expect(saved.details.pages).toBe(32);
    expect(saved.price).toBe(previewed);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the total and the submit button in sight on a phone while the volume is typed', async () => {
    const baseUrl = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await signIn(page, baseUrl);
    await page.goto('/order-new');
    await pickWorkType(page, 'Курсовая работа');
    await page.getByLabel('Тема работы').fill('Липкая цена');
    await page.getByLabel('Срок сдачи').fill(deadlineInDays(20));
    const pages = page.getByLabel('Объём, страниц');
    await pages.fill('30');
    await pages.focus();
    // The pages field near the top of the screen, as when the customer starts typing in it.
    await pages.evaluate((el) => el.scrollIntoView({ block: 'start' }));

    const bar = page.getByTestId('sticky-total');
    const submit = page.getByRole('button', { name: 'Оформить заказ' });
    await expect.poll(() => bar.textContent()).toMatch(/Итого\s*[\d\s\u00a0]+₽/);
    const inView = async (el: typeof bar) => {
      const box = await el.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 844;
    };
    expect(await inView(bar)).toBe(true);
    expect(await inView(submit)).toBe(true);
    expect(await pages.evaluate((el) => el === document.activeElement)).toBe(true);
    // The bar does not hide the field being typed in.
    const field = await pages.boundingBox();
    const barBox = await bar.boundingBox();
    expect(field && barBox && field.y + field.height <= barBox.y).toBe(true);
    // The bar's total is the card's.
    expect(kopecksOf((await bar.textContent()) ?? '')).toBe(await shownTotal(page));
    // At the end of the form the bar takes its own place: the last field is not under it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const promo = await page.getByLabel('Промокод').boundingBox();
    const barAtEnd = await bar.boundingBox();
    expect(promo && barAtEnd && promo.y + promo.height <= barAtEnd.y).toBe(true);
    // One polite announcement of the total, and nothing axe finds on the phone form.
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Итого: / })
          .count(),
      )
      .toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
