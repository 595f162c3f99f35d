import {
  api,
  NotificationSettingsSchema,
  staffApi,
  telegramMessages,
  TelegramLinkSchema,
  TelegramStateSchema,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueTelegram } from '../src/modules/telegram';
import { bearer, buildTestApp, registerCustomer, userIdOf, type TestApp } from './helpers';
import { orderBody, placeOrder, workTypes } from './orders-fixtures';
import { createStaff } from './staff-fixtures';
import { startFakeTelegram, type FakeTelegram } from './support/fake-telegram';

/** Telegram notifications (ADR 046): linking by a deep link's one-time code, the webhook, delivery. */

const SECRET = 'test-webhook-secret_1';
let updateId = 1;

/** An update as Telegram posts it for a text message in a private chat (a command carries its entity). */
function textUpdate(chatId: number, text: string) {
  const command = /^\/[a-z]+/.exec(text)?.[0];
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Студент' },
      from: { id: chatId, is_bot: false, first_name: 'Студент' },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
    },
  };
}

/** A notification with a title only, leading to the orders list. */
const note = (title: string) => ({ title, body: '', url: '/home/active' });

describe('Telegram without a bot configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says it is unavailable, refuses a link and answers the webhook 404', async () => {
    const customer = await registerCustomer(t.app);
    const state = await t.app.inject({
      method: 'GET',
      url: api.telegram.link,
      headers: bearer(customer.access),
    });
    expect(state.statusCode).toBe(200);
    expect(TelegramStateSchema.parse(state.json())).toEqual({
      available: false,
      linked: false,
      linked_at: null,
    });

    const link = await t.app.inject({
      method: 'POST',
      url: api.telegram.link,
      headers: bearer(customer.access),
    });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toMatchObject({ detail: telegramMessages.unavailable });

    const hook = await t.app.inject({
      method: 'POST',
      url: api.telegram.webhook,
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: textUpdate(1, '/start x'),
    });
    expect(hook.statusCode).toBe(404);
  });
});

