import type { BrowserContext, Page } from 'playwright-core';
import { api, staffApi } from '@cabinet/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, customerToken, MANAGER, placeOrder, staffToken } from './support/api';
import { login, PASSWORD } from './support/auth';
import { axeViolations } from './support/axe';
import { appTookOver, newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { uniqueEmail } from './support/outbox';
import { pay, payOnBankPage } from './support/payments';
import { startServer, type RunningServer } from './support/server';
import { staffLogin } from './support/staff';

const METRIKA_ID = '12345678';
const GA4_ID = 'G-TEST1234';
const LANDING = '/registration?utm_campaign=x&utm_source=y&admitad_uid=z';
const CAMPAIGN = 'utm_campaign=x&utm_source=y';
const WELCOME = 'Спасибо! Ваш заказ подтверждён.';
const DAY = 24 * 60 * 60;

/**
 * The fake counters: each official tag script replaced by one that takes over the queue the app
 * filled (ym.a, dataLayer) and records every later call in window.__counter.
 */
const FAKE_METRIKA = `(function () {
  var c = (window.__counter = window.__counter || { ym: [], gtag: [] });
  var queued = (window.ym && window.ym.a) || [];
  function rec(args) { c.ym.push(Array.prototype.slice.call(args)); }
  queued.forEach(rec);
  window.ym = function () { rec(arguments); };
})();`;
const FAKE_GTAG = `(function () {
  var c = (window.__counter = window.__counter || { ym: [], gtag: [] });
  var dl = (window.dataLayer = window.dataLayer || []);
  function rec(args) { c.gtag.push(Array.prototype.slice.call(args)); }
  dl.forEach(rec);
  dl.push = function (args) { rec(args); return Array.prototype.push.call(dl, args); };
})();`;

type Calls = { ym: unknown[][]; gtag: unknown[][] };

async function fakeCounters(context: BrowserContext): Promise<void> {
  await context.route('https://mc.yandex.ru/metrika/tag.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_METRIKA }),
  );
  await context.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=/, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_GTAG }),
  );
}

/** The cookies are written by a chunk of their own, just after the start. */
async function cookieSet(context: BrowserContext, name: string): Promise<void> {
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === name)).toBe(true);
}

const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __counter?: Calls }).__counter ?? { ym: [], gtag: [] });

/** The page addresses (path and query) each counter was sent a hit for, in order. */
async function hits(page: Page): Promise<{ ym: string[]; ga: string[] }> {
  const c = await calls(page);
  const path = (u: unknown) => {
    const url = new URL(String(u));
    return url.pathname + url.search;
  };
  return {
    ym: c.ym.filter((a) => a[1] === 'hit').map((a) => path(a[2])),
    ga: c.gtag
      .filter((a) => a[0] === 'event' && a[1] === 'page_view')
      .map((a) => path((a[2] as { page_location: string }).page_location)),
  };
}

async function expectHits(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => hits(page)).toEqual({ ym: expected, ga: expected });
  // Exactly one per navigation: none arrives late.
  await page.waitForTimeout(400);
  expect(await hits(page)).toEqual({ ym: expected, ga: expected });
}

