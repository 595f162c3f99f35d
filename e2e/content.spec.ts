import { afterEach, describe, expect, inject, it } from 'vitest';
import { placeOrder } from './support/api';
import { useBrowser } from './support/fixtures';
import {
  downloadBy,
  downloadedHead,
  profileCustomer,
  signedIn,
  type ProfileCustomer,
  type Signed,
} from './support/profile';

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
