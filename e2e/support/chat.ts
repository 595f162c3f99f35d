import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { call, customerToken, MANAGER, PERFORMER, placeOrder, staffToken, type Credentials } from './api';
import { uniqueEmail } from './outbox';
import { simulatePayment } from './payment';
import type { RunningServer } from './server';
import { staffOrderHeading } from './staff';
import { OUTCOME_TIMEOUT_MS } from './waits';

/**
 * The order chat as its journeys see it: a fresh customer's order at work with the
 * demo author on it, and the chat's parts found by the names chat-design.md gives them.
 */

/** The customer's full name as registered; staff see the first name (the second of three words). */
export const CUSTOMER_FIO = 'Соколова Дарья Андреевна';
export const CUSTOMER_FIRST_NAME = 'Дарья';
export const PERFORMER_SHOWN = 'Автор Иван К.';

export interface ChatScene {
  orderId: number;
  customer: Credentials;
}

/**
 * A customer registered with a three-word name places an order; the manager prices it, it is
 * paid (in the database, as the other journeys do) and the demo author is assigned: «В работе».
 */
export async function buildChatScene(server: RunningServer, topic: string): Promise<ChatScene> {
  const base = server.url;
  const customer = { email: uniqueEmail('chat'), password: 'Zelenyi-Kit-2026' };
  const r = await fetch(`${base}/api/client/profile/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...customer, fio: CUSTOMER_FIO, agree: true }),
  });
  if (r.status !== 200 && r.status !== 201) throw new Error(`registration: ${r.status} ${await r.text()}`);
  const orderId = await placeOrder(base, await customerToken(base, customer), topic);
  const manager = await staffToken(base, MANAGER);
  await call(base, manager, 'PATCH', `/api/staff/orders/${orderId}/`, { price: 450_000 });
  await payWithRetry(server.sqlitePath, orderId);
  const performer = await fetch(`${base}/api/staff/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PERFORMER),
  });
  const { staff } = (await performer.json()) as { staff: { id: number } };
  await call(base, manager, 'POST', `/api/staff/orders/${orderId}/assign/`, { performer_id: staff.id });
  return { orderId, customer };
}

/**
 * simulatePayment's deferred transaction reads, then writes: when the server wrote in between
 * (its own journals, the digest's clock) SQLite answers SQLITE_BUSY at once, without waiting on
 * busy_timeout. Tried again a few times, as a payment callback would be.
 */
async function payWithRetry(sqlitePath: string, orderId: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      simulatePayment(sqlitePath, orderId);
      return;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (attempt >= 10 || (code !== 'SQLITE_BUSY' && code !== 'SQLITE_BUSY_SNAPSHOT')) throw e;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/** A message posted through the API by the demo author (another device of theirs, as it were). */
export async function performerPosts(
  base: string,
  scene: ChatScene,
  text: string,
  token?: string,
): Promise<number> {
  // A fresh token unless given: access tokens live five minutes, the file runs longer.
  const message = await call<{ id: number }>(
    base,
    token ?? (await staffToken(base, PERFORMER)),
    'POST',
    `/api/staff/orders/${scene.orderId}/messages/`,
    { text, client_id: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` },
    [201],
  );
  return message.id;
}

/** The texts of the order's messages as the server stores them (the author's view), newest first. */
export async function storedTexts(base: string, scene: ChatScene): Promise<string[]> {
  const page = await call<{ results: Array<{ text: string }> }>(
    base,
    await staffToken(base, PERFORMER),
    'GET',
    `/api/staff/orders/${scene.orderId}/messages/?limit=100`,
  );
  return page.results.map((m) => m.text);
}

/** The history: `role="log"` «Переписка по заказу». */
export const chatLog = (page: Page) => page.getByRole('log', { name: 'Переписка по заказу' });

/** The messages of the history holding this text (each an article named by its author first). */
export const messagesWith = (page: Page, text: string) =>
  chatLog(page).getByRole('article').filter({ hasText: text });

/** The one message holding this text, written by `author` (its accessible name starts with it). */
export const messageBy = (page: Page, author: string, text: string) =>
  chatLog(page)
    .getByRole('article', { name: new RegExp(`^${escape(author)}`) })
    .filter({ hasText: text });

export const composer = (page: Page) => page.getByRole('textbox', { name: 'Сообщение' });

/** Types a message into the composer as a person would and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const box = composer(page);
  await box.click();
  await box.fill(text);
  await box.press('Enter');
}

/** «печатает…» of someone, `role="status"`. */
export const typingOf = (page: Page, name: string) =>
  page.getByRole('status').filter({ hasText: `${name} печатает…` });

/** The connection banner, `role="status"`. */
export const offlineBanner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Нет соединения. Сообщения отправятся, когда связь вернётся' });

export type DeliveryState = 'не отправлено' | 'отправляется' | 'отправлено' | 'прочитано' | null;

/** The delivery state an own message shows as text («не отправлено» contains «отправлено»: checked first). */
export async function stateOf(message: Locator): Promise<DeliveryState> {
  const text = (await message.innerText()).replace(/\s+/g, ' ');
  for (const state of ['не отправлено', 'отправляется', 'прочитано'] as const)
    if (text.includes(state)) return state;
  return /(^|[^а-яё])отправлено/i.test(text) ? 'отправлено' : null;
}

/** Waits until the message shows one of these states. */
export async function waitForState(message: Locator, states: DeliveryState[], timeout = OUTCOME_TIMEOUT_MS) {
  await expect
    .poll(() => stateOf(message), { timeout })
    .toSatisfy((s) => states.includes(s as DeliveryState));
}

/** The texts of the history's messages, top to bottom (DOM order), that hold one of `texts`. */
export async function orderOf(page: Page, texts: string[]): Promise<string[]> {
  const all = await chatLog(page).getByRole('article').allInnerTexts();
  return all.flatMap((inner) => texts.filter((t) => inner.includes(t)));
}

/** The accessible tree of a part of the page as text: what a screen reader gets, hidden text too. */
export const spoken = (locator: Locator) => locator.ariaSnapshot();

/** Opens the staff order screen's chat (a section on the page, or a tab «Чат» to open). */
export async function openStaffChat(page: Page, orderId: number): Promise<void> {
  await page.goto(`/staff/orders/${orderId}`);
  await staffOrderHeading(page, orderId).waitFor();
  const tab = page
    .getByRole('tab', { name: /^Чат/ })
    .or(page.getByRole('link', { name: /^Чат/ }))
    .or(page.getByRole('button', { name: /^Чат/ }));
  await chatLog(page).or(tab).first().waitFor();
  if (!(await chatLog(page).isVisible())) await tab.first().click();
  await chatLog(page).waitFor();
}

/** The customer's offline queue in localStorage (`chatOutbox`) for one order. */
export async function outboxOf(
  page: Page,
  orderId: number,
  key = 'chatOutbox',
): Promise<Array<{ client_id: string; text: string; file_ids: number[]; created_at: string }>> {
  return page.evaluate(
    ([k, id]) => {
      const raw = localStorage.getItem(k as string);
      if (!raw) return [];
      const all = JSON.parse(raw) as Record<
        string,
        Array<{ client_id: string; text: string; file_ids: number[]; created_at: string }>
      >;
      return all[String(id)] ?? [];
    },
    [key, orderId] as const,
  );
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
