import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerToken } from './support/api';
import { createCustomer, login, PASSWORD } from './support/auth';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { latestMail, linkIn, uniqueEmail } from './support/outbox';
import { awaitingOrder, chooseMethod, payCustomer, payOnBankPage, rub } from './support/payments';
import { startServer, type RunningServer } from './support/server';

const PRICE = 2_000_00;
const REWARD = 500_00;
/** The text with any run of spaces (the app's non-breaking ones too) as one space. */
const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

/**
 * Friends and bonuses in Chromium against a real server: a customer invites a friend by
 * e-mail from /friend, the friend opens the link from the outbox, registers, pays a first order
 * through the test bank, and both see the referral bonus on /bonus; the inviter sees the friend on
 * /friend. axe on both screens.
 */
describe('inviting a friend, in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let base: string;
  const opened: BrowserContext[] = [];

  async function fresh(): Promise<{ page: Page; errors: string[] }> {
    const { context, page, errors } = await newPage(browser(), base);
    opened.push(context);
    page.setDefaultTimeout(15_000);
    return { page, errors };
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

  it('after an SMS invitation is sent, the emptied phone field is not marked as a mistake', async () => {
    const inviter = await createCustomer(base, 'sms-inviter');
    const { page, errors } = await fresh();
    await login(page, inviter);
    await page.waitForURL('**/home/active');
    await page.goto('/friend');
    await page.getByRole('tab', { name: 'По SMS' }).click();
    const form = page.getByRole('form', { name: 'По SMS' });
    const field = form.getByLabel(/Телефон друга/);
    const digits = String(Date.now()).slice(-7);
    await field.pressSequentially(`916${digits}`);
    await form.getByRole('button', { name: 'Отправить приглашение' }).click();
    await page.getByText('Приглашение отправлено по SMS').waitFor();
    await expect.poll(() => field.inputValue()).toBe('');
    expect(await field.getAttribute('aria-invalid')).not.toBe('true');
    expect(await form.getByText('Введите телефон друга').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('invite by e-mail → register through the link → first order paid → both get the bonus', async () => {
    const inviter = await payCustomer(base, 'inviter');
    const { page, errors } = await fresh();
    await login(page, inviter);
    await page.waitForURL('**/home/active');

    await page.goto('/friend');
    await page.getByRole('heading', { level: 1, name: 'Пригласить друга' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const friendEmail = uniqueEmail('friend');
    const form = page.getByRole('form', { name: 'По e-mail' });
    await form.getByLabel(/E-mail друга/).fill(friendEmail);
    await form.getByRole('button', { name: 'Отправить приглашение' }).click();
    await page.getByText('Приглашение отправлено на e-mail').waitFor();
    // The same address again: refused kindly.
    await form.getByLabel(/E-mail друга/).fill(friendEmail);
    await form.getByRole('button', { name: 'Отправить приглашение' }).click();
    await form.getByRole('alert').filter({ hasText: 'Вы уже приглашали' }).waitFor();

    const mail = await latestMail(base, friendEmail);
    const link = new URL(linkIn(mail.text, 'http'));
    expect(link.pathname).toBe('/registration');
    expect(link.searchParams.get('invite')).toMatch(/^[0-9A-Z]{8}$/);

    const friend = await fresh();
    await friend.page.goto(`${link.pathname}${link.search}`);
    await friend.page
      .getByLabel(/E-mail/)
      .first()
      .fill(friendEmail);
    await friend.page.getByLabel('Имя и фамилия').fill('Смирнов Олег Петрович');
    await friend.page
      .getByLabel(/Пароль/)
      .first()
      .fill(PASSWORD);
    await friend.page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    await friend.page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await friend.page.waitForURL(/\/home\/|\/order-new/);

    const token = await customerToken(base, { email: friendEmail, password: PASSWORD });
    const orderId = await awaitingOrder(
      base,
      { email: friendEmail, password: PASSWORD, token, phone: '' },
      'Первый заказ друга',
      PRICE,
    );
    await friend.page.goto(`/order/${orderId}/pay`);
    await friend.page.getByText(rub(PRICE)).first().waitFor();
    await chooseMethod(friend.page, 'Банковская карта');
    await friend.page.getByRole('button', { name: `Оплатить ${rub(PRICE)}`, exact: true }).click();
    await friend.page.waitForURL(/\/test-bank\/pay\//);
    await payOnBankPage(friend.page);
    await friend.page.waitForURL('**/payment?status=success&pay_id=*');

    // The friend: the referral bonus and 3 % of the order.
    await friend.page.goto('/bonus');
    await friend.page.getByRole('heading', { level: 1, name: 'Бонусы' }).waitFor();
    await expect
      .poll(async () => flat(await friend.page.getByTestId('bonus-balance').textContent()))
      .toBe(`${(REWARD + PRICE * 0.03) / 100} бонусов`);
    await friend.page.getByText('Бонус за первый оплаченный заказ по приглашению друга').waitFor();

    // The inviter: the bonus, and the friend on /friend.
    await page.goto('/bonus');
    await page.getByRole('heading', { level: 1, name: 'Бонусы' }).waitFor();
    await expect
      .poll(async () => flat(await page.getByTestId('bonus-balance').textContent()))
      .toBe(`${REWARD / 100} бонусов`);
    // The same unit as the header's, its worth said once on the screen.
    await expect
      .poll(async () =>
        flat(
          await page
            .getByRole('banner')
            .getByRole('link', { name: /Баланс/ })
            .textContent(),
        ),
      )
      .toContain(`${REWARD / 100} бонусов`);
    expect(await page.getByText('1 бонус = 1 ₽ при оплате заказа').count()).toBe(1);
    await page.getByText(/Бонус за друга: Олег С\./).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/friend');
    const friends = page.getByRole('region', { name: 'Друзья, которые пришли по вашей ссылке' });
    await friends.getByText('Олег С.').waitFor();
    await friends.getByText('Оплачен').waitFor();
    await page.getByText('Оплатил первый заказ').waitFor();
    expect(errors).toEqual([]);
    expect(friend.errors).toEqual([]);
  });
});
