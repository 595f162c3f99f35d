import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { latestMail, linkIn } from './support/outbox';

describe('password restore', () => {
  const browser = useBrowser();

  it('restores a forgotten password through the e-mailed link', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'restore');
    const { page, context, errors } = await newPage(browser(), base);
    await page.goto('/restore');
    const before = new Date().toISOString();
    await page.getByLabel('E-mail').fill(creds.email);
    await page.getByRole('button', { name: /Восстановить|Отправить/ }).click();
    await expect
      .poll(() =>
        page
          .getByText(/проверьте почту|отправили/i)
          .first()
          .isVisible(),
      )
      .toBe(true);

    const mail = await latestMail(base, creds.email, { after: before });
    const link = linkIn(mail.text, `${base}/change-password/`);
    await page.goto(link);
    const newPassword = 'Novyi-Parol-77';
    await page.getByLabel('Новый пароль', { exact: true }).fill(newPassword);
    await page.getByLabel('Повторите пароль').fill(newPassword);
    await page.getByRole('button', { name: /Сохранить|Сменить/ }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Пароль изменён/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    await login(page, { email: creds.email, password: newPassword });
    await page.waitForURL('**/home/active');

    // The link works once.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByLabel('Новый пароль', { exact: true }).fill('Esche-Odin-99');
    await page.getByLabel('Повторите пароль').fill('Esche-Odin-99');
    await page.getByRole('button', { name: /Сохранить|Сменить/ }).click();
    await expect
      .poll(() => page.getByText('Ссылка недействительна или устарела. Запросите новую').isVisible())
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
