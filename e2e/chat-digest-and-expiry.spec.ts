import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERFORMER } from './support/api';
import { login } from './support/auth';
import { appTookOver, newPage } from './support/browser';
import {
  buildChatScene,
  chatLog,
  CUSTOMER_FIRST_NAME,
  messageBy,
  messagesWith,
  openStaffChat,
  PERFORMER_SHOWN,
  send,
  waitForState,
} from './support/chat';
import { useBrowser } from './support/fixtures';
import { linkIn } from './support/outbox';
import { startServer, type RunningServer } from './support/server';
import { staffLogin } from './support/staff';

/** Access tokens that expire while the journey runs, and a digest clock of six seconds (two sends fit well inside it). */
const ACCESS_TOKEN_TTL = 10;
const CHAT_DIGEST_MINUTES = 0.1;

/** Counts the sockets a page opens to the chat's address. */
function watchSockets(page: Page): { opened: () => number } {
  let opened = 0;
  page.on('websocket', (ws) => {
    if (ws.url().includes('/channels/ws/')) opened += 1;
  });
  return { opened: () => opened };
}

describe('the chat over time: tokens that expire under an open socket, and the e-mail digest', () => {
  const browser = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL),
      CHAT_DIGEST_MINUTES: String(CHAT_DIGEST_MINUTES),
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reconnects both sides when their tokens expire and goes on delivering without a reload', async () => {
    const tag = Date.now().toString(36);
    const scene = await buildChatScene(server, `Токены ${tag}`);
    const customer = await newPage(browser(), server.url);
    const author = await newPage(browser(), server.url);
    const customerSockets = watchSockets(customer.page);
    const authorSockets = watchSockets(author.page);
    await login(customer.page, scene.customer);
    await customer.page.waitForURL('**/home/active');
    await customer.page.goto(`/order/${scene.orderId}/chat`);
    await chatLog(customer.page).waitFor();
    await staffLogin(author.page, PERFORMER);
    await openStaffChat(author.page, scene.orderId);
    const before = { customer: customerSockets.opened(), author: authorSockets.opened() };
    expect(before.customer).toBeGreaterThan(0);
    expect(before.author).toBeGreaterThan(0);

    // The server closes each socket when its token expires (4401); the page renews and reconnects.
    await expect
      .poll(() => customerSockets.opened(), { timeout: (ACCESS_TOKEN_TTL + 15) * 1000 })
      .toBeGreaterThan(before.customer);
    await expect
      .poll(() => authorSockets.opened(), { timeout: (ACCESS_TOKEN_TTL + 15) * 1000 })
      .toBeGreaterThan(before.author);

    // Still signed in, still on the chat, and messages go both ways live.
    const fromAuthor = `После обновления токена ${tag}`;
    await send(author.page, fromAuthor);
    await messageBy(customer.page, PERFORMER_SHOWN, fromAuthor).waitFor();
    const fromCustomer = `Получила, спасибо ${tag}`;
    await send(customer.page, fromCustomer);
    await messageBy(author.page, CUSTOMER_FIRST_NAME, fromCustomer).waitFor();
    await waitForState(messageBy(customer.page, 'Вы', fromCustomer), ['прочитано']);
    expect(customer.page.url()).toContain(`/order/${scene.orderId}/chat`);
    expect(author.page.url()).toContain(`/staff/orders/${scene.orderId}`);
    for (const side of [customer, author]) {
      expect(side.errors).toEqual([]);
      await side.context.close();
    }
  }, 120_000);

  it('mails one digest of what stayed unread, then only what is new, and its link opens the chat signed in', async () => {
    const tag = Date.now().toString(36);
    const scene = await buildChatScene(server, `Дайджест ${tag}`);
    const subject = `Новые сообщения по заказу №${scene.orderId}`;
    const digests = () => {
      const db = new Database(server.sqlitePath, { readonly: true });
      try {
        return db
          .prepare('SELECT text FROM outbox WHERE to_address = ? AND subject = ? ORDER BY id')
          .all(scene.customer.email, subject) as Array<{ text: string }>;
      } finally {
        db.close();
      }
    };
    const author = await newPage(browser(), server.url);
    await staffLogin(author.page, PERFORMER);
    await openStaffChat(author.page, scene.orderId);

    // Two messages the customer does not read: one mail lists both.
    const first = `Уточните, пожалуйста, методичку ${tag}`;
    const second = `И объём введения ${tag}`;
    await send(author.page, first);
    await send(author.page, second);
    await messagesWith(author.page, second).waitFor();
    await expect.poll(() => digests().length, { timeout: 30_000 }).toBe(1);
    const mail = digests()[0]!;
    expect(mail.text).toContain(first);
    expect(mail.text).toContain(second);
    expect(mail.text).toContain(PERFORMER_SHOWN);
    expect(digests()).toHaveLength(1);

    // A third restarts the clock: the next mail lists only it.
    const third = `Жду ответа до пятницы ${tag}`;
    await send(author.page, third);
    await expect.poll(() => digests().length, { timeout: 30_000 }).toBe(2);
    const next = digests()[1]!.text;
    expect(next).toContain(third);
    expect(next).not.toContain(first);
    expect(next).not.toContain(second);

    // «Ответить в чате»: a browser that was never signed in lands in the order's chat.
    const link = linkIn(mail.text, `${server.url}/order/${scene.orderId}/chat?al=`);
    const customer = await newPage(browser(), server.url);
    await customer.page.goto(link);
    await appTookOver(customer.page);
    await customer.page.waitForURL(new RegExp(`/order/${scene.orderId}/chat`));
    await messagesWith(customer.page, third).waitFor();
    expect(customer.page.url()).not.toContain('al=');
    await messageBy(customer.page, PERFORMER_SHOWN, first).waitFor();
    // Reading it there: the author sees «прочитано», and no more mail comes for these.
    await waitForState(messageBy(author.page, 'Вы', third), ['прочитано']);
    await send(customer.page, `Отвечаю из письма ${tag}`);
    await messageBy(author.page, CUSTOMER_FIRST_NAME, `Отвечаю из письма ${tag}`).waitFor();
    expect(digests()).toHaveLength(2);
    for (const side of [customer, author]) {
      expect(side.errors).toEqual([]);
      await side.context.close();
    }
  }, 120_000);
});