describe('attribution cookies and analytics counters, in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let base: string;
  const opened: BrowserContext[] = [];

  async function open(counters: 'fake' | 'blocked' = 'fake') {
    const { context, page, errors } = await newPage(browser(), base);
    opened.push(context);
    page.setDefaultTimeout(15_000);
    if (counters === 'fake') await fakeCounters(context);
    else await context.route(/^https:\/\/(mc\.yandex\.ru|www\.googletagmanager\.com)\//, (r) => r.abort());
    return { context, page, errors };
  }

  beforeAll(async () => {
    server = await startServer({
      PAYMENTS_PROVIDER: 'test',
      YANDEX_METRIKA_ID: METRIKA_ID,
      GA4_MEASUREMENT_ID: GA4_ID,
    });
    base = server.url;
  });
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sets the tracking cookies of spec §9 on landing, with their lifetimes and attributes', async () => {
    const { context, page, errors } = await open();
    await page.goto(LANDING);
    await appTookOver(page);
    await cookieSet(context, 'utm');
    const now = Date.now() / 1000;
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));

    expect(cookies.utm).toMatchObject({ value: CAMPAIGN, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookies.admitad_uid).toMatchObject({ value: 'z', secure: true, sameSite: 'None', path: '/' });
    expect(cookies.landing).toMatchObject({ value: `${base}${LANDING}`, secure: true, sameSite: 'Lax' });
    // No referrer: the landing address only (a reload keeps it, see below).
    expect(cookies.referrer).toBeUndefined();
    // 127.0.0.1 is an IP address: host-only cookies, no Domain attribute.
    expect(cookies.utm?.domain).toBe('127.0.0.1');
    for (const name of ['utm', 'landing']) expect(cookies[name]?.expires).toBeCloseTo(now + DAY, -3);
    expect(cookies.admitad_uid?.expires).toBeCloseTo(now + 30 * DAY, -3);

    // A reload without the parameters keeps the landing address stored earlier.
    await page.goto('/login');
    await appTookOver(page);
    const after = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(after.landing).toBe(`${base}${LANDING}`);
    expect(after.utm).toBe(CAMPAIGN);
    expect(errors).toEqual([]);
  });

  it('sends each counter exactly one hit per navigation, and the welcome goal with the thank-you message', async () => {
    const { page, errors } = await open();
    await page.goto('/login');
    await appTookOver(page);
    await expectHits(page, ['/login']);
    const first = await calls(page);
    expect(first.ym[0]).toEqual([Number(METRIKA_ID), 'init', expect.objectContaining({ defer: true })]);
    expect(first.gtag).toContainEqual(['config', GA4_ID, expect.objectContaining({ send_page_view: false })]);

    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/registration');
    await expectHits(page, ['/login', '/registration']);
    await page.getByRole('link', { name: 'Войти' }).click();
    await page.waitForURL('**/login');
    await expectHits(page, ['/login', '/registration', '/login']);
    expect((await calls(page)).ym.some((a) => a[1] === 'reachGoal')).toBe(false);

    await page.goto(`/login?msg=${encodeURIComponent(WELCOME)}`);
    await page.getByRole('dialog').getByText(WELCOME).waitFor();
    await expect
      .poll(async () => {
        const c = await calls(page);
        return {
          ym: c.ym.filter((a) => a[1] === 'reachGoal').map((a) => a[2]),
          ga: c.gtag.filter((a) => a[0] === 'event' && a[1] === 'welcome').length,
        };
      })
      .toEqual({ ym: ['welcome'], ga: 1 });
    expect(errors).toEqual([]);
  });

  it('works as usual when the counters’ scripts are blocked', async () => {
    const { page, errors } = await open('blocked');
    const email = uniqueEmail('blocked');
    await fetch(`${base}${api.profile.root}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, agree: true }),
    });
    await login(page, { email, password: PASSWORD });
    await page.waitForURL('**/home/active');
    await page.getByRole('navigation').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('registers with the cookies, pays an order, and the manager sees the campaign and partner in the report', async () => {
    const { page, context } = await open();
    await page.goto(LANDING);
    await appTookOver(page);
    await cookieSet(context, 'admitad_uid');
    const email = uniqueEmail('utm');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/home/active?msg=*');

    // An order placed later without the cookies keeps the customer's attribution; priced, paid by card.
    const token = await customerToken(base, { email, password: PASSWORD });
    const id = await placeOrder(base, token, 'Рекламная кампания');
    // 2 777 ₽ before the first order's 10 % (ADR 027): the customer pays 2 500 ₽.
    await call(base, await staffToken(base, MANAGER), 'PATCH', staffApi.order(id), { cost: 2_777_00 });
    const started = await pay(base, token, { purpose: 'order', object_id: id, payment_method: 'bank_card' });
    await page.goto(started.confirmation_url ?? '');
    await payOnBankPage(page);
    await page.waitForURL('**/payment?status=success&pay_id=*');

    const { page: staff } = await open();
    await staffLogin(staff, MANAGER);
    await staff.getByRole('link', { name: 'Источники заказов' }).click();
    await staff.waitForURL('**/staff/reports/attribution');
    const row = staff.getByRole('row', { name: new RegExp(CAMPAIGN) });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(cells).toEqual(['admitad', '1', '1', '2 500 ₽', '1']);

    // The screen in both themes, at desktop width and on a 390 px phone: no axe violation, no
    // page wider than the screen (the table scrolls in its own box).
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await staff.evaluate((t) => localStorage.setItem('app_theme', t), theme);
      for (const width of [1280, 390]) {
        await staff.setViewportSize({ width, height: 800 });
        await staff.reload();
        await row.waitFor();
        found.push(...(await axeViolations(staff)).map((v) => `${theme} ${width}: ${v}`));
        const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${theme} ${width}`).toBeLessThanOrEqual(0);
      }
    }
    expect(found).toEqual([]);
  }, 120_000);
});
