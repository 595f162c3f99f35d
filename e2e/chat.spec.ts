import { mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER, PERFORMER, samplePdf, staffToken } from './support/api';
import { login } from './support/auth';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import {
  buildChatScene,
  chatLog,
  composer,
  CUSTOMER_FIRST_NAME,
  messageBy,
  messagesWith,
  offlineBanner,
  openStaffChat,
  orderOf,
  outboxOf,
  PERFORMER_SHOWN,
  performerPosts,
  send,
  spoken,
  storedTexts,
  typingOf,
  waitForState,
  type ChatScene,
} from './support/chat';
import { useBrowser } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';
import { staffLogin } from './support/staff';

/** Where the lead looks at the chat (not committed). */
const SHOTS_DIR = '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Side {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * The order chat in two browsers: a fresh customer and the demo author on the customer's order at
 * work, against a real server of the file's own (the scene writes a payment into its SQLite file).
 * The journeys run in order on the same two signed-in contexts, as one conversation.
 */
describe('the order chat, customer and author side by side', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let scene: ChatScene;
  let customer: Side;
  let author: Side;
  const tag = Date.now().toString(36);
  const chatPath = () => `/order/${scene.orderId}/chat`;
  /** Each journey from the third on starts on both chats, whatever the one before left. */
  async function onChats() {
    await customer.page.goto(chatPath());
    await chatLog(customer.page).waitFor();
    if (!(await chatLog(author.page).isVisible())) await openStaffChat(author.page, scene.orderId);
  }

  beforeAll(async () => {
    server = await startServer();
    scene = await buildChatScene(server, `Чат заказа ${tag}`);
    customer = await newPage(browser(), server.url);
    author = await newPage(browser(), server.url);
    await login(customer.page, scene.customer);
    await customer.page.waitForURL('**/home/active');
    await staffLogin(author.page, PERFORMER);
  }, 90_000);

  afterAll(async () => {
    await customer?.context.close();
    await author?.context.close();
    await server?.stop();
  });

  it('delivers messages both ways without a reload, with «печатает…», «прочитано» and Shift+Enter', async () => {
    const c = customer.page;
    const a = author.page;
    await c.goto(`/order/${scene.orderId}`);
    await c.waitForURL(`**${chatPath()}`);
    await chatLog(c).waitFor();
    await composer(c).waitFor();
    expect(await composer(c).getAttribute('placeholder')).toBe('Напишите сообщение…');
    await c.getByRole('button', { name: 'Отправить', exact: true }).waitFor();
    await c.getByRole('button', { name: 'Прикрепить файлы' }).waitFor();
    await openStaffChat(a, scene.orderId);

    // The customer writes; the author's open chat shows it without a reload, by the first name.
    const hello = `Здравствуйте! Когда будет план? ${tag}`;
    await send(c, hello);
    expect(await composer(c).inputValue()).toBe('');
    const own = messageBy(c, 'Вы', hello);
    await own.waitFor();
    await messageBy(a, CUSTOMER_FIRST_NAME, hello).waitFor();
    expect(await messagesWith(a, hello).count()).toBe(1);
    // The author's chat is open on the screen: the customer sees the message read.
    await waitForState(own, ['прочитано']);

    // The author types: the customer sees «Автор Иван К. печатает…», which goes by itself.
    const reply = `План пришлю завтра к вечеру ${tag}`;
    await composer(a).click();
    await composer(a).pressSequentially(reply.slice(0, 12), { delay: 40 });
    await typingOf(c, PERFORMER_SHOWN).waitFor();
    // Nobody sees their own «печатает…».
    expect(await typingOf(a, PERFORMER_SHOWN).count()).toBe(0);
    await typingOf(c, PERFORMER_SHOWN).waitFor({ state: 'hidden' });

    // The author sends; the customer gets it by the author's shown name.
    await composer(a).fill(reply);
    await composer(a).press('Enter');
    await messageBy(c, PERFORMER_SHOWN, reply).waitFor();
    expect(await messagesWith(c, reply).count()).toBe(1);
    await waitForState(messageBy(a, 'Вы', reply), ['прочитано']);

    // Shift+Enter breaks the line, Enter sends the two lines as one message.
    const first = `Первая строка ${tag}`;
    const second = `Вторая строка ${tag}`;
    await composer(c).click();
    await composer(c).pressSequentially(first);
    await composer(c).press('Shift+Enter');
    await composer(c).pressSequentially(second);
    expect(await composer(c).inputValue()).toBe(`${first}\n${second}`);
    await composer(c).press('Enter');
    const twoLines = messageBy(a, CUSTOMER_FIRST_NAME, second);
    await twoLines.waitFor();
    expect(await twoLines.innerText()).toContain(`${first}\n${second}`);
    expect(await messagesWith(a, first).count()).toBe(1);
    expect(await messagesWith(c, first).count()).toBe(1);

    // Top to bottom as written, on both sides.
    expect(await orderOf(c, [hello, reply, second])).toEqual([hello, reply, second]);
    expect(await orderOf(a, [hello, reply, second])).toEqual([hello, reply, second]);
  }, 120_000);

  it('keeps what was written offline, across a reload, and delivers it exactly once, in order', async () => {
    const c = customer.page;
    const a = author.page;
    const one = `Офлайн первое ${tag}`;
    const two = `Офлайн второе ${tag}`;
    await chatLog(c).waitFor();

    /** What the route below did with each send, printed when a step fails. */
    const sends: string[] = [];
    const messagesUrl = `**/api/client/orders/${scene.orderId}/messages/`;
    try {
      // Offline: the banner, and the two messages kept as not sent.
      await customer.context.setOffline(true);
      await offlineBanner(c).waitFor();
      await send(c, one);
      await send(c, two);
      for (const text of [one, two]) {
        const message = messageBy(c, 'Вы', text);
        await message.waitFor();
        await waitForState(message, ['не отправлено', 'отправляется']);
      }
      expect(await orderOf(c, [one, two])).toEqual([one, two]);
      const queued = await outboxOf(c, scene.orderId);
      expect(queued.map((m) => m.text)).toEqual([one, two]);
      expect(new Set(queued.map((m) => m.client_id)).size).toBe(2);
      for (const m of queued) expect(m.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

      // Back online, but every send of the first reaches the server and its answer is lost, and
      // every send of the second fails: the first is stored once, the second stays queued. The
      // route decides by the message, not by the order of the requests, so a send that a loaded
      // machine makes earlier or later than expected cannot slip through.
      await customer.context.route(messagesUrl, async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const text = (route.request().postDataJSON() as { text?: unknown } | null)?.text;
        if (text === one) {
          sends.push('first: stored, answer lost');
          await route.fetch();
          return route.abort('connectionreset');
        }
        sends.push(`${text === two ? 'second' : String(text)}: refused`);
        return route.abort('internetdisconnected');
      });
      await customer.context.setOffline(false);
      await offlineBanner(c).waitFor({ state: 'hidden', timeout: 15_000 });
      await messagesWith(a, one).waitFor();

      // A reload: what is not sent survives it, shown once; what the server has is not resent.
      await c.reload();
      await chatLog(c).waitFor();
      await messagesWith(c, two).waitFor();
      await messagesWith(c, one).waitFor();
      expect(await messagesWith(c, one).count()).toBe(1);
      expect(await messagesWith(c, two).count()).toBe(1);
      await waitForState(messageBy(c, 'Вы', two), ['не отправлено', 'отправляется']);
      expect(await messagesWith(a, two).count()).toBe(0);
      await expect.poll(async () => (await outboxOf(c, scene.orderId)).map((m) => m.text)).toEqual([two]);

      // The connection is whole again: the queue goes out (after a reload at the latest).
      await customer.context.unroute(messagesUrl);
      await c.reload();
      await messagesWith(a, two).waitFor({ timeout: 20_000 });
      for (const side of [a, c]) {
        // The reloaded page may send its queue before its history is on screen: wait for both.
        await expect.poll(() => messagesWith(side, one).count()).toBe(1);
        await expect.poll(() => messagesWith(side, two).count()).toBe(1);
        expect(await orderOf(side, [one, two])).toEqual([one, two]);
      }
      await waitForState(messageBy(c, 'Вы', two), ['отправлено', 'прочитано']);
      await waitForState(messageBy(c, 'Вы', one), ['отправлено', 'прочитано']);
      await expect.poll(() => outboxOf(c, scene.orderId)).toEqual([]);
    } catch (error) {
      console.error(`The route saw these sends: ${sends.join('; ') || 'none'}`);
      throw error;
    } finally {
      // Whatever failed above, the journeys after this one get a connected customer.
      await customer.context.unroute(messagesUrl);
      await customer.context.setOffline(false);
    }
    // Stored once on the server too.
    const stored = await storedTexts(server.url, scene);
    expect(stored.filter((t) => t === one)).toHaveLength(1);
    expect(stored.filter((t) => t === two)).toHaveLength(1);
  }, 120_000);

  it('brings the author what was said while their connection was down, once, after it is back', async () => {
    const c = customer.page;
    const a = author.page;
    await onChats();
    const meanwhile = `Пока вас не было ${tag}`;
    try {
      await author.context.setOffline(true);
      // The staff layout has the banner too.
      await offlineBanner(a).waitFor();
      await send(c, meanwhile);
      await waitForState(messageBy(c, 'Вы', meanwhile), ['отправлено']);
      expect(await messagesWith(a, meanwhile).count()).toBe(0);
    } finally {
      await author.context.setOffline(false);
    }
    await offlineBanner(a).waitFor({ state: 'hidden', timeout: 15_000 });
    // No reload: the reconnect fetches what came after the last message it had.
    await messageBy(a, CUSTOMER_FIRST_NAME, meanwhile).waitFor();
    expect(await messagesWith(a, meanwhile).count()).toBe(1);
    await waitForState(messageBy(c, 'Вы', meanwhile), ['прочитано']);
  }, 60_000);

  it('renders a message as text: tags shown as typed, links clickable and safe', async () => {
    const c = customer.page;
    const a = author.page;
    await onChats();
    const text = `<b>x</b> <img src=x onerror="window.__chatXss=1"> https://example.com javascript:alert(1) ${tag}`;
    await send(c, text);
    for (const [page, author] of [
      [c, 'Вы'],
      [a, CUSTOMER_FIRST_NAME],
    ] as const) {
      const message = messageBy(page, author, `<b>x</b>`);
      await message.waitFor();
      expect(await message.innerText()).toContain('<img src=x onerror="window.__chatXss=1">');
      expect(await message.locator('b, img').count()).toBe(0);
      const links = message.getByRole('link');
      expect(await links.count()).toBe(1);
      const link = links.first();
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/example\.com\/?$/);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(/\s+/)).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer', 'nofollow']),
      );
      expect(await page.evaluate(() => (window as { __chatXss?: number }).__chatXss)).toBeUndefined();
    }
  }, 60_000);

  it('sends files with a message: progress and cancel while uploading, the author downloads them, the files tab has them', async () => {
    const c = customer.page;
    const a = author.page;
    await onChats();
    const attach = async (name: string, buffer: Buffer) => {
      const chooser = c.waitForEvent('filechooser');
      await c.getByRole('button', { name: 'Прикрепить файлы' }).click();
      await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer });
    };

    // An upload held on the way shows its progress and can be cancelled: nothing is left of it.
    const held: Route[] = [];
    const uploadsUrl = '**/api/client/orders/ajax-files/';
    await customer.context.route(uploadsUrl, (route) => {
      held.push(route);
    });
    try {
      await attach('Лишний.pdf', samplePdf(`extra ${tag}`));
      // At 0 % the bar's filled part has no width: it is there, not visible.
      await c.getByRole('progressbar', { name: /^Загрузка: \d+ %$/ }).waitFor({ state: 'attached' });
      await c.getByRole('button', { name: 'Отменить загрузку Лишний.pdf' }).click();
      await c.getByText('Лишний.pdf', { exact: true }).waitFor({ state: 'detached' });
    } finally {
      await customer.context.unroute(uploadsUrl);
      for (const route of held) await route.abort().catch(() => undefined);
    }

    // A real one: uploaded (its remove button replaces the cancel), then sent with the text.
    const name = `Методичка ${tag}.pdf`;
    const pdf = samplePdf(`guide ${tag}`);
    await attach(name, pdf);
    await c.getByRole('button', { name: `Удалить файл ${name}` }).waitFor();
    const text = `Прикладываю методичку ${tag}`;
    await send(c, text);
    const mine = messageBy(c, 'Вы', text);
    await mine.getByRole('button', { name: `Скачать ${name}` }).waitFor();
    await waitForState(mine, ['отправлено', 'прочитано']);
    expect(await c.getByRole('button', { name: `Удалить файл ${name}` }).count()).toBe(0);

    // The author gets the message with the file and downloads the same bytes.
    const theirs = messageBy(a, CUSTOMER_FIRST_NAME, text);
    await theirs.waitFor();
    const download = a.waitForEvent('download');
    await theirs.getByRole('button', { name: `Скачать ${name}` }).click();
    expect(readFileSync(await (await download).path()).equals(pdf)).toBe(true);

    // The files tab has it too; the cancelled one is nowhere.
    await c
      .getByRole('navigation', { name: 'Разделы заказа' })
      .getByRole('link', { name: /^Файлы/ })
      .click();
    await c.waitForURL(`**/order/${scene.orderId}/files`);
    await c.getByText(name, { exact: true }).first().waitFor();
    expect(await c.getByText('Лишний.pdf', { exact: true }).count()).toBe(0);
  }, 90_000);

  it('lets a manager join the conversation, shown to both as «Менеджер Ольга»', async () => {
    const c = customer.page;
    const a = author.page;
    await onChats();
    const manager = await newPage(browser(), server.url);
    try {
      await staffLogin(manager.page, MANAGER);
      await openStaffChat(manager.page, scene.orderId);
      // The manager reads what the customer and the author wrote, by their shown names.
      await messageBy(manager.page, CUSTOMER_FIRST_NAME, `Здравствуйте! Когда будет план? ${tag}`).waitFor();
      await messageBy(manager.page, PERFORMER_SHOWN, `План пришлю завтра к вечеру ${tag}`).waitFor();
      const note = `Менеджер на связи ${tag}`;
      await send(manager.page, note);
      await messageBy(manager.page, 'Вы', note).waitFor();
      await messageBy(c, 'Менеджер Ольга', note).waitFor();
      await messageBy(a, 'Менеджер Ольга', note).waitFor();
      // The customer's chat is open: the manager sees it read.
      await waitForState(messageBy(manager.page, 'Вы', note), ['прочитано']);
      expect(manager.errors).toEqual([]);
    } finally {
      await manager.context.close();
    }
  }, 60_000);

  it('counts unread messages on the orders list, the sidebar, the tab and the title, and clears them on reading', async () => {
    const c = customer.page;
    const a = author.page;
    await c.goto('/home/active');
    const card = c.getByRole('article', { name: `Заказ №${scene.orderId}`, exact: true });
    await card.waitFor();
    // The counters have loaded (their call is done) before the zero is checked.
    await c.waitForLoadState('networkidle');
    const ordersEntry = c.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', {
      name: /^Мои заказы/,
    });
    await expect.poll(() => c.title()).not.toMatch(/^\(\d+\) /);
    const titleWithout = await c.title();
    expect(await spoken(card)).not.toMatch(/непрочитанн/);
    expect(await spoken(ordersEntry)).not.toMatch(/\d/);

    // The author writes: the customer's list counts it live.
    await send(a, `Первый вопрос ${tag}`);
    await expect.poll(() => spoken(card)).toContain('1 непрочитанное сообщение');
    await expect.poll(() => c.title()).toBe(`(1) ${titleWithout}`);
    await expect.poll(() => spoken(ordersEntry)).toMatch(/\b1\b/);

    await send(a, `Второй вопрос ${tag}`);
    await expect.poll(() => spoken(card)).toContain('2 непрочитанных сообщения');
    await expect.poll(() => c.title()).toBe(`(2) ${titleWithout}`);
    // Three more from the author's other device: «5 непрочитанных сообщений».
    for (const n of [3, 4, 5]) await performerPosts(server.url, scene, `Вопрос ${n} ${tag}`);
    await expect.poll(() => spoken(card)).toContain('5 непрочитанных сообщений');
    await expect.poll(() => c.title()).toMatch(/^\(5\) /);
    await expect.poll(() => spoken(ordersEntry)).toMatch(/\b5\b/);

    // Opening the order opens its chat: read, and every counter is gone.
    await card.getByRole('link').first().click();
    await c.waitForURL(`**${chatPath()}`);
    await messagesWith(c, `Вопрос 5 ${tag}`).waitFor();
    await expect.poll(() => c.title()).not.toMatch(/^\(\d+\) /);
    const tabs = c.getByRole('navigation', { name: 'Разделы заказа' });
    await tabs.getByRole('link', { name: 'Чат', exact: true }).waitFor();
    await expect.poll(() => spoken(ordersEntry)).not.toMatch(/\d/);
    await waitForState(messageBy(a, 'Вы', `Второй вопрос ${tag}`), ['прочитано']);

    // On another tab of the order the chat tab counts what arrives, and reading it clears it.
    await tabs.getByRole('link', { name: /^Файлы/ }).click();
    await c.waitForURL(`**/order/${scene.orderId}/files`);
    await send(a, `Ещё вопрос ${tag}`);
    await tabs.getByRole('link', { name: /^Чат\s?\(1 новый\)$/ }).waitFor();
    await expect.poll(() => c.title()).toMatch(/^\(1\) /);
    await tabs.getByRole('link', { name: /^Чат/ }).click();
    await messagesWith(c, `Ещё вопрос ${tag}`).waitFor();
    await tabs.getByRole('link', { name: 'Чат', exact: true }).waitFor();
    await expect.poll(() => c.title()).not.toMatch(/^\(\d+\) /);

    // Back on the list: no badge.
    await ordersEntry.click();
    await card.waitFor();
    expect(await spoken(card)).not.toMatch(/непрочитанн/);
    expect(await spoken(ordersEntry)).not.toMatch(/\d/);
    expect(await c.title()).toBe(titleWithout);
  }, 120_000);

  it('has no axe violation on the chat of the customer and of the author with messages, light and dark, desktop and phone; shoots both', async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const cust = await newPage(browser(), server.url, { viewport: DESKTOP });
      const staff = await newPage(browser(), server.url, { viewport: DESKTOP });
      for (const side of [cust, staff])
        await side.page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
      await login(cust.page, scene.customer);
      await cust.page.waitForURL('**/home/active');
      await staffLogin(staff.page, PERFORMER);
      for (const viewport of [DESKTOP, PHONE]) {
        const label = `${theme} ${viewport.width}`;
        await cust.page.setViewportSize(viewport);
        await cust.page.goto(chatPath());
        await chatLog(cust.page).getByRole('article').first().waitFor();
        await cust.page.waitForLoadState('networkidle');
        found.push(...(await axeViolations(cust.page)).map((v) => `customer ${label}: ${v}`));
        // The composer is on screen when the chat opens, above the phone's tab bar (64 px).
        const composerBox = await cust.page.getByRole('textbox', { name: 'Сообщение' }).boundingBox();
        expect(composerBox, label).not.toBeNull();
        expect(composerBox!.y + composerBox!.height, label).toBeLessThanOrEqual(
          viewport.height - (viewport.width < 768 ? 64 : 0),
        );
        await cust.page.screenshot({ path: `${SHOTS_DIR}/chat-customer-${theme}-${viewport.width}.png` });
        await cust.page.screenshot({
          path: `${SHOTS_DIR}/chat-customer-${theme}-${viewport.width}-full.png`,
          fullPage: true,
        });

        await staff.page.setViewportSize(viewport);
        await openStaffChat(staff.page, scene.orderId);
        await chatLog(staff.page).getByRole('article').first().waitFor();
        await staff.page.waitForLoadState('networkidle');
        found.push(...(await axeViolations(staff.page)).map((v) => `staff ${label}: ${v}`));
        await chatLog(staff.page).scrollIntoViewIfNeeded();
        await staff.page.screenshot({ path: `${SHOTS_DIR}/chat-staff-${theme}-${viewport.width}.png` });
        await staff.page.screenshot({
          path: `${SHOTS_DIR}/chat-staff-${theme}-${viewport.width}-full.png`,
          fullPage: true,
        });
      }
      for (const side of [cust, staff]) {
        expect(side.errors).toEqual([]);
        await side.context.close();
      }
    }
    if (found.length) console.log(found.join('\n'));
    expect(found).toEqual([]);
  }, 180_000);

  it('pages back through a long history and points to new messages while scrolled up', async () => {
    const c = customer.page;
    const token = await staffToken(server.url, PERFORMER);
    const history = Array.from({ length: 45 }, (_, i) => `История ${i + 1} ${tag}.`);
    for (const text of history) await performerPosts(server.url, scene, text, token);
    await c.goto(chatPath());
    const log = chatLog(c);
    await messagesWith(c, history[44]!).waitFor();
    // The newest page only: the oldest are not loaded yet.
    expect(await messagesWith(c, history[0]!).count()).toBe(0);

    // Scrolling to the top loads older messages, above the ones shown.
    const loaded = () => log.getByRole('article').count();
    const loadedBefore = await loaded();
    const composerAt = async () => (await composer(c).boundingBox())?.y;
    const composerBefore = await composerAt();
    await log.evaluate((el) => {
      // The history's scroll box: the log or the nearest ancestor that scrolls (else the page).
      for (let box: HTMLElement | null = el as HTMLElement; box; box = box.parentElement) {
        const { overflowY } = getComputedStyle(box);
        if (box.scrollHeight > box.clientHeight + 1 && overflowY !== 'visible') {
          box.scrollTop = 0;
          return;
        }
      }
      window.scrollTo(0, 0);
    });
    await expect.poll(loaded).toBeGreaterThan(loadedBefore);
    // The composer is pinned: scrolling the history back does not move it.
    expect(await composerAt()).toBe(composerBefore);

    // The keyboard way: «Показать предыдущие» until the first message is there.
    const older = c.getByRole('button', { name: 'Показать предыдущие' });
    for (let i = 0; i < 5 && (await messagesWith(c, history[0]!).count()) === 0; i++) {
      const before = await loaded();
      await older.focus();
      await c.keyboard.press('Enter');
      await expect.poll(loaded).toBeGreaterThan(before);
    }
    await messagesWith(c, history[0]!).waitFor();
    expect(await orderOf(c, history)).toEqual(history);
    for (const text of [history[0]!, history[20]!, history[44]!])
      expect(await messagesWith(c, text).count()).toBe(1);

    // Scrolled up, a new message does not pull the view down: a button points to it.
    await messagesWith(c, history[0]!).scrollIntoViewIfNeeded();
    const fresh = `Свежее сообщение ${tag}`;
    await performerPosts(server.url, scene, fresh, token);
    const jump = c.getByRole('button', { name: /^Новые сообщения/ });
    await jump.waitFor();
    await jump.click();
    await expect.poll(() => messagesWith(c, fresh).isVisible()).toBe(true);
    await expect
      .poll(() =>
        messagesWith(c, fresh).evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.bottom <= window.innerHeight && box.top >= 0;
        }),
      )
      .toBe(true);
  }, 120_000);

  it('threw no page error on either side', () => {
    expect(customer.errors).toEqual([]);
    expect(author.errors).toEqual([]);
  });
});
