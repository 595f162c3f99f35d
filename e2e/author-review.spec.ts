import { staffApi } from '@cabinet/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  call,
  MANAGER,
  PERFORMER,
  PERFORMER_NAME,
  placeOrder,
  samplePdf,
  staffToken,
  upload,
} from './support/api';
import { login } from './support/auth';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { pay, payCustomer, payOnBankPage } from './support/payments';
import { staffLogin } from './support/staff';

/** Clicks a star of Mantine's Rating as a pointer does: on its label (the radio itself only hovers). */
async function clickStar(form: Locator, n: number): Promise<void> {
  const id = await form.getByLabel(`Оценка: ${n} из 5`, { exact: true }).getAttribute('id');
  await form.locator(`label[for="${id}"]`).click();
}

/** Scans the open screen with axe in the light and the dark theme (the theme is read at load). */
async function scanBothThemes(page: Page, ready: () => Promise<void>, label: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('app_theme', t), theme);
    await page.reload();
    await ready();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page), `${label}, ${theme}`).toEqual([]);
  }
}

/**
 * After accepting the work the customer is asked once to rate the author; the review then shows
 * on the author's page, which the order header links to. Both screens are axe-clean in both themes.
 */
describe('accept → rate the author → the author’s page shows the review', () => {
  const browser = useBrowser();

  it('asks once after acceptance, keeps the review on the order and shows it on /author/{id}', async () => {
    const base = inject('baseUrl');
    const customer = await payCustomer(base, 'review');
    const manager = await staffToken(base, MANAGER);
    const author = await staffToken(base, PERFORMER);
    const id = await placeOrder(base, customer.token, `Отзыв об авторе ${Date.now().toString(36)}`);
    await call(base, manager, 'PATCH', staffApi.order(id), { price: 300_000 });
    const started = await pay(base, customer.token, {
      purpose: 'order',
      object_id: id,
      payment_method: 'bank_card',
    });

    const { page, context, errors } = await newPage(browser(), base);
    const bank = await context.newPage();
    await bank.goto(started.confirmation_url ?? '');
    await payOnBankPage(bank);
    await bank.waitForURL(/\/payment\?status=success/);
    await bank.close();
    const performers = await call<{ results: Array<{ id: number; name: string }> }>(
      base,
      manager,
      'GET',
      staffApi.performers,
    );
    const authorId = performers.results.find((p) => p.name === PERFORMER_NAME)?.id;
    expect(authorId).toBeTruthy();
    await call(base, manager, 'POST', staffApi.assign(id), { performer_id: authorId });
    const atWork = await call<{ status: { id: number } }>(base, manager, 'GET', staffApi.order(id));
    if (atWork.status.id !== 4) {
      await call(base, manager, 'POST', staffApi.status(id), {
        status_id: 4,
        from_status_id: atWork.status.id,
      });
    }
    await upload(base, author, `${staffApi.files(id)}?kind=final`, [
      { name: 'Курсовая работа.pdf', mimeType: 'application/pdf', buffer: samplePdf('review final') },
    ]);

    await login(page, customer);
    await page.waitForURL('**/home/active');
    await page.goto(`/order/${id}`);
    await page.waitForURL(`**/order/${id}/chat`);

    // Accept the work: the card asking to rate the author appears.
    await page.getByRole('button', { name: 'Принять работу' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Принять', exact: true }).click();
    const prompt = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Оцените автора' }) });
    await prompt.waitFor();
    await scanBothThemes(page, () => prompt.waitFor(), `/order/${id} with the prompt`);

    // Rate: four stars and a few words.
    await clickStar(prompt, 4);
    await prompt.getByLabel(/Отзыв/).fill('Сделано раньше срока, все замечания учтены');
    await prompt.getByRole('button', { name: 'Оценить автора' }).click();
    const own = page.getByRole('heading', { name: 'Ваш отзыв об авторе' });
    await own.waitFor();
    await page.getByText('Сделано раньше срока, все замечания учтены').waitFor();
    await page.getByRole('button', { name: 'Изменить отзыв' }).waitFor();

    // A reload asks nothing: the review stands on the order.
    await page.reload();
    await own.waitFor();
    expect(await page.getByRole('heading', { name: 'Оцените автора' }).count()).toBe(0);

    // The header's author name leads to the author's page, which shows the review.
    await page.locator('main header').getByRole('link', { name: PERFORMER_NAME }).click();
    await page.waitForURL(`**/author/${authorId}`);
    await page.getByRole('heading', { level: 1, name: PERFORMER_NAME }).waitFor();
    const reviews = page.getByRole('region', { name: 'Отзывы заказчиков' });
    await reviews.getByText('Сделано раньше срока, все замечания учтены').waitFor();
    await reviews.getByRole('img', { name: 'Оценка: 4 из 5' }).first().waitFor();
    await scanBothThemes(
      page,
      () => reviews.getByText('Сделано раньше срока, все замечания учтены').waitFor(),
      `/author/${authorId}`,
    );

    // The author reads the review on their staff profile.
    const staff = await newPage(browser(), base);
    await staffLogin(staff.page, PERFORMER);
    await staff.page.goto('/staff/profile');
    const mine = staff.page.getByRole('region', { name: 'Отзывы обо мне' });
    await mine.getByText('Сделано раньше срока, все замечания учтены').waitFor();
    await scanBothThemes(
      staff.page,
      () => mine.getByText('Сделано раньше срока, все замечания учтены').waitFor(),
      '/staff/profile',
    );
    await staff.context.close();

    // A manager hides it with a reason: the customer's author page no longer shows it.
    const desk = await newPage(browser(), base);
    await staffLogin(desk.page, MANAGER);
    await desk.page.goto(`/staff/authors/${authorId}`);
    const written = desk.page.getByText('Сделано раньше срока, все замечания учтены');
    await written.waitFor();
    await scanBothThemes(desk.page, () => written.waitFor(), `/staff/authors/${authorId}`);
    const item = desk.page.getByRole('listitem').filter({ has: written });
    await item.getByRole('button', { name: 'Скрыть отзыв' }).click();
    const dialog = desk.page.getByRole('dialog', { name: 'Скрыть отзыв' });
    await dialog.getByLabel(/Причина/).fill('Проверка модерации');
    await dialog.getByRole('button', { name: 'Скрыть', exact: true }).click();
    await item.getByText('Скрыт менеджером. Причина: Проверка модерации').waitFor();
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: PERFORMER_NAME }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Сделано раньше срока, все замечания учтены').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
