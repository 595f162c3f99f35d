import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login, PASSWORD } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { latestMail, linkIn, uniqueEmail } from './support/outbox';

const SENT = 'Мы отправили письмо со ссылкой для подтверждения на новый e-mail';
const LINK_INVALID = 'Ссылка недействительна или устарела. Запросите новую';

/** The newest mail to an address, or null: the outbox delivers the queue before it answers. */
async function newestMail(base: string, to: string) {
  const r = await fetch(`${base}/dev/outbox/latest?to=${encodeURIComponent(to)}`);
  if (r.status === 404) return null;
  return (await r.json()) as { subject: string; text: string; created_at: string };
}

/** The profile's e-mail as the API sees it after a password sign-in, or the sign-in's status. */
async function profileEmail(base: string, creds: { email: string; password: string }) {
  const r = await fetch(`${base}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  if (!r.ok) return r.status;
  const { tokens } = (await r.json()) as { tokens: { access: string } };
  const profile = await fetch(`${base}/api/client/profile/`, {
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  return ((await profile.json()) as { email: string }).email;
}

/** The text a screen reader announces with the field: its description and error. */
const description = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

/** Status of a refresh with this browser's cookie: 200 while its session lives. */
const refreshStatus = (page: Page) =>
  page.evaluate(async () => {
    const r = await fetch('/api/client/auth/token/refresh/', { method: 'POST', credentials: 'same-origin' });
    return r.status;
  });

const visible = (locator: Locator) => expect.poll(() => locator.isVisible()).toBe(true);

async function requestChange(page: Page, email: string, password: string) {
  await page.getByLabel('Новый e-mail').fill(email);
  await page.getByLabel('Текущий пароль').fill(password);
  await page.getByRole('button', { name: 'Отправить письмо' }).click();
}

describe('e-mail proof', () => {
  const browser = useBrowser();

  it('confirms a registered address through the e-mailed link, once', async () => {
    const base = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), base);
    const email = uniqueEmail('confirm');
    await page.goto('/registration');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Имя', { exact: false }).first().fill('Мария Иванова');
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/home/active?msg=*'); // the modal says the link was e-mailed

    const mail = await latestMail(base, email);
    const link = linkIn(mail.text, `${base}/email-confirm?token=`);
    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'Подтверждение e-mail' }));
    await visible(page.getByRole('status').filter({ hasText: 'Готово: e-mail подтверждён' }));
    await visible(page.getByRole('link', { name: 'Перейти в кабинет' }));

    await page.goto(link);
    await visible(page.getByRole('alert').filter({ hasText: LINK_INVALID }));
    expect(await page.getByText('Готово: e-mail подтверждён').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for the current password and lets the old address stop the change', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'change');
    const next = uniqueEmail('change-new');
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    await page.goto('/email-edit');
    const before = new Date().toISOString();

    await requestChange(page, next, 'Ne-Tot-Parol-1');
    const password = page.getByLabel('Текущий пароль');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await description(password)).toContain('Неверный пароль');
    expect(await page.getByText(SENT).count()).toBe(0);
    expect(await newestMail(base, next)).toBeNull();
    // The old address has had the welcome mail only.
    expect((await newestMail(base, creds.email))?.subject).toBe('Добро пожаловать в кабинет');

    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Отправить письмо' }).click();
    const sent = page.getByRole('status').filter({ hasText: SENT });
    await visible(sent);
    expect(await sent.textContent()).toContain(next);

    const notice = await latestMail(base, creds.email, { after: before });
    expect(notice.text).toContain(next);
    const cancelLink = linkIn(notice.text, `${base}/email-change-cancel?token=`);
    const confirmMail = await latestMail(base, next, { after: before });
    const confirmLink = linkIn(confirmMail.text, `${base}/client/api/change-email/confirm/`);

    expect(await refreshStatus(page)).toBe(200);
    await page.goto(cancelLink);
    await visible(page.getByRole('heading', { name: 'Отмена смены e-mail' }));
    await visible(
      page
        .getByRole('status')
        .filter({ hasText: 'Смена e-mail отменена, все сеансы входа завершены. Смените пароль' }),
    );
    await visible(page.getByRole('link', { name: 'Перейти ко входу' }));
    // Whoever asked for the change had a session: stopping it signs this browser out too.
    expect(await refreshStatus(page)).toBe(401);

    // The link no longer changes anything, and the browser lands on a screen that says why.
    await page.goto(confirmLink);
    await visible(page.getByRole('dialog').filter({ hasText: LINK_INVALID }));
    expect(await profileEmail(base, creds)).toBe(creds.email);
    expect(await profileEmail(base, { email: next, password: PASSWORD })).toBe(400);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the address when nobody stops it', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'change-ok');
    const next = uniqueEmail('change-ok-new');
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    await page.goto('/email-edit');
    const before = new Date().toISOString();
    await requestChange(page, next, PASSWORD);
    await visible(page.getByRole('status').filter({ hasText: SENT }));

    const confirmMail = await latestMail(base, next, { after: before });
    await page.goto(linkIn(confirmMail.text, `${base}/client/api/change-email/confirm/`));
    await page.waitForURL('**/profile**');
    await visible(page.getByText('Готово: e-mail в профиле изменён'));
    expect(await profileEmail(base, { email: next, password: PASSWORD })).toBe(next);
    expect(errors).toEqual([]);
    await context.close();
  });
});
