import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OFFER_CUSTOMER, customerToken } from './support/api';
import { PASSWORD } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/fixtures';
import { latestMail, linkIn, uniqueEmail } from './support/outbox';
import {
  avatarsOf,
  imageAt,
  landscapePng,
  popupDue,
  profileCustomer,
  profileOf,
  signedIn,
  textOf,
  type Signed,
} from './support/profile';
import { startServer, type RunningServer } from './support/server';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The profile screen, its data loaded (the ФИО field is filled from the server). */
async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('heading', { level: 1, name: 'Профиль' }).waitFor();
  await field(page, 'ФИО').waitFor();
  await page.waitForLoadState('networkidle');
}

/** A text field by its exact label (the form has «Телефон» and «Телефон для звонка», «E-mail» twice). */
const field = (page: Page, label: string): Locator => page.getByRole('textbox', { name: label, exact: true });

const save = (page: Page) => page.getByRole('button', { name: 'Сохранить', exact: true });

/** The header's avatar image (the 64 px one) on the profile menu's button, none while the initials show. */
const headerAvatar = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: 'Меню профиля' }).locator('img');

/** The diploma half-price popup (spec §4), named after the offer. */
const diplomaPopup = (page: Page): Locator => page.getByRole('dialog', { name: /Диплом за полцены/ });

/**
 * The customer's profile in Chromium against a server of the file's own (the popup journey
 * dismisses the offer customer's popup for good; the avatar writes files): edit and reload, the
 * avatar through the file chooser and the crop dialog into the header, the e-mail change from the
 * profile screen through the outbox, the diploma popup once, and axe on the screen.
 */
