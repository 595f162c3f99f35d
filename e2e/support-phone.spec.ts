import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { appTookOver, launch, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The support phone comes from the server's configuration (SUPPORT_PHONE), never from
// the build.

const PHONE = '+7 495 123-45-67';

describe('the support phone from the configuration', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SUPPORT_PHONE: PHONE }), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the configured number in the header and the sidebar as a tel: link; the prerendered shell bakes none in', async () => {
    // The shell a direct visit gets before the scripts: no number, and never spec §9's placeholder.
    const shell = await (await fetch(`${server.url}/home/active`)).text();
    expect(shell).not.toContain('{phone}');
    expect(shell).not.toMatch(/tel:\+?\d/);

    const { page, errors, context } = await newPage(browser, server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await login(page, await createCustomer(server.url, 'phone'));
    await page.waitForURL(/\/home\/active/);
    await appTookOver(page);
    const header = page.getByRole('banner').getByRole('link', { name: `Телефон поддержки: ${PHONE}` });
    await header.waitFor();
    expect(await header.getAttribute('href')).toBe('tel:+74951234567');
    const sidebar = page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: /495 123-45-67/ });
    expect(await sidebar.getAttribute('href')).toBe('tel:+74951234567');
    expect(await page.locator('body').innerText()).not.toContain('{phone}');

    // The documents name it too, where the build has only a slot for it.
    await page.goto('/documents/privacy-policy');
    await page.getByText(`принимаются по телефону поддержки ${PHONE} и через чат`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
