import { describe, expect, inject, it } from 'vitest';
import { appTookOver, newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

describe('theme', () => {
  const browser = useBrowser();

  it('starts light, switches to dark and keeps it across a reload', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.goto('/login');
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('light');
    // The prerendered /login paints before the scripts: its toggle works once the app has it.
    await appTookOver(page);
    await page.getByRole('button', { name: /тёмн|темн/i }).click();
    await expect.poll(scheme).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('app_theme'))).toContain('dark');
    await page.reload();
    expect(await scheme()).toBe('dark');
    await context.close();
  });
});
