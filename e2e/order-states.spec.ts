import { api, staffApi, type StaffOrder } from '@cabinet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  customerToken,
  DEMO_CUSTOMER,
  MANAGER,
  PERFORMER,
  PERFORMER_NAME,
  placeOrder,
  samplePdf,
  staffToken,
  upload,
} from './support/api';
import { login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { pay } from './support/payments';
import { startServer, type RunningServer } from './support/server';
import { staffLogin, staffOrderHeading } from './support/staff';

/** The workspace's own header (the order at a glance), inside main. */
const workspaceHeader = (page: Page) => page.locator('main header');
const customerStatus = (page: Page, title: string) => workspaceHeader(page).getByText(title, { exact: true });
/** The status line under the staff order screen's heading. */
const staffStatus = (page: Page, id: number, title: string) =>
  staffOrderHeading(page, id).locator('xpath=..').getByText(title, { exact: true });

/**
 * The order's statuses never contradict its people (ADR 004), and the author is never stuck:
 * paid with an author assigned, the order says «Автор назначен» and the author takes it into work
 * himself; during a rework, the final file he uploads waits for his answer (ADR 015), which he
 * sends after a reload of the page.
 */
describe('statuses that agree with the order, and an author who can start and answer', () => {
  const browser = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    // Its own server: the journey pays from the demo customer's balance.
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('an order paid with its author assigned reads «Автор назначен»; the author takes it into work and answers a rework after a reload', async () => {
    const base = server.url;
    const topic = `Статусы ${Date.now().toString(36)}`;
    const customerApi = await customerToken(base, DEMO_CUSTOMER);
    const managerApi = await staffToken(base, MANAGER);
    const authorApi = await staffToken(base, PERFORMER);

    // Priced and assigned before the payment; the customer pays from the balance.
    const id = await placeOrder(base, customerApi, topic);
    await call(base, managerApi, 'PATCH', staffApi.order(id), { price: 300_000 });
    const performers = await call<{ results: Array<{ id: number; name: string }> }>(
      base,
      managerApi,
      'GET',
      staffApi.performers,
    );
    const author = performers.results.find((p) => p.name === PERFORMER_NAME);
    await call(base, managerApi, 'POST', staffApi.assign(id), { performer_id: author?.id });
    const paid = await pay(base, customerApi, { purpose: 'order', object_id: id, payment_method: 'balance' });
    expect(paid.status).toBe('succeeded');

    // The customer: the badge agrees with the author the header names.
    const customer = await newPage(browser(), base);
    await login(customer.page, DEMO_CUSTOMER);
    await customer.page.waitForURL('**/home/active');
    await customer.page.goto(`/order/${id}`);
    await customerStatus(customer.page, 'Автор назначен').waitFor();
    const header = (await workspaceHeader(customer.page).innerText()).replace(/\s+/g, ' ');
    expect(header).toContain(`Автор ${PERFORMER_NAME}`);
    expect(header).not.toContain('подбираем автора');

    // The author takes it into work himself.
    const staff = await newPage(browser(), base);
    await staffLogin(staff.page, PERFORMER);
    await staff.page.goto(`/staff/orders/${id}`);
    await staffStatus(staff.page, id, 'Оплачен, автор назначен').waitFor();
    await staff.page.getByRole('button', { name: 'Взять в работу' }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await staffStatus(staff.page, id, 'В работе').waitFor();
    expect(await staff.page.getByRole('button', { name: 'Взять в работу' }).count()).toBe(0);
    await customer.page.reload();
    await customerStatus(customer.page, 'Автор пишет работу').waitFor();

    // Delivered, then sent back for a rework by the customer.
    const first = samplePdf(`${topic} v1`);
    await upload(base, authorApi, `${staffApi.files(id)}?kind=final`, [
      { name: 'Работа.pdf', mimeType: 'application/pdf', buffer: first },
    ]);
    await call(base, customerApi, 'POST', api.orders.reworks(id), { comment: 'Добавьте выводы.' }, [201]);

    // The author uploads the corrected file on the page…
    await staff.page.reload();
    await staffStatus(staff.page, id, 'Доработка').waitFor();
    const chooser = staff.page.waitForEvent('filechooser');
    // «Итоговый» is the upload's default kind.
    await staff.page.getByRole('button', { name: 'Выбрать файлы' }).click();
    const delivered = staff.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes(`/api/staff/orders/${id}/files/`),
    );
    await (
      await chooser
    ).setFiles({
      name: 'Работа v2.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf(`${topic} v2`),
    });
    expect((await delivered).status()).toBe(201);

    // …while the rework is open the customer does not get it on its own.
    await customer.page.goto(`/order/${id}/files`);
    await customerStatus(customer.page, 'Автор дорабатывает').waitFor();
    const finals = customer.page.getByRole('region', { name: 'Готовая работа' });
    await finals.getByText('Работа.pdf', { exact: true }).waitFor();
    expect(await finals.getByText('Работа v2.pdf', { exact: true }).count()).toBe(0);

    // After a reload the answer form still offers the file, and the answer goes.
    await staff.page.reload();
    await staffStatus(staff.page, id, 'Доработка').waitFor();
    await staff.page.getByRole('button', { name: /Доработка № 1/ }).click();
    const offered = staff.page.getByRole('group', { name: 'Итоговые файлы к ответу' });
    await offered.getByText('Работа v2.pdf').waitFor();
    // The page has settled (the socket's first connect refetches the order's parts) before typing.
    await staff.page.waitForLoadState('networkidle');
    const reworksSection = staff.page.getByRole('region', { name: 'Доработки' });
    const answerText = staff.page.getByLabel('Ответ заказчику');
    await answerText.fill('Добавил выводы ко второй главе.');
    await expect.poll(() => answerText.inputValue()).toBe('Добавил выводы ко второй главе.');
    const answered = staff.page
      .waitForResponse(
        (r) =>
          r.request().method() === 'POST' && r.url().includes(`/reworks/`) && r.url().endsWith('/answer/'),
        { timeout: 20_000 },
      )
      .catch(async (error: unknown) => {
        // Say what the section showed (a field error, an emptied form) rather than only the wait.
        const shown = await reworksSection.innerText().catch(() => '(the section is gone)');
        throw new Error(`no answer was sent; the reworks section shows:\n${shown}`, { cause: error });
      });
    await reworksSection.getByRole('button', { name: 'Отправить' }).click();
    expect((await answered).status()).toBe(200);
    await staffStatus(staff.page, id, 'На проверке у заказчика').waitFor();
    const order = await call<StaffOrder>(base, managerApi, 'GET', staffApi.order(id));
    expect(order.status.id).toBe(5);

    // The customer checks the corrected work, which came with the answer.
    await customer.page.reload();
    await customerStatus(customer.page, 'Проверьте работу').waitFor();
    await finals.getByText('Работа v2.pdf', { exact: true }).waitFor();

    for (const side of [customer, staff]) {
      expect(side.errors).toEqual([]);
      await side.context.close();
    }
  }, 240_000);
});
