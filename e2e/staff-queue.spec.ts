import { describe, expect, inject, it } from 'vitest';
import { MANAGER } from './support/api';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { queueLink, staffLogin, staffOrderHeading } from './support/staff';

// The staff queue: who placed each order and when, and the whole row as the way into the order —
// the row's own link, so the keyboard gets there as the pointer does.

describe('staff queue', () => {
  const browser = useBrowser();

  it('shows the customer and the created date; a click anywhere on a row or Enter on its link opens the order', async () => {
    const { page, context, errors } = await newPage(browser(), inject('baseUrl'));
    await staffLogin(page, MANAGER);
    const table = page.getByRole('table');
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.slice(0, 4)).toEqual(['№', 'Создан', 'Заказчик', 'Вид работы']);

    const rows = table.locator('tbody tr');
    const first = rows.first();
    const id = Number(await first.getByRole('link').textContent());
    const cells = await first.getByRole('cell').allTextContents();
    expect(cells[1]).toMatch(/^\d{1,2} [а-я]+ \d{4}$/);
    expect(cells[2]?.trim()).not.toBe('');

    // The pointer: on the topic, far from the number's link (which lies over the whole row).
    const topic = await first.getByRole('cell').nth(4).boundingBox();
    if (!topic) throw new Error('no topic cell');
    await page.mouse.click(topic.x + topic.width / 2, topic.y + topic.height / 2);
    await staffOrderHeading(page, id).waitFor();
    await page.goBack();

    // The keyboard: Tab reaches the row's link, Enter opens the order.
    await queueLink(page, id).first().waitFor();
    await queueLink(page, id).first().focus();
    expect(await page.evaluate(() => document.activeElement?.closest('tr') !== null)).toBe(true);
    await page.keyboard.press('Enter');
    await staffOrderHeading(page, id).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the order from anywhere on a phone card', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'), {
      viewport: { width: 390, height: 844 },
    });
    await staffLogin(page, MANAGER);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: /^Заказ № \d+$/ }) });
    await card.first().waitFor();
    const name = await card.first().getByRole('link').textContent();
    const id = Number(/\d+/.exec(name ?? '')?.[0]);
    const box = await card.first().boundingBox();
    if (!box) throw new Error('no card');
    // The card's lower right corner: nothing but the card there.
    await page.mouse.click(box.x + box.width - 8, box.y + box.height - 8);
    await staffOrderHeading(page, id).waitFor();
    await context.close();
  });
});
