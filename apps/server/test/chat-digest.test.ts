import { api } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, latestMail, linkIn, mailCount, type TestApp } from './helpers';
import { chatOrder, send, sendOk } from './chat-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';

const MINUTES = 10;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('the e-mail digest of unread chat messages', () => {
  let t: TestApp;
  let manager: TestStaff;
  let author: TestStaff;

  beforeAll(async () => {
    t = await buildTestApp({ CHAT_DIGEST_MINUTES: String(MINUTES) });
    manager = await createStaff(t.app, 'manager', { name: 'Ольга' });
    author = await createStaff(t.app, 'performer', { name: 'Иван К.' });
  });
  afterAll(() => t.close());

  const readAll = (auth: { authorization: string }, orderId: number, upTo: number) =>
    t.app.inject({
      method: 'POST',
      url: api.orders.messagesRead(orderId),
      headers: auth,
      payload: { up_to_id: upTo },
    });

  it('sends one mail per order per quiet period, listing the unread messages, with a sign-in link to the chat', async () => {
    const o = await chatOrder(t.app, { manager, author });
    // Registration and placing the order mailed the customer already.
    const mailed = await mailCount(t.app, o.email);
    await sendOk(t.app, o.customer, o.orderId, 'Когда будет план?');
    await sendOk(t.app, author.auth, o.orderId, 'План будет завтра к обеду.', true);
    await sendOk(t.app, manager.auth, o.orderId, 'Я прослежу.', true);

    // Not yet: the clock started with the first unread message.
    expect(await t.app.chatService.runDigest(later(MINUTES - 1))).toBe(0);
    expect(await t.app.chatService.runDigest(later(MINUTES + 1))).toBe(1);
    expect(await mailCount(t.app, o.email)).toBe(mailed + 1);
    const mail = await latestMail(t.app, o.email);
    expect(mail.subject).toBe(`Новые сообщения по заказу №${o.orderId}`);
    expect(mail.text).toContain('2 новых сообщения');
    expect(mail.text).toContain('Автор Иван К.');
    expect(mail.text).toContain('План будет завтра к обеду.');
    expect(mail.text).toContain('Менеджер Ольга');
    expect(mail.text).toContain('Я прослежу.');
    expect(mail.text).not.toContain('Когда будет план?');
    const link = linkIn(mail.text, `http://localhost:3000/order/${o.orderId}/chat?al=`);
    // The link signs the customer in once.
    const token = decodeURIComponent(new URL(link).searchParams.get('al') ?? '');
    const signIn = await t.app.inject({ method: 'POST', url: api.auth.autoLogin, payload: { token } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(mail.html).toContain('Ответить в чате');
    // That sign-in was the address's first proof, which sends a mail of its own (ADR 025).
    const afterSignIn = await mailCount(t.app, o.email);
    expect(afterSignIn).toBe(mailed + 2);

    // The same quiet period: no second mail, however often the digest runs.
    expect(await t.app.chatService.runDigest(later(MINUTES * 3))).toBe(0);
    expect(await mailCount(t.app, o.email)).toBe(afterSignIn);

    // A new message starts a new period, and that mail lists only what is new.
    await sendOk(t.app, author.auth, o.orderId, 'Уже готово!', true);
    expect(await t.app.chatService.runDigest(later(MINUTES + 1))).toBe(1);
    await t.app.mailer.flush();
    const second = await latestMail(t.app, o.email);
    expect(second.text).toContain('Уже готово!');
    expect(second.text).toContain('1 новое сообщение');
    expect(second.text).not.toContain('Я прослежу.');
  });

  it('sends nothing when the customer read the messages in time', async () => {
    const o = await chatOrder(t.app, { manager, author });
    // Registration and placing the order mailed the customer already.
    const mailed = await mailCount(t.app, o.email);
    const m = await sendOk(t.app, author.auth, o.orderId, 'Посмотрите, пожалуйста', true);
    expect((await readAll(o.customer, o.orderId, m.id)).statusCode).toBe(200);
    expect(await t.app.chatService.runDigest(later(MINUTES + 1))).toBe(0);
    // Their own messages never count.
    await sendOk(t.app, o.customer, o.orderId, 'Посмотрел, спасибо');
    expect(await t.app.chatService.runDigest(later(MINUTES + 1))).toBe(0);
    expect(await mailCount(t.app, o.email)).toBe(mailed);
  });

  it('respects a customer who turned e-mail off, and sends no backlog when they turn it on', async () => {
    const o = await chatOrder(t.app, { manager, author });
    // Registration and placing the order mailed the customer already.
    const mailed = await mailCount(t.app, o.email);
    await t.app.database.db
      .updateTable('users')
      .set({ email_delivery: 0 })
      .where('id', '=', o.userId)
      .execute();
    await sendOk(t.app, author.auth, o.orderId, 'Вопрос по теме', true);
    expect(await t.app.chatService.runDigest(later(MINUTES + 1))).toBe(0);
    await t.app.database.db
      .updateTable('users')
      .set({ email_delivery: 1 })
      .where('id', '=', o.userId)
      .execute();
    expect(await t.app.chatService.runDigest(later(MINUTES + 1))).toBe(0);
    expect(await mailCount(t.app, o.email)).toBe(mailed);
  });

  it('sends once when two runs (two instances) look at the same moment', async () => {
    const o = await chatOrder(t.app, { manager, author });
    // Registration and placing the order mailed the customer already.
    const mailed = await mailCount(t.app, o.email);
    await sendOk(t.app, author.auth, o.orderId, 'Один раз', true);
    const at = later(MINUTES + 1);
    const runs = await Promise.all([t.app.chatService.runDigest(at), t.app.chatService.runDigest(at)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await mailCount(t.app, o.email)).toBe(mailed + 1);
  });

  it('names the files a message carried', async () => {
    const o = await chatOrder(t.app, { manager, author });
    // Registration and placing the order mailed the customer already.
    const mailed = await mailCount(t.app, o.email);
    const at = new Date().toISOString();
    const file = await t.app.database.db
      .insertInto('order_files')
      .values({
        order_id: o.orderId,
        user_id: o.userId,
        kind: 'intermediate',
        original_name: 'План работы.pdf',
        stored_name: 'f'.repeat(32),
        size: 10,
        mime: 'application/pdf',
        created_at: at,
        staff_id: author.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await send(t.app, author.auth, o.orderId, { text: 'Вот план', file_ids: [file.id] }, true);
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.app.chatService.runDigest(later(MINUTES + 1))).toBe(1);
    expect(await mailCount(t.app, o.email)).toBe(mailed + 1);
    expect((await latestMail(t.app, o.email)).text).toContain('Файлы: План работы.pdf');
  });
});

describe('the digest timer', () => {
  it('runs by itself every quarter of CHAT_DIGEST_MINUTES and stops with the app', async () => {
    // 0.01 minute: due after 0.6 s, looked for every 150 ms.
    const t = await buildTestApp({ CHAT_DIGEST_MINUTES: '0.01' });
    try {
      const o = await chatOrder(t.app);
      const mailed = await mailCount(t.app, o.email);
      await sendOk(t.app, o.author.auth, o.orderId, 'Пришёл ответ', true);
      const deadline = Date.now() + 10_000;
      while ((await mailCount(t.app, o.email)) === mailed && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await mailCount(t.app, o.email)).toBe(mailed + 1);
      expect((await latestMail(t.app, o.email)).subject).toBe(`Новые сообщения по заказу №${o.orderId}`);
    } finally {
      await t.close();
    }
  });
});
