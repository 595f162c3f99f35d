import { describe, expect, inject, it } from 'vitest';
import { PASSWORD } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { uniqueEmail } from './support/outbox';

describe('registration', () => {
  const browser = useBrowser();

  it('registers a new customer and lands in the cabinet', async () => {
    const { page, errors, context } = await newPage(browser(), inject('baseUrl'));
    await page.goto('/registration');
    const email = uniqueEmail('reg');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Имя', { exact: false }).first().fill('Мария Иванова');
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/home/active?msg=*');
    await expect.poll(() => page.getByRole('navigation').first().isVisible()).toBe(true);
    // Where the customer lands, the info modal says what registration e-mailed.
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('письмо со ссылкой');
    expect(await page.evaluate(() => localStorage.getItem('key'))).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the duplicate e-mail error on the field', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.goto('/registration');
    await page.getByLabel('E-mail').fill('demo@example.com');
    await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect
      .poll(() => page.getByText('Пользователь с таким e-mail уже зарегистрирован').isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/registration');
    await context.close();
  });
});
