import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

const publicScreens = [
  '/login',
  '/registration',
  '/restore',
  '/change-password/some-id/',
  '/socials-email-auth?token=abc',
  '/documents/user-agreement',
  '/documents/service-contract',
  '/documents/privacy-policy',
  '/404',
  '/429',
];

describe.each(['light', 'dark'] as const)('axe finds no violation in the %s theme', (theme) => {
  const browser = useBrowser();

  it('on every auth screen', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
    const found: string[] = [];
    for (const path of publicScreens) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    if (found.length) console.log(found.join('\n'));
    expect(found).toEqual([]);
    await context.close();
  });

  it('on the cabinet layout, desktop and phone', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, `axe-${theme}`);
    const { page, context } = await newPage(browser(), base);
    await page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    const found: string[] = [];
    for (const path of ['/home/active', '/profile', '/email-edit', '/order-new']) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home/active');
    await page.waitForLoadState('networkidle');
    found.push(...(await axeViolations(page)).map((v) => `phone /home/active: ${v}`));
    if (found.length) console.log(found.join('\n'));
    expect(found).toEqual([]);
    await context.close();
  });
});