describe('Telegram with a bot', () => {
  let t: TestApp;
  let tg: FakeTelegram;

  beforeAll(async () => {
    tg = await startFakeTelegram();
    t = await buildTestApp({
      TELEGRAM_BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.url,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      MAIL_RETRY_SECONDS: '0',
    });
  });
  afterAll(async () => {
    await t.close();
    await tg.close();
  });

  const newLink = async (access: string) => {
    const res = await t.app.inject({ method: 'POST', url: api.telegram.link, headers: bearer(access) });
    expect(res.statusCode).toBe(201);
    const link = TelegramLinkSchema.parse(res.json());
    const url = new URL(link.url);
    return { ...link, url, code: url.searchParams.get('start') ?? '' };
  };
  const post = (update: unknown, secret: string | null = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: api.telegram.webhook,
      headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
      payload: update as Record<string, unknown>,
    });
  const state = async (access: string) =>
    TelegramStateSchema.parse(
      (await t.app.inject({ method: 'GET', url: api.telegram.link, headers: bearer(access) })).json(),
    );

  it('gives a deep link to the bot with a one-time code valid ten minutes', async () => {
    const customer = await registerCustomer(t.app);
    expect(await state(customer.access)).toEqual({ available: true, linked: false, linked_at: null });

    const link = await newLink(customer.access);

    expect(link.url.origin + link.url.pathname).toBe(`https://t.me/${tg.username}`);
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const minutes = (Date.parse(link.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);
    // Stored hashed: the table does not hold the code itself.
    const rows = await t.app.database.db.selectFrom('telegram_link_codes').select('code_hash').execute();
    expect(rows.map((r) => r.code_hash)).not.toContain(link.code);
  });

  it('refuses an update without the secret header or with a wrong one, and links nothing', async () => {
    const customer = await registerCustomer(t.app);
    const { code } = await newLink(customer.access);

    expect((await post(textUpdate(4001, `/start ${code}`), null)).statusCode).toBe(401);
    expect((await post(textUpdate(4001, `/start ${code}`), 'wrong')).statusCode).toBe(401);

    expect((await state(customer.access)).linked).toBe(false);
    expect(tg.sent.filter((m) => m.chat_id === '4001')).toEqual([]);
  });

  it('links the chat on /start with the code, once, and then delivers to that chat only', async () => {
    const customer = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const { code } = await newLink(customer.access);

    const res = await post(textUpdate(5001, `/start ${code}`));

    expect(res.statusCode).toBe(200);
    expect((await tg.waitFor('5001', 1))[0]?.text).toBe(telegramMessages.linked);
    const linked = await state(customer.access);
    expect(linked.linked).toBe(true);
    expect(linked.linked_at).not.toBeNull();
    expect((await state(other.access)).linked).toBe(false);

    // The same code again, from another chat: refused, the link stays where it was.
    await post(textUpdate(5002, `/start ${code}`));
    expect((await tg.waitFor('5002', 1))[0]?.text).toBe(telegramMessages.codeInvalid);
    const links = await t.app.database.db.selectFrom('telegram_links').selectAll().execute();
    expect(links.filter((l) => l.chat_id === '5002')).toEqual([]);

    // A notification for the customer reaches their chat; one for the other customer goes nowhere.
    const userId = await userIdOf(t, customer.email);
    const otherId = await userIdOf(t, other.email);
    const queued = await t.app.database.db.transaction().execute(async (trx) => [
      await enqueueTelegram(trx, userId, {
        title: 'Заказ № 7',
        body: 'Работа готова',
        url: '/order/7/files',
      }),
      await enqueueTelegram(trx, otherId, { title: 'не должно уйти', body: '', url: '/' }),
    ]);
    expect(queued).toEqual([true, false]);
    await t.app.telegram.flush();
    const mine = await tg.waitFor('5001', 2);
    expect(mine[1]?.text).toBe('Заказ № 7\nРабота готова\nhttp://localhost:3000/order/7/files');
    expect(tg.sent.map((m) => m.text).join()).not.toContain('не должно уйти');
    const left = await t.app.database.db.selectFrom('telegram_queue').selectAll().execute();
    expect(left).toEqual([]);
  });

  it('refuses an expired code and a replaced one', async () => {
    const customer = await registerCustomer(t.app);
    const first = await newLink(customer.access);
    const second = await newLink(customer.access);

    await post(textUpdate(6001, `/start ${first.code}`));
    expect((await tg.waitFor('6001', 1))[0]?.text).toBe(telegramMessages.codeInvalid);

    const userId = await userIdOf(t, customer.email);
    await t.app.database.db
      .updateTable('telegram_link_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    await post(textUpdate(6001, `/start ${second.code}`));
    expect((await tg.waitFor('6001', 2))[1]?.text).toBe(telegramMessages.codeInvalid);
    expect((await state(customer.access)).linked).toBe(false);
  });

  it('unlinks from the profile and by /stop, and drops what still waited', async () => {
    const customer = await registerCustomer(t.app);
    const userId = await userIdOf(t, customer.email);
    await post(textUpdate(7001, `/start ${(await newLink(customer.access)).code}`));
    await tg.waitFor('7001', 1);

    const del = await t.app.inject({
      method: 'DELETE',
      url: api.telegram.link,
      headers: bearer(customer.access),
    });
    expect(del.statusCode).toBe(204);
    expect((await state(customer.access)).linked).toBe(false);
    expect(
      await t.app.database.db.transaction().execute((trx) => enqueueTelegram(trx, userId, note('x'))),
    ).toBe(false);

    await post(textUpdate(7001, `/start ${(await newLink(customer.access)).code}`));
    await tg.waitFor('7001', 2);
    expect((await state(customer.access)).linked).toBe(true);
    await post(textUpdate(7001, '/stop'));
    expect((await tg.waitFor('7001', 3))[2]?.text).toBe(telegramMessages.unlinked);
    expect((await state(customer.access)).linked).toBe(false);
  });

  it('retries a 429 and a 500, and unlinks a chat whose user blocked the bot', async () => {
    const customer = await registerCustomer(t.app);
    const userId = await userIdOf(t, customer.email);
    await post(textUpdate(8001, `/start ${(await newLink(customer.access)).code}`));
    await tg.waitFor('8001', 1);

    tg.refuseNext(500);
    await t.app.database.db.transaction().execute((trx) => enqueueTelegram(trx, userId, note('после сбоя')));
    await t.app.telegram.flush();
    await t.app.telegram.flush();
    expect((await tg.waitFor('8001', 2))[1]?.text).toBe('после сбоя\nhttp://localhost:3000/home/active');

    tg.refuseNext(403);
    await t.app.database.db
      .transaction()
      .execute((trx) => enqueueTelegram(trx, userId, note('в заблокированный чат')));
    await t.app.telegram.flush();
    expect((await state(customer.access)).linked).toBe(false);
    expect(tg.sent.map((m) => m.text).join()).not.toContain('в заблокированный чат');
    expect(await t.app.database.db.selectFrom('telegram_queue').selectAll().execute()).toEqual([]);
  });

  it('tells a linked customer of a status change made by staff, as the settings let it', async () => {
    const manager = await createStaff(t.app, 'manager', { name: 'Ольга' });
    const customer = await registerCustomer(t.app);
    const auth = bearer(customer.access);
    await post(textUpdate(10001, `/start ${(await newLink(customer.access)).code}`));
    await tg.waitFor('10001', 1);
    const settings = NotificationSettingsSchema.parse(
      (await t.app.inject({ method: 'GET', url: api.profile.notifications, headers: auth })).json(),
    );
    expect(settings.channels).toContain('telegram');
    expect(settings.events.status.telegram).toBe(true);
    expect(settings.events.promotions.telegram).toBe(false);

    const workType = (await workTypes(t.app, auth))[0]!;
    const first = (await placeOrder(t.app, auth, orderBody(workType))).id;
    const priced = await t.app.inject({
      method: 'PATCH',
      url: staffApi.order(first),
      headers: manager.auth,
      payload: { price: 300_000 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const got = (await tg.waitFor('10001', 2))[1]?.text ?? '';
    expect(got.split('\n')[0]).toBe(`Заказ № ${first}: новый статус`);
    expect(got).toContain(`http://localhost:3000/order/${first}`);

    const off = await t.app.inject({
      method: 'PATCH',
      url: api.profile.notifications,
      headers: auth,
      payload: { events: { status: { telegram: false } } },
    });
    expect(NotificationSettingsSchema.parse(off.json()).events.status).toMatchObject({ telegram: false });
    const second = (await placeOrder(t.app, auth, orderBody(workType))).id;
    await t.app.inject({
      method: 'PATCH',
      url: staffApi.order(second),
      headers: manager.auth,
      payload: { price: 1 },
    });
    await t.app.telegram.flush();
    expect(tg.sent.filter((m) => m.chat_id === '10001')).toHaveLength(2);
  });

  it('tells a linked customer that a manager answered their care request', async () => {
    const manager = await createStaff(t.app, 'manager', { name: 'Ольга' });
    const customer = await registerCustomer(t.app);
    const auth = bearer(customer.access);
    await post(textUpdate(11001, `/start ${(await newLink(customer.access)).code}`));
    await tg.waitFor('11001', 1);
    const workType = (await workTypes(t.app, auth))[0]!;
    const id = (await placeOrder(t.app, auth, orderBody(workType))).id;
    const opened = await t.app.inject({
      method: 'POST',
      url: api.orders.care(id),
      headers: auth,
      payload: { kind: 'question', text: 'Когда будет готов план?' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const careId = (opened.json() as { id: number }).id;

    const answered = await t.app.inject({
      method: 'POST',
      url: staffApi.careMessages(id, careId),
      headers: manager.auth,
      payload: { text: 'План пришлём завтра', close: true },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const got = (await tg.waitFor('11001', 2))[1]?.text ?? '';
    expect(got).toBe(
      `Ответ по заказу № ${id}\nМенеджер ответил на ваше обращение и закрыл его\nhttp://localhost:3000/order/${id}/care`,
    );
  });

  it('answers other messages with what the bot is for', async () => {
    await post(textUpdate(9001, 'привет'));
    expect((await tg.waitFor('9001', 1))[0]?.text).toBe(telegramMessages.help);
  });
});
