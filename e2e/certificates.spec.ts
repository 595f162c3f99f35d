import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/auth';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import {
  chooseMethod,
  finances,
  payCustomer,
  payOnBankPage,
  rub,
  waitForMoney,
  type PayCustomer,
} from './support/payments';
import { startServer, type RunningServer } from './support/server';

const VALUE = 3_000_00;

/**
 * Gift certificates in Chromium against a real server (the test provider and its bank page):
 * buy one, pay it on the bank's page, land on its success screen, download its PDF, see it active
 * in the list; a second customer redeems its code into the balance; axe on the list and the terms.
 */
describe('gift certificates, in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let base: string;
  const opened: BrowserContext[] = [];

  async function signedIn(who: string): Promise<{ page: Page; errors: string[]; customer: PayCustomer }> {
    const customer = await payCustomer(base, who);
    const { context, page, errors } = await newPage(browser(), base);
    opened.push(context);
    page.setDefaultTimeout(15_000);
    await login(page, customer);
    await page.waitForURL('**/home/active');
    return { page, errors, customer };
  }

  beforeAll(async () => {
    server = await startServer({ PAYMENTS_PROVIDER: 'test' });
    base = server.url;
  });
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('buys a certificate, pays it on the test bank page, downloads its PDF and sees it active; a friend redeems its code into the balance', async () => {
    const { page, errors } = await signedIn('cert-buyer');
    await page.goto('/certificates');
    await page.getByRole('heading', { level: 1, name: 'Подарочные сертификаты' }).waitFor();
    await page.getByRole('tab', { name: 'Действующие (0)' }).waitFor();

    await page.getByText(rub(VALUE), { exact: true }).first().click();
    await page.getByRole('button', { name: 'Купить и оплатить' }).click();
    await page.waitForURL(/\/certificate\/\d+\/pay$/);
    const id = /\/certificate\/(\d+)\/pay/.exec(page.url())![1]!;
    await page.getByRole('heading', { level: 1, name: 'Оплата сертификата' }).waitFor();
    // The provider's methods only: the balance does not pay a certificate.
    await chooseMethod(page, 'Банковская карта');
    expect(await page.getByRole('radio', { name: 'С баланса' }).count()).toBe(0);
    await page.getByRole('button', { name: `Оплатить ${rub(VALUE)}`, exact: true }).click();

    await page.waitForURL(/\/test-bank\/pay\//);
    await payOnBankPage(page);
    await page.waitForURL(`**/certificate/${id}/success?source=bank_card`);
    await page.getByRole('heading', { level: 1, name: 'Сертификат оплачен' }).waitFor();
    const code = page.getByTestId('certificate-code');
    await code.waitFor();
    const shown = (await code.innerText()).trim();
    expect(shown).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Сертификат ${shown}.pdf`);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);

    await page.goto('/certificates');
    await page.getByRole('tab', { name: 'Действующие (1)' }).waitFor();
    const row = page.getByRole('list', { name: 'Сертификаты' }).getByRole('listitem');
    expect(await row.count()).toBe(1);
    expect(await row.getByText('Действует', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(new RegExp(shown)).isVisible()).toBe(true);
    await row.getByRole('link', { name: `Сертификат на ${rub(VALUE)}` }).click();
    await page.waitForURL(`**/certificate/${id}`);
    await page.getByRole('heading', { level: 1, name: `Сертификат на ${rub(VALUE)}` }).waitFor();
    expect(errors).toEqual([]);

    // The friend types the code in lower case with spaces: into the balance.
    const friend = await signedIn('cert-friend');
    await friend.page.goto('/certificates');
    await friend.page
      .getByRole('textbox', { name: /Код сертификата/ })
      .fill(shown.toLowerCase().replaceAll('-', ' '));
    await friend.page.getByRole('button', { name: 'Активировать' }).click();
    const status = friend.page.getByRole('status').filter({ hasText: 'Сертификат активирован' });
    await status.waitFor();
    expect((await status.innerText()).replace(/\s+/g, ' ')).toContain(`${rub(VALUE)} зачислено на баланс`);
    await waitForMoney(base, friend.customer.token, VALUE);
    await friend.page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(`^Баланс.*${rub(VALUE).replace(' ', '\\s')}`) })
      .waitFor();

    // A second time the code is refused, at its field, and the balance does not grow.
    await friend.page.getByRole('button', { name: 'Активировать' }).click();
    await friend.page.getByText('Код недействителен или уже использован').first().waitFor();
    expect((await finances(base, friend.customer.token)).money).toBe(VALUE);
    expect(friend.errors).toEqual([]);
  });

  it('has no axe violations on /certificates and the terms page', async () => {
    const { page } = await signedIn('cert-axe');
    await page.goto('/certificates');
    await page.getByRole('tab', { name: 'Действующие (0)' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Условия использования сертификатов' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Условия использования подарочных сертификатов' })
      .waitFor();
    expect(
      await page.getByRole('heading', { level: 2, name: '6. Возврат денег за сертификат' }).isVisible(),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
