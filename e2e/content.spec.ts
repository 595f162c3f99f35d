import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { api } from '@cabinet/contract';
import { call, placeOrder } from './support/api';
import { useBrowser } from './support/fixtures';
import {
  downloadBy,
  downloadedHead,
  profileCustomer,
  signedIn,
  textOf,
  type ProfileCustomer,
  type Signed,
} from './support/profile';

interface FaqItem {
  id: number;
  question: string;
  answer: string;
}

/** The FAQ as the server holds it, all of it or matching `answer`. */
async function faq(base: string, token: string, query?: string): Promise<FaqItem[]> {
  const path =
    query === undefined ? api.content.faq : `${api.content.faq}?answer=${encodeURIComponent(query)}`;
  return (await call<{ results: FaqItem[] }>(base, token, 'GET', path)).results;
}

/** The sidebar's «Частые вопросы» opens the FAQ dialog; its search field. */
async function openFaq(page: Page): Promise<{ dialog: Locator; search: Locator }> {
  await page
    .getByRole('navigation', { name: 'Основное меню' })
    .getByRole('button', { name: 'Частые вопросы' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Частые вопросы' });
  await dialog.waitFor();
  const search = dialog.getByLabel('Поиск по вопросам');
  return { dialog, search };
}

/** A question of the FAQ's accordion, by its text. */
const question = (dialog: Locator, text: string) => dialog.getByRole('button', { name: text, exact: true });

/**
 * Content in Chromium against the shared server (it only reads the seeded content; each journey
 * is a fresh customer): the FAQ search, the spaces and their 404, and the title page downloads.
 */
describe('content, in the browser', () => {
  const browser = useBrowser();
  const base = inject('baseUrl');
  const opened: Signed[] = [];
  const tag = Date.now().toString(36);

  async function open(who: string): Promise<Signed & { customer: ProfileCustomer }> {
    const customer = await profileCustomer(base, `${who}-${tag}`);
    const signed = await signedIn(browser(), base, customer);
    opened.push(signed);
    return { ...signed, customer };
  }

  afterEach(async () => {
    for (const { context } of opened.splice(0)) await context.close();
  });

  it('finds «антиплагиат» in the FAQ and opens its answer; the case and ё do not matter; nothing found says so', async () => {
    const { page, errors, customer } = await open('faq');
    expect((await faq(base, customer.token)).length).toBeGreaterThanOrEqual(15);
    const expected = await faq(base, customer.token, 'антиплагиат');
    expect(expected.length).toBeGreaterThan(0);
    // A question spelt with «ё» («Пройдёт ли работа проверку на антиплагиат?»).
    const withYo = expected.find((f) => /ё/i.test(f.question));
    expect(withYo).toBeDefined();
    const { question: text, answer } = withYo!;

    const { dialog, search } = await openFaq(page);
    await search.fill('АнтиПлагиат');
    const item = question(dialog, text);
    await item.waitFor();
    // Only the matching questions are left.
    await expect.poll(() => dialog.locator('button[aria-expanded]').count()).toBe(expected.length);
    await item.click();
    await expect.poll(() => item.getAttribute('aria-expanded')).toBe('true');
    await dialog.getByText(answer.slice(0, 40), { exact: false }).first().waitFor();

    // Its «ё» word typed with «е» and in capitals still finds it.
    const word = text.split(/[^а-яё]+/i).find((w) => /ё/i.test(w))!;
    await search.fill(word.replace(/ё/gi, 'е').toUpperCase());
    await question(dialog, text).waitFor();

    await search.fill('шкаф-купе');
    await dialog.getByText('Ничего не нашлось').waitFor();
    expect(await dialog.locator('button[aria-expanded]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('opens the space «Диплом за полцены» full width, without the sidebar and the FAQ', async () => {
    const { page, errors } = await open('space');
    await page.goto('/space/diplom-half-price');
    await page.getByRole('heading', { level: 1, name: 'Диплом за полцены' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/space/diplom-half-price');
    expect(await page.getByRole('navigation', { name: 'Основное меню' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Частые вопросы' }).count()).toBe(0);
    // Rendered from blocks as the app's own elements: some text beyond the heading.
    expect((await textOf(page.locator('main'))).length).toBeGreaterThan(100);
    expect(errors).toEqual([]);
  });

  it('sends /space/unknown to /404', async () => {
    const { page, errors } = await open('space-404');
    await page.goto('/space/unknown');
    await page.waitForURL('**/404');
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('downloads the title page of an order as DOCX and as PDF, pre-filled from the profile and the order', async () => {
    const { page, errors, customer } = await open('title');
    const topic = `Влияние цифровизации на малый бизнес ${tag}`;
    const id = await placeOrder(base, customer.token, topic);
    await page.goto(`/order/${id}/chat`);
    await page.locator('main header').getByRole('button', { name: 'Титульный лист' }).click();
    const dialog = page.getByRole('dialog', { name: 'Титульный лист' });
    await dialog.waitFor();
    // The student's name from the profile, the topic from the order, the city and year by default.
    await expect.poll(() => dialog.getByLabel('ФИО студента').inputValue()).toBe('Анна Профильная');
    expect(await dialog.getByLabel('Тема').inputValue()).toBe(topic);
    expect(await dialog.getByLabel('Тип работы').inputValue()).not.toBe('');
    expect(await dialog.getByLabel('Город').inputValue()).toBe('Москва');
    expect(await dialog.getByLabel('Год').inputValue()).toBe(String(new Date().getFullYear()));
    await dialog.getByLabel('Вуз').fill('Московский государственный университет');

    const docx = await downloadBy(page, dialog.getByRole('button', { name: 'Скачать DOCX' }));
    expect(docx.suggestedFilename()).toMatch(/\.docx$/);
    expect(await downloadedHead(docx, 2)).toBe('PK');
    const pdf = await downloadBy(page, dialog.getByRole('button', { name: 'Скачать PDF' }));
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(await downloadedHead(pdf, 4)).toBe('%PDF');
    expect(errors).toEqual([]);
  });
});
