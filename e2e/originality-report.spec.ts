import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, customerToken, DEMO_CUSTOMER, PERFORMER, samplePdf, staffToken, upload } from './support/api';
import { login } from './support/auth';
import { axeViolations, DESKTOP, PHONE, SHOTS_DIR } from './support/axe';
import { appTookOver, newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';

// The originality report as the customer meets it: the author attaches the checking system's PDF
// below the order's requirement; the order header says so in words, opens the report in one click
// and offers the free rework at once — axe-clean in both themes, on a desktop and on a phone.

const TOPIC = 'Управление оборотным капиталом торгового предприятия';
const REPORT = 'Отчёт о проверке.pdf';

describe('the originality report in the order header', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let orderId: number;
  let line: RegExp;

  beforeAll(async () => {
    // Its own server: the demo order at work gets its delivery and a report.
    server = await startServer();
    const base = server.url;
    const customer = await customerToken(base, DEMO_CUSTOMER);
    const author = await staffToken(base, PERFORMER);
    const list = await call<{ results: Array<{ id: number; details: { topic: string } }> }>(
      base,
      customer,
      'GET',
      '/api/client/orders/?tab=active',
    );
    const found = list.results.find((o) => o.details.topic === TOPIC);
    if (!found) throw new Error('the demo order at work is missing');
    orderId = found.id;
    const staffFiles = `/api/staff/orders/${orderId}/files/`;
    await upload(base, author, `${staffFiles}?kind=final`, [
      { name: 'Курсовая работа.pdf', mimeType: 'application/pdf', buffer: samplePdf('final') },
    ]);
    const order = await call<{
      details: { originality: number; verification_system: { title: string } | null };
    }>(base, customer, 'GET', `/api/client/orders/${orderId}/`);
    const required = order.details.originality;
    if (required < 1) throw new Error('the demo order at work requires no originality');
    await upload(base, author, `${staffFiles}?kind=report&percent=${required - 7}`, [
      { name: REPORT, mimeType: 'application/pdf', buffer: samplePdf('report') },
    ]);
    const system = order.details.verification_system ? ` по ${order.details.verification_system.title}` : '';
    line = new RegExp(
      `Оригинальность ${required - 7}\\s%${system.replace('.', '\\.')} \\(требуется ${required}\\s%\\)`,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function header(page: Page) {
    const region = page.getByRole('region', { name: 'Проверка на оригинальность' });
    await region.waitFor();
    return region;
  }

  async function shootHeader(page: Page, theme: string) {
    if (!SHOTS_DIR) return;
    await mkdir(SHOTS_DIR, { recursive: true });
    const width = page.viewportSize()?.width ?? 0;
    const card = page.locator('header', {
      has: page.getByRole('region', { name: 'Проверка на оригинальность' }),
    });
    await card.screenshot({ path: join(SHOTS_DIR, `originality-header-${theme}-${width}.png`) });
  }

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    it('says the percentage against the requirement, marks the shortfall, and passes axe on a desktop and a phone', async () => {
      const { page, context, errors } = await newPage(browser(), server.url, { viewport: DESKTOP });
      await page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
      await login(page, DEMO_CUSTOMER);
      await page.waitForURL('**/home/active');
      await page.goto(`/order/${orderId}/chat`);
      await appTookOver(page);
      const region = await header(page);
      expect((await region.textContent())?.replace(/[\u00a0\u202f]/g, ' ')).toMatch(line);
      await expect.poll(() => region.getByText('Ниже требуемой').isVisible()).toBe(true);
      await region.getByRole('link', { name: 'Бесплатная доработка' }).waitFor();
      await page.waitForLoadState('networkidle');
      const found = (await axeViolations(page)).map((v) => `desktop: ${v}`);
      await shootHeader(page, theme);

      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Подробнее о заказе' }).click();
      await header(page);
      found.push(...(await axeViolations(page)).map((v) => `phone: ${v}`));
      await shootHeader(page, theme);
      if (found.length) console.log(found.join('\n'));
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });

  it('opens the report in one click, and the free rework opens the rework form', async () => {
    const { page, context, errors } = await newPage(browser(), server.url, { viewport: DESKTOP });
    await login(page, DEMO_CUSTOMER);
    await page.waitForURL('**/home/active');
    await page.goto(`/order/${orderId}/chat`);
    await appTookOver(page);
    const region = await header(page);
    await region.getByRole('button', { name: 'Открыть отчёт' }).click();
    const dialog = page.getByRole('dialog', { name: REPORT });
    await dialog.locator(`iframe[title="${REPORT}"]`).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await region.getByRole('link', { name: 'Бесплатная доработка' }).click();
    await page.waitForURL(`**/order/${orderId}/reworks?new=1`);
    await page.getByRole('textbox', { name: 'Что нужно доработать' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
