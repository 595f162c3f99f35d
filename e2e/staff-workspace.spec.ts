import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerToken,
  DEMO_CUSTOMER,
  MANAGER,
  moscowDay,
  PERFORMER,
  PERFORMER_NAME,
  placeOrder,
  samplePdf,
  staffToken,
} from './support/api';
import { login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { latestMail } from './support/outbox';
import { simulatePayment } from './support/payment';
import { startServer, type RunningServer } from './support/server';
import { queueLink, staffLogin, staffOrderHeading } from './support/staff';
import { readZip } from './support/zip';

/** The workspace's own header (the order at a glance), inside main. */
const workspaceHeader = (page: Page) => page.locator('main header');

/** The workspace header's status badge: the customer's title of the status. */
const customerStatus = (page: Page, title: string) => workspaceHeader(page).getByText(title, { exact: true });

/** A workspace tab by its title; what it counts as new is shown beside the title. */
const tabsNav = (page: Page) => page.getByRole('navigation', { name: 'Разделы заказа' });
const workspaceTab = (page: Page, title: string) =>
  tabsNav(page).getByRole('link', { name: new RegExp(`^${title}`) });

/** What a part of the page reads, its spaces (the formatters' no-break ones too) made plain. */
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ');

/**
 * The status line under the staff order screen's heading (not a move button of the same title,
 * which the manager's «Перевести в другой статус» shows).
 */
const staffStatus = (page: Page, id: number, title: string) =>
  staffOrderHeading(page, id).locator('xpath=..').getByText(title, { exact: true });

describe('the staff side and the customer, side by side', () => {
  const browser = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    // Its own server: the journey writes a payment into its SQLite file.
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a manager prices a new order, an author delivers it, the customer downloads, reviews and asks for a rework', async () => {
    const base = server.url;
    const customer = await newPage(browser(), base);
    const manager = await newPage(browser(), base);
    const author = await newPage(browser(), base);
    const topic = `Журнал заказа ${Date.now().toString(36)}`;

    // The customer is signed in and has just placed an order.
    await login(customer.page, DEMO_CUSTOMER);
    await customer.page.waitForURL('**/home/active');
    const id = await placeOrder(base, await customerToken(base, DEMO_CUSTOMER), topic);
    await customer.page.goto(`/order/${id}`);
    await customer.page.waitForURL(`**/order/${id}/chat`);
    await customerStatus(customer.page, 'Уточняем стоимость').waitFor();

    // 1. The manager finds it by its number and prices it.
    await staffLogin(manager.page, MANAGER);
    await manager.page.getByRole('searchbox', { name: 'Поиск' }).fill(String(id));
    await manager.page.waitForURL(new RegExp(`[?&]q=${id}`));
    await manager.page.getByText('Всего: 1', { exact: true }).waitFor();
    await queueLink(manager.page, id).click();
    await manager.page.waitForURL(`**/staff/orders/${id}`);
    await staffOrderHeading(manager.page, id).waitFor();
    await staffStatus(manager.page, id, 'Оценка стоимости').waitFor();
    const mailsBefore = new Date().toISOString();
    await manager.page.getByLabel('Цена до скидок, ₽').fill('4 500');
    await manager.page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await staffStatus(manager.page, id, 'Ожидает оплаты').waitFor();

    // The customer sees it once the workspace asks again, and has the e-mail.
    await customer.page.reload();
    await customerStatus(customer.page, 'Ожидает оплаты').waitFor();
    expect(await textOf(workspaceHeader(customer.page))).toContain('Оплачено 0 ₽ из 4 500 ₽');
    const priced = await latestMail(base, DEMO_CUSTOMER.email, { after: mailsBefore });
    expect(priced.subject).toContain(`Заказ №${id}`);
    expect(priced.subject).toContain('ожидает оплаты');
    expect(priced.text).toContain(`${base}/order/${id}`);

    // 2. Paid (in the database, until the payments issue); the manager assigns the author.
    expect(simulatePayment(server.sqlitePath, id)).toBe(450_000);
    await manager.page.reload();
    await staffStatus(manager.page, id, 'Оплачен, ищем автора').waitFor();
    const assign = manager.page.getByLabel('Назначить автора');
    await assign.locator('option', { hasText: PERFORMER_NAME }).waitFor({ state: 'attached' });
    const performerOption = await assign.locator('option', { hasText: PERFORMER_NAME }).getAttribute('value');
    await assign.selectOption(performerOption ?? '');
    await manager.page.getByRole('button', { name: 'Назначить', exact: true }).click();
    await staffStatus(manager.page, id, 'В работе').waitFor();

    // The author signs in, finds the order in their queue and delivers the final file.
    await staffLogin(author.page, PERFORMER);
    await queueLink(author.page, id).click();
    await author.page.waitForURL(`**/staff/orders/${id}`);
    await staffStatus(author.page, id, 'В работе').waitFor();
    // An author knows the customer by the first name only.
    const customerCard = author.page.getByRole('region', { name: 'Заказчик', exact: true });
    expect(await textOf(customerCard)).toContain('Анна');
    expect(await textOf(customerCard)).not.toMatch(/Демидова|@|\+7/);
    const pdf = samplePdf(topic);
    const chooser = author.page.waitForEvent('filechooser');
    await author.page.getByRole('button', { name: 'Выбрать файлы' }).click();
    const delivered = author.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes(`/api/staff/orders/${id}/files/`),
    );
    await (await chooser).setFiles({ name: 'Работа.pdf', mimeType: 'application/pdf', buffer: pdf });
    expect((await delivered).status()).toBe(201);
    await staffStatus(author.page, id, 'На проверке у заказчика').waitFor();
    await author.page.getByRole('button', { name: 'Скачать Работа.pdf' }).waitFor();

    // The customer's workspace: «Проверьте работу», the file new on the files tab, counted.
    await customer.page.reload();
    await customerStatus(customer.page, 'Проверьте работу').waitFor();
    // The customer knows the author by the display name only.
    expect(await textOf(workspaceHeader(customer.page))).toContain(`Автор ${PERFORMER_NAME}`);
    expect(await textOf(workspaceHeader(customer.page))).not.toContain(PERFORMER.email);
    const filesTab = workspaceTab(customer.page, 'Файлы');
    // Read out as «Файлы (1 новый)»; the badge shows the 1.
    await tabsNav(customer.page)
      .getByRole('link', { name: /^Файлы\s?\(1 новый\)$/ })
      .waitFor();
    expect(await textOf(filesTab.locator('.mantine-Badge-root'))).toBe('1');
    await filesTab.click();
    await customer.page.waitForURL(`**/order/${id}/files`);
    const finals = customer.page.getByRole('region', { name: 'Готовая работа' });
    await finals.getByText('Работа.pdf', { exact: true }).waitFor();
    await finals.getByText('новый', { exact: true }).waitFor();
    expect(await finals.textContent()).toContain(`Загрузил: Автор ${PERFORMER_NAME}`);

    // The zip holds the file under its name in its group's folder, byte for byte.
    const download = customer.page.waitForEvent('download');
    await customer.page.getByRole('button', { name: 'Скачать всё архивом' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
    const entries = await readZip(await (await download).path());
    expect([...entries.keys()]).toEqual(['Готовая работа/Работа.pdf']);
    expect(entries.get('Готовая работа/Работа.pdf')?.equals(pdf)).toBe(true);

    // Marked reviewed: the mark and the tab's count are gone.
    await finals.getByRole('button', { name: 'Отметить просмотренным: Работа.pdf' }).click();
    await tabsNav(customer.page).getByRole('link', { name: 'Файлы', exact: true }).waitFor();
    await finals.getByText('новый', { exact: true }).waitFor({ state: 'detached' });

    // A rework with a comment and a date: «Автор дорабатывает».
    await customer.page.getByRole('button', { name: 'Отправить на доработку' }).click();
    await customer.page.waitForURL(`**/order/${id}/reworks?new=1`);
    const form = customer.page.getByRole('region', { name: 'Запросить доработку' });
    await form.getByLabel('Что нужно доработать').fill('Добавьте, пожалуйста, выводы ко второй главе.');
    await form.getByLabel('Желаемая дата').fill(moscowDay(3));
    await form.getByRole('button', { name: 'Отправить на доработку' }).click();
    await customerStatus(customer.page, 'Автор дорабатывает').waitFor();
    await customer.page.getByRole('link', { name: 'Доработка № 1' }).waitFor();
    // The button stays, disabled with the reason.
    expect(await customer.page.getByRole('button', { name: 'Запросить доработку' }).isDisabled()).toBe(true);

    // The author's screen shows the rework waiting for an answer.
    await author.page.reload();
    await staffStatus(author.page, id, 'Доработка').waitFor();
    await author.page.getByText('Доработка № 1', { exact: true }).waitFor();

    for (const side of [customer, manager, author]) {
      expect(side.errors).toEqual([]);
      await side.context.close();
    }
  }, 240_000);

  it('keeps the customer and the staff sessions apart in the browser', async () => {
    const base = server.url;
    const customer = await newPage(browser(), base);
    const staff = await newPage(browser(), base);

    // A signed-in customer opening /staff lands on the staff sign-in.
    await login(customer.page, DEMO_CUSTOMER);
    await customer.page.waitForURL('**/home/active');
    await customer.page.goto('/staff');
    await customer.page.waitForURL(/\/staff\/login/);
    await customer.page.getByRole('heading', { name: 'Вход для сотрудников' }).waitFor();
    await customer.page.goto('/staff/orders');
    await customer.page.waitForURL(/\/staff\/login\?redirect=%2Fstaff%2Forders/);
    // …and is still the customer in the cabinet.
    await customer.page.goto('/home/active');
    await customer.page.locator('#cabinet-nav').waitFor();

    // A signed-in manager opening the cabinet lands on the customer's sign-in.
    await staffLogin(staff.page, MANAGER);
    await staff.page.goto('/home/active');
    await staff.page.waitForURL(/\/login(\?|$)/);
    await staff.page.getByRole('button', { name: 'Войти', exact: true }).waitFor();

    // Their tokens open only their own side of the API, whoever's browser sends them.
    const codes = await staff.page.evaluate(
      async ([customerToken, managerToken]) => {
        const get = async (path: string, token: string) =>
          (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).status;
        return {
          customerOnStaff: await get('/api/staff/orders/', customerToken!),
          staffOnCustomer: await get('/api/client/orders/?tab=active', managerToken!),
          staffOnStaff: await get('/api/staff/orders/', managerToken!),
        };
      },
      [await customerToken(base, DEMO_CUSTOMER), await staffToken(base, MANAGER)],
    );
    expect(codes).toEqual({ customerOnStaff: 403, staffOnCustomer: 403, staffOnStaff: 200 });

    for (const side of [customer, staff]) {
      expect(side.errors).toEqual([]);
      await side.context.close();
    }
  }, 120_000);
});