describe('the profile, in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let base: string;
  const opened: Signed[] = [];
  const tag = Date.now().toString(36);

  async function open(creds: { email: string; password: string }, viewport?: typeof PHONE) {
    const signed = await signedIn(browser(), base, creds, viewport);
    opened.push(signed);
    return signed;
  }

  beforeAll(async () => {
    server = await startServer();
    base = server.url;
  });
  afterEach(async () => {
    for (const { context } of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('saves the edited fields, shows a refused one next to its field without losing the rest, and keeps them after a reload', async () => {
    const customer = await profileCustomer(base, `edit-${tag}`);
    const { page, errors } = await open(customer);
    await openProfile(page);
    // A fresh customer has no birthday: the field is empty, not «01.01.1970».
    expect(await page.getByLabel('Дата рождения', { exact: true }).inputValue()).toBe('');

    await field(page, 'ФИО').fill('Ольга Сергеевна Редактируемая');
    const phone = field(page, 'Телефон');
    await phone.click();
    await phone.pressSequentially('89161234567');
    await field(page, 'Группа').fill('ИВТ-21');
    await page.getByRole('checkbox', { name: 'Telegram', exact: true }).check();
    const telegram = field(page, 'Имя в Telegram');
    // Too short for a Telegram handle: the server refuses it, in Russian, next to the field.
    await telegram.fill('@ab');
    await save(page).click();
    await expect.poll(() => telegram.getAttribute('aria-invalid')).toBe('true');
    expect((await profileOf(base, customer.token)).fio).toBe('Анна Профильная');
    // Nothing typed is lost.
    expect(await field(page, 'ФИО').inputValue()).toBe('Ольга Сергеевна Редактируемая');
    expect(await field(page, 'Группа').inputValue()).toBe('ИВТ-21');

    await telegram.fill('@olga_redaktor');
    await save(page).click();
    await expect
      .poll(async () => (await profileOf(base, customer.token)).fio)
      .toBe('Ольга Сергеевна Редактируемая');
    const stored = await profileOf(base, customer.token);
    expect(stored.phone.replace(/\D/g, '')).toBe('79161234567');
    expect(stored).toMatchObject({
      group_header: 'ИВТ-21',
      is_telegram_contact: true,
      telegram: '@olga_redaktor',
    });

    await page.reload();
    await field(page, 'ФИО').waitFor();
    await expect.poll(() => field(page, 'ФИО').inputValue()).toBe('Ольга Сергеевна Редактируемая');
    expect(await field(page, 'Группа').inputValue()).toBe('ИВТ-21');
    expect(await field(page, 'Телефон').inputValue()).toBe('+7 (916) 123-45-67');
    expect(await page.getByRole('checkbox', { name: 'Telegram', exact: true }).isChecked()).toBe(true);
    expect(await field(page, 'Имя в Telegram').inputValue()).toBe('@olga_redaktor');
    expect(errors).toEqual([]);
  });

  it('takes a phone of another country: masked as typed, its + added on leaving the field, kept after a reload; a short one refused in Russian', async () => {
    const customer = await profileCustomer(base, `intl-${tag}`);
    const { page, errors } = await open(customer);
    await openProfile(page);
    const phone = field(page, 'Телефон');

    // Too short for a Belarusian number: refused beside the field, in Russian, nothing stored.
    await phone.fill('');
    await phone.pressSequentially('+37529123');
    expect(await phone.inputValue()).toBe('+375 29 123');
    await save(page).click();
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Введите телефон: российский +7 999 123-45-67 или другой страны').waitFor();
    expect((await profileOf(base, customer.token)).phone).toBe('');

    // The same number whole, typed without its +.
    await phone.fill('');
    await phone.pressSequentially('375291234567');
    await phone.press('Tab');
    expect(await phone.inputValue()).toBe('+375 29 123 45 67');
    await save(page).click();
    await expect.poll(async () => (await profileOf(base, customer.token)).phone).toBe('+375291234567');

    await page.reload();
    await field(page, 'ФИО').waitFor();
    await expect.poll(() => field(page, 'Телефон').inputValue()).toBe('+375 29 123 45 67');
    expect(errors).toEqual([]);
  });

  it('uploads a PNG through the file chooser and the square crop, and the header shows it at once; deleting returns to the initials', async () => {
    const customer = await profileCustomer(base, `avatar-${tag}`);
    const dir = await mkdtemp(join(tmpdir(), 'e2e-avatar-'));
    const file = join(dir, 'photo.png');
    await writeFile(file, await landscapePng());
    try {
      const { page, errors } = await open(customer);
      await openProfile(page);
      expect(await headerAvatar(page).count()).toBe(0);

      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Загрузить фото' }).click(),
      ]);
      await chooser.setFiles(file);
      const crop = page.getByRole('dialog', { name: 'Выберите квадрат для фото' });
      await crop.waitFor();
      // The zoom is a labelled slider the keyboard moves.
      const zoom = crop.getByRole('slider', { name: 'Масштаб' });
      await zoom.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => zoom.getAttribute('aria-valuenow')).not.toBe('1');
      await crop.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await crop.waitFor({ state: 'hidden' });

      await expect
        .poll(async () => Object.keys(await avatarsOf(base, customer.token)).sort())
        .toEqual(['128', '256', '64']);
      const avatars = await avatarsOf(base, customer.token);
      // The header shows the 64 px image without a reload.
      await expect
        .poll(async () => {
          const src = await headerAvatar(page).first().getAttribute('src');
          return src ? new URL(src, base).pathname : null;
        })
        .toBe(new URL(avatars['64']!, base).pathname);
      // Stored square, WebP, at each size.
      for (const size of ['64', '256']) {
        const image = await imageAt(base, avatars[size]!, customer.token);
        expect(image).toMatchObject({ width: Number(size), height: Number(size), format: 'webp' });
      }

      await page.reload();
      await expect.poll(() => headerAvatar(page).count()).toBe(1);

      // The block offers to replace the photo now, or to delete it.
      await page.getByRole('button', { name: 'Заменить фото' }).waitFor();
      await page.getByRole('button', { name: 'Удалить фото' }).click();
      await expect.poll(async () => avatarsOf(base, customer.token)).toEqual({});
      await expect.poll(() => headerAvatar(page).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('changes the e-mail from the profile screen through the link in the outbox', async () => {
    const customer = await profileCustomer(base, `email-${tag}`);
    const next = uniqueEmail(`email-new-${tag}`);
    const { page, errors } = await open(customer);
    await openProfile(page);
    // Read-only here: the change goes through /email-edit.
    const email = field(page, 'E-mail');
    expect(await email.inputValue()).toBe(customer.email);
    expect(await email.isEditable()).toBe(false);
    await page.getByRole('link', { name: 'Изменить e-mail', exact: true }).click();
    await page.waitForURL('**/email-edit');

    const before = new Date().toISOString();
    await page.getByLabel('Новый e-mail').fill(next);
    await page.getByLabel('Текущий пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Отправить письмо' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Мы отправили письмо со ссылкой для подтверждения на новый e-mail' })
      .waitFor();

    const mail = await latestMail(base, next, { after: before });
    await page.goto(linkIn(mail.text, `${base}/client/api/change-email/confirm/`));
    await page.waitForURL('**/profile**');
    await page.getByText('Готово: e-mail в профиле изменён').first().waitFor();
    await expect.poll(() => field(page, 'E-mail').inputValue()).toBe(next);
    expect((await profileOf(base, customer.token)).email).toBe(next);
    expect(errors).toEqual([]);
  });

  it('shows the diploma half-price popup once, and never again after it is dismissed: not after a reload, not on another device', async () => {
    // The second demo customer is the one the seed gives diplom_half_price 4, the popup flag unset.
    const token = await customerToken(base, DEMO_OFFER_CUSTOMER);
    expect(await popupDue(base, token)).toBe(true);
    const { page, errors } = await open(DEMO_OFFER_CUSTOMER);
    const popup = diplomaPopup(page);
    await popup.waitFor();
    expect(await textOf(popup)).toMatch(/полцены/);
    expect(await popup.getByRole('link').first().getAttribute('href')).toBe('/space/diplom-half-price');

    await popup
      .getByRole('button', { name: /Закрыть|Понятно/ })
      .first()
      .click();
    await popup.waitFor({ state: 'hidden' });
    await expect.poll(() => popupDue(base, token)).toBe(false);

    // Not again in this tab on the next screen, nor after a reload.
    await page.goto('/payments/pay');
    await page.waitForLoadState('networkidle');
    expect(await diplomaPopup(page).count()).toBe(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await diplomaPopup(page).count()).toBe(0);

    // Nor in another browser: the flag is the server's.
    const other = await open(DEMO_OFFER_CUSTOMER);
    await other.page.waitForLoadState('networkidle');
    expect(await diplomaPopup(other.page).count()).toBe(0);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });

  describe.each(['light', 'dark'] as const)('axe in the %s theme', (theme) => {
    it('finds no violation on /profile at desktop and 390 px', async () => {
      const customer = await profileCustomer(base, `axe-${theme}-${tag}`);
      const signed = await open(customer, DESKTOP);
      const { page, errors } = signed;
      await page.evaluate((t) => localStorage.setItem('app_theme', t), theme);
      const found: string[] = [];
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await openProfile(page);
        expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(theme);
        found.push(...(await axeViolations(page)).map((v) => `${viewport.width} px: ${v}`));
      }
      if (found.length) console.log(found.join('\n'));
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    }, 120_000);
  });
});
