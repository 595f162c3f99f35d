import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { uniqueEmail } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

const WHOLE = '+7 (916) 123-45-67';

describe('the phone field', () => {
  const browser = useBrowser();

  it('turns a typed 8 916… into +7 (916) 123-45-67 and registers with it', async () => {
    const { page, errors, context } = await newPage(browser(), inject('baseUrl'));
    await page.goto('/registration');
    const phone = page.getByLabel('Телефон');
    await phone.click();
    // Typed at once, maybe into the prerendered form: the app carries it into its masked field.
    await phone.pressSequentially('89161234567');
    await expect.poll(() => phone.inputValue()).toBe(WHOLE);

    // And typed again into the app's own field, key by key.
    await page.waitForFunction(() => !document.querySelector('button[type="submit"][disabled]'));
    await phone.fill('');
    await phone.pressSequentially('89161234567');
    expect(await phone.inputValue()).toBe(WHOLE);

    const email = uniqueEmail('phone');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/client/profile/'),
    );
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ email, phone: WHOLE });
    // Registration signs in (whatever screen then says so): the token is what the check needs.
    await page.waitForFunction(() => !!localStorage.getItem('key'));
    const stored = await page.evaluate(async () => {
      const res = await fetch('/api/client/profile/', {
        headers: { authorization: `Bearer ${localStorage.getItem('key') ?? ''}` },
      });
      return ((await res.json()) as { phone: string }).phone;
    });
    // Stored as every phone is, E.164 (ADR 023); the screens format it.
    expect(stored).toBe('+79161234567');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['8 916 123-45-67', '+7 916 123 45 67', '79161234567', '9161234567'])(
    'takes a pasted %j as the same number',
    async (pasted) => {
      const { page, context } = await newPage(browser(), inject('baseUrl'));
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/registration');
      const phone = page.getByLabel('Телефон');
      // Wait for the app to take over the prerendered form before pasting into its field.
      await page.waitForFunction(() => !document.querySelector('button[type="submit"][disabled]'));
      await phone.click();
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await page.keyboard.press('Control+V');
      await expect.poll(() => phone.inputValue()).toBe(WHOLE);
      await context.close();
    },
  );
});

describe('the dev outbox', () => {
  const browser = useBrowser();

  it('opens the link of a mail with a click', async () => {
    const base = inject('baseUrl');
    const email = uniqueEmail('outbox');
    const res = await fetch(`${base}/api/client/profile/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, agree: true }),
    });
    expect(res.status).toBe(200);
    const { page, context } = await newPage(browser(), base);
    await page.goto('/dev/outbox');
    const mail = page.locator('article', { hasText: email }).first();
    const link = mail.getByRole('link').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${base.replace(/[.]/g, '\\.')}/`));
    await link.click();
    await page.waitForURL((url) => url.origin === base && url.pathname !== '/dev/outbox');
    await context.close();
  });
});

describe('the operator in the documents and the footer', () => {
  const browser = useBrowser();
  let configured: RunningServer;
  beforeAll(async () => {
    configured = await startServer({
      COMPANY_NAME: 'ООО «Ромашка»',
      COMPANY_INN: '7701234567',
      COMPANY_OGRN: '1027700123456',
      COMPANY_ADDRESS: '101000, г. Москва, ул. Мясницкая, д. 1',
      COMPANY_EMAIL: 'info@romashka.example',
    });
  });
  afterAll(() => configured?.stop());

  it('names the configured operator in the service contract and its footer', async () => {
    const { page, errors, context } = await newPage(browser(), configured.url);
    await page.goto('/documents/service-contract');
    const details = page.getByRole('region', { name: 'Сведения об Исполнителе' });
    await expect.poll(() => details.getByText('ООО «Ромашка»').isVisible()).toBe(true);
    expect(await details.innerText()).toContain('1027700123456');
    expect(await details.innerText()).toContain('101000, г. Москва, ул. Мясницкая, д. 1');
    const footer = page.locator('footer');
    await expect
      .poll(() => footer.innerText())
      .toContain('ООО «Ромашка» · ИНН 7701234567 · ОГРН 1027700123456');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names it under the links of the sign-in page too', async () => {
    const { page, context } = await newPage(browser(), configured.url);
    await page.goto('/login');
    await expect.poll(() => page.locator('footer').innerText()).toContain('ООО «Ромашка»');
    await context.close();
  });

  it('shows placeholders naming the settings where none are set', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.goto('/documents/privacy-policy');
    const details = page.getByRole('region', { name: 'Сведения об Операторе' });
    await expect.poll(() => details.innerText()).toContain('ООО «Название» — задайте COMPANY_NAME');
    expect(await details.innerText()).toContain('задайте COMPANY_INN');
    await expect.poll(() => page.locator('footer').innerText()).toContain('задайте COMPANY_OGRN');
    await context.close();
  });
});
