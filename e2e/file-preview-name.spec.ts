import { describe, expect, inject, it } from 'vitest';
import { call, customerToken, DEMO_CUSTOMER } from './support/api';
import { login } from './support/auth';
import { appTookOver, newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

// A previewed file keeps its name: the file's name opens the preview, the preview's own tab is
// titled with it and its download is saved under it — never the blob's UUID.

const TOPIC = 'Роль малого бизнеса в экономике региона';

describe('file preview', () => {
  const browser = useBrowser();

  it('opens from the file’s name; its tab is titled and its download named after the file', async () => {
    const base = inject('baseUrl');
    // The demo order under review has the author's final file (seeded).
    const token = await customerToken(base, DEMO_CUSTOMER);
    const list = await call<{ results: Array<{ id: number; details?: { topic: string }; topic?: string }> }>(
      base,
      token,
      'GET',
      '/api/client/orders/?tab=active',
    );
    const order = list.results.find((o) => (o.details?.topic ?? o.topic) === TOPIC);
    if (!order) throw new Error('the demo order under review is missing');
    const name = `${TOPIC}.pdf`;

    const { page, context, errors } = await newPage(browser(), base);
    await login(page, DEMO_CUSTOMER);
    await page.waitForURL(/\/home\/active/);
    await page.goto(`/order/${order.id}/files`);
    await appTookOver(page);
    const finals = page.getByRole('region', { name: 'Готовая работа' });
    await finals.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.locator(`iframe[title="${name}"]`).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Скачать', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Открыть в новой вкладке' }).click(),
    ]);
    await expect.poll(() => tab.title()).toBe(name);
    expect(await tab.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
