import {
  CHAT_TEXT_MAX,
  ChatMessageSchema,
  ChatReadResultSchema,
  ChatUnreadSchema,
  WorkspaceFileListSchema,
  api,
  chatMessages,
  orderMessages,
  type ChatMessage,
  staffApi,
} from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SENDS_PER_MINUTE } from '../src/modules/chat/routes';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { chatOrder, clientId, history, recordBus, send, sendOk, type Auth } from './chat-fixtures';
import { multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';

let t: TestApp;
let manager: TestStaff;
let author: TestStaff;

beforeAll(async () => {
  t = await buildTestApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
  manager = await createStaff(t.app, 'manager', { name: 'Ольга' });
  author = await createStaff(t.app, 'performer', { name: 'Иван К.' });
});
afterAll(() => t.close());

const read = async (auth: Auth, orderId: number, upTo: number, staff = false) => {
  const res = await t.app.inject({
    method: 'POST',
    url: staff ? staffApi.messagesRead(orderId) : api.orders.messagesRead(orderId),
    headers: auth,
    payload: { up_to_id: upTo },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ChatReadResultSchema.parse(res.json());
};

const unread = async (auth: Auth, staff = false) => {
  const res = await t.app.inject({
    method: 'GET',
    url: staff ? staffApi.chatUnread : api.chatUnread,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ChatUnreadSchema.parse(res.json());
};

describe('sending and reading the history', () => {
  it('shows each side the other by name and itself as «Вы», with staff ids only to staff', async () => {
    const o = await chatOrder(t.app, { manager, author });
    const mine = await sendOk(t.app, o.customer, o.orderId, '  Здравствуйте! Когда будет план?  ');
    expect(mine).toMatchObject({
      order_id: o.orderId,
      author: { role: 'customer', name: 'Вы' },
      staff_id: null,
      text: 'Здравствуйте! Когда будет план?',
      files: [],
    });
    const reply = await sendOk(t.app, author.auth, o.orderId, 'Завтра пришлю.', true);
    expect(reply).toMatchObject({
      author: { role: 'performer', name: 'Автор Иван К.' },
      staff_id: author.id,
    });
    await sendOk(t.app, manager.auth, o.orderId, 'Я на связи.', true);

    const customerView = await history(t.app, o.customer, o.orderId);
    expect(customerView.results.map((m) => [m.author.name, m.staff_id, m.text])).toEqual([
      ['Менеджер Ольга', null, 'Я на связи.'],
      ['Автор Иван К.', null, 'Завтра пришлю.'],
      ['Вы', null, 'Здравствуйте! Когда будет план?'],
    ]);
    expect(customerView.has_more).toBe(false);
    const staffView = await history(t.app, manager.auth, o.orderId, '', true);
    expect(staffView.results.map((m) => [m.author.name, m.staff_id])).toEqual([
      ['Менеджер Ольга', manager.id],
      ['Автор Иван К.', author.id],
      ['Анна', null],
    ]);
  });

  it('pages newest first: before goes back, after resumes forward, has_more says there is more', async () => {
    const o = await chatOrder(t.app, { manager, author });
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 7; i += 1) sent.push(await sendOk(t.app, o.customer, o.orderId, `№${i}`));
    const ids = sent.map((m) => m.id);
    const texts = (p: { results: ChatMessage[] }) => p.results.map((m) => m.text);

    const newest = await history(t.app, o.customer, o.orderId, '?limit=3');
    expect(texts(newest)).toEqual(['№7', '№6', '№5']);
    expect(newest.has_more).toBe(true);
    const older = await history(t.app, o.customer, o.orderId, `?limit=3&before=${ids[4]}`);
    expect(texts(older)).toEqual(['№4', '№3', '№2']);
    expect(older.has_more).toBe(true);
    const oldest = await history(t.app, o.customer, o.orderId, `?limit=3&before=${ids[1]}`);
    expect(texts(oldest)).toEqual(['№1']);
    expect(oldest.has_more).toBe(false);

    // Resume after a reconnect: the oldest ones after the last seen, still newest first.
    const resumed = await history(t.app, o.customer, o.orderId, `?limit=3&after=${ids[1]}`);
    expect(texts(resumed)).toEqual(['№5', '№4', '№3']);
    expect(resumed.has_more).toBe(true);
    const rest = await history(t.app, o.customer, o.orderId, `?limit=3&after=${ids[4]}`);
    expect(texts(rest)).toEqual(['№7', '№6']);
    expect(rest.has_more).toBe(false);
    const nothing = await history(t.app, o.customer, o.orderId, `?after=${ids[6]}`);
    expect(nothing).toMatchObject({ results: [], has_more: false });
  });

  it('refuses bad input with 400 and Russian detail per field', async () => {
    const o = await chatOrder(t.app, { manager, author });
    const cases: Array<[object, string, string]> = [
      [{ text: '   ' }, 'text', chatMessages.textRequired],
      [{ text: 'а'.repeat(CHAT_TEXT_MAX + 1) }, 'text', chatMessages.textTooLong],
      [{ text: 'Привет', client_id: 'x' }, 'client_id', chatMessages.clientIdInvalid],
      [{ text: 'Привет', client_id: 'плохой-идентификатор' }, 'client_id', chatMessages.clientIdInvalid],
      [
        { text: 'Привет', file_ids: Array.from({ length: 11 }, (_, i) => i + 1) },
        'file_ids',
        chatMessages.tooManyFiles,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(t.app, o.customer, o.orderId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toContain(message);
    }
    const noId = await t.app.inject({
      method: 'POST',
      url: api.orders.messages(o.orderId),
      headers: o.customer,
      payload: { text: 'Привет' },
    });
    expect(noId.statusCode).toBe(400);
    expect((noId.json() as { errors: Record<string, string[]> }).errors.client_id).toEqual([
      chatMessages.clientIdInvalid,
    ]);
    const both = await t.app.inject({
      method: 'GET',
      url: `${api.orders.messages(o.orderId)}?before=5&after=1`,
      headers: o.customer,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ detail: chatMessages.beforeAndAfter });
    for (const payload of [{ up_to_id: 0 }, { up_to_id: 'x' }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: api.orders.messagesRead(o.orderId),
        headers: o.customer,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors.up_to_id).toEqual([
        chatMessages.upToInvalid,
      ]);
    }
    expect((await history(t.app, o.customer, o.orderId)).results).toEqual([]);
  });

  it('keeps the history of a trashed order readable and refuses new messages with 409', async () => {
    const c = bearer((await registerCustomer(t.app)).access);
    const workType = (await workTypes(t.app, c))[0]!;
    const orderId = (await placeOrder(t.app, c, orderBody(workType))).id;
    const before = await sendOk(t.app, c, orderId, 'Передумал');
    const trash = await t.app.inject({ method: 'DELETE', url: api.orders.byId(orderId), headers: c });
    expect(trash.statusCode, trash.body).toBeLessThan(300);
    const refused = await send(t.app, c, orderId, { text: 'Ещё одно' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: chatMessages.chatClosed });
    const staffRefused = await send(t.app, manager.auth, orderId, { text: 'Ответ' }, true);
    expect(staffRefused.statusCode).toBe(409);
    // A repeat of what was sent before the trash still answers the first message.
    const repeat = await send(t.app, c, orderId, { text: 'Передумал', client_id: before.client_id });
    expect(repeat.statusCode).toBe(200);
    expect((repeat.json() as ChatMessage).id).toBe(before.id);
    expect((await history(t.app, c, orderId)).results.map((m) => m.id)).toEqual([before.id]);
  });
});

describe('idempotent sending', () => {
  it('answers a repeated client_id with 200 and the first message, storing and publishing nothing', async () => {
    const o = await chatOrder(t.app, { manager, author });
    const bus = recordBus(t.app);
    const id = clientId();
    const first = await send(t.app, o.customer, o.orderId, { text: 'Один раз', client_id: id });
    expect(first.statusCode).toBe(201);
    await bus.settle();
    const published = bus.seen.length;
    expect(published).toBeGreaterThan(0);
    const again = await send(t.app, o.customer, o.orderId, { text: 'Другой текст', client_id: id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    await bus.settle();
    expect(bus.seen.length).toBe(published);
    bus.stop();
    // Another sender's key space: the same client_id from the author is a message of its own.
    const theirs = await send(t.app, author.auth, o.orderId, { text: 'Мой', client_id: id }, true);
    expect(theirs.statusCode).toBe(201);
    expect((await history(t.app, o.customer, o.orderId)).results).toHaveLength(2);
  });

  it('stores one message for 10 parallel attempts with one client_id, and all answer it', async () => {
    const o = await chatOrder(t.app, { manager, author });
    const id = clientId();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(t.app, o.customer, o.orderId, { text: 'Параллельно', client_id: id }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const messages = answers.map((a) => ChatMessageSchema.parse(a.json()));
    expect(new Set(messages.map((m) => m.id)).size).toBe(1);
    const rows = await t.app.database.db
      .selectFrom('chat_messages')
      .select('id')
      .where('order_id', '=', o.orderId)
      .execute();
    expect(rows).toHaveLength(1);
    // The author's counter went up once, not ten times.
    expect((await unread(author.auth, true)).orders).toContainEqual({ order_id: o.orderId, unread: 1 });
  });

  it('limits a sender to CHAT_SENDS_PER_MINUTE messages a minute, with Retry-After', async () => {
    const o = await chatOrder(t.app, { manager, author });
    for (let i = 0; i < CHAT_SENDS_PER_MINUTE; i += 1) {
      const res = await send(t.app, o.customer, o.orderId, { text: `${i}` });
      expect(res.statusCode).toBe(201);
    }
    const over = await send(t.app, o.customer, o.orderId, { text: 'лишнее' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: chatMessages.tooManyFrames });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not held back by this customer's flood, nor is this customer in another order.
    expect((await send(t.app, author.auth, o.orderId, { text: 'Я тут' }, true)).statusCode).toBe(201);
    const workType = (await workTypes(t.app, o.customer))[0]!;
    const another = (await placeOrder(t.app, o.customer, orderBody(workType))).id;
    expect((await send(t.app, o.customer, another, { text: 'Другой заказ' })).statusCode).toBe(201);
  });
});

describe('read marks and unread counters', () => {
  it('counts unread per reader, clears the sender, and totals over orders', async () => {
    const o = await chatOrder(t.app, { manager, author });
    const second = await chatOrder(t.app, { manager, author });
    const authorBefore = (await unread(author.auth, true)).total;

    const q1 = await sendOk(t.app, o.customer, o.orderId, 'Вопрос 1');
    const q2 = await sendOk(t.app, o.customer, o.orderId, 'Вопрос 2');
    await sendOk(t.app, second.customer, second.orderId, 'Вопрос по второму');
    // The author of both orders: 2 + 1 more; a manager who never opened the chats has no rows yet.
    const forAuthor = await unread(author.auth, true);
    expect(forAuthor.total).toBe(authorBefore + 3);
    expect(forAuthor.orders).toContainEqual({ order_id: o.orderId, unread: 2 });
    expect(forAuthor.orders).toContainEqual({ order_id: second.orderId, unread: 1 });
    expect((await history(t.app, author.auth, o.orderId, '', true)).unread).toBe(2);

    // The manager opens the chat (reads what is there): from now on they are counted too.
    const managerRead = await read(manager.auth, o.orderId, q1.id, true);
    expect(managerRead).toMatchObject({
      order_id: o.orderId,
      unread: 1,
      read: { customer: q2.id, staff: q1.id },
    });
    const reply = await sendOk(t.app, author.auth, o.orderId, 'Отвечаю', true);
    // Replying means the author has read everything before: their count is 0.
    expect((await unread(author.auth, true)).orders).not.toContainEqual(
      expect.objectContaining({ order_id: o.orderId }),
    );
    expect((await history(t.app, manager.auth, o.orderId, '', true)).unread).toBe(2);
    expect(await unread(o.customer)).toEqual({ total: 1, orders: [{ order_id: o.orderId, unread: 1 }] });
    const page = await history(t.app, o.customer, o.orderId);
    expect(page).toMatchObject({ unread: 1, read: { customer: q2.id, staff: reply.id } });

    // Clamped to the newest message; never back.
    const marked = await read(o.customer, o.orderId, reply.id + 1000);
    expect(marked).toEqual({
      order_id: o.orderId,
      unread: 0,
      total: 0,
      read: { customer: reply.id, staff: reply.id },
    });
    const back = await read(o.customer, o.orderId, q1.id);
    expect(back.read.customer).toBe(reply.id);
    expect(await unread(o.customer)).toEqual({ total: 0, orders: [] });
  });

  it('publishes each face its message, the sender’s read mark and the new counts once committed', async () => {
    const o = await chatOrder(t.app, { manager, author });
    await read(manager.auth, o.orderId, 1, true);
    const bus = recordBus(t.app);
    const m = await sendOk(t.app, author.auth, o.orderId, 'План готов', true);
    await bus.settle();
    const to = (r: object) => bus.seen.filter((d) => JSON.stringify(d.to) === JSON.stringify(r));
    const customerFrames = to({ customer: o.userId }).map((d) => d.frame);
    expect(customerFrames).toEqual([
      {
        type: 'message',
        payload: {
          order_id: o.orderId,
          message: expect.objectContaining({
            id: m.id,
            staff_id: null,
            author: { role: 'performer', name: 'Автор Иван К.' },
          }),
        },
      },
      { type: 'read', payload: { order_id: o.orderId, side: 'staff', up_to_id: m.id } },
      { type: 'unread', payload: { order_id: o.orderId, unread: 1, total: 1 } },
    ]);
    const staffMessage = { type: 'message', payload: { order_id: o.orderId, message: m } };
    expect(to({ staff: author.id }).map((d) => d.frame)).toEqual([staffMessage]);
    expect(to({ managers: true }).map((d) => d.frame)).toEqual([staffMessage]);
    expect(to({ staff: manager.id }).map((d) => d.frame)).toEqual([
      { type: 'unread', payload: { order_id: o.orderId, unread: 1, total: expect.any(Number) } },
    ]);

    bus.clear();
    await read(o.customer, o.orderId, m.id);
    await bus.settle();
    expect(bus.seen.map((d) => [d.to, d.frame])).toEqual([
      [
        { staff: author.id },
        { type: 'read', payload: { order_id: o.orderId, side: 'customer', up_to_id: m.id } },
      ],
      [
        { managers: true },
        { type: 'read', payload: { order_id: o.orderId, side: 'customer', up_to_id: m.id } },
      ],
      [{ customer: o.userId }, { type: 'unread', payload: { order_id: o.orderId, unread: 0, total: 0 } }],
    ]);
    // Nothing moved: nothing published.
    bus.clear();
    await read(o.customer, o.orderId, m.id);
    await bus.settle();
    expect(bus.seen).toEqual([]);
    bus.stop();
  });

  it('stops counting for an author taken off the order', async () => {
    const o = await chatOrder(t.app, { manager, author });
    const other = await createStaff(t.app, 'performer', { name: 'Мария С.' });
    await sendOk(t.app, o.customer, o.orderId, 'Есть новости?');
    await t.app.database.db
      .updateTable('orders')
      .set({ performer_id: other.id })
      .where('id', '=', o.orderId)
      .execute();
    await sendOk(t.app, o.customer, o.orderId, 'Ау');
    expect((await unread(author.auth, true)).orders).not.toContainEqual(
      expect.objectContaining({ order_id: o.orderId }),
    );
    expect(await unread(other.auth, true)).toEqual({
      total: 1,
      orders: [{ order_id: o.orderId, unread: 1 }],
    });
    const gone = await t.app.inject({
      method: 'GET',
      url: staffApi.messages(o.orderId),
      headers: author.auth,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('files in messages', () => {
  it('attaches the customer’s uploads and the staff’s files: in the message and in the files tab', async () => {
    const o = await chatOrder(t.app, { manager, author });
    const upload = multipart([{ name: 'Методичка.pdf', content: samples.pdf }]);
    const pending = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      headers: { ...o.customer, ...upload.headers },
      payload: upload.payload,
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const fileId = (pending.json() as Array<{ id: number }>)[0]!.id;
    const res = await send(t.app, o.customer, o.orderId, { file_ids: [fileId] });
    expect(res.statusCode, res.body).toBe(201);
    const message = ChatMessageSchema.parse(res.json());
    expect(message.text).toBe('');
    expect(message.files).toEqual([
      expect.objectContaining({
        id: fileId,
        name: 'Методичка.pdf',
        group: 'without_qc',
        download_url: api.orders.fileDownload(o.orderId, fileId),
      }),
    ]);
    const tab = await t.app.inject({ method: 'GET', url: api.orders.files(o.orderId), headers: o.customer });
    expect(WorkspaceFileListSchema.parse(tab.json()).map((f) => f.id)).toContain(fileId);
    // Used: the same upload cannot go with another message.
    const reuse = await send(t.app, o.customer, o.orderId, { text: 'ещё раз', file_ids: [fileId] });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toEqual({ detail: orderMessages.fileNotFound });

    const staffUpload = multipart([{ name: 'План.pdf', content: samples.pdf }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${staffApi.files(o.orderId)}?kind=intermediate`,
      headers: { ...author.auth, ...staffUpload.headers },
      payload: staffUpload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const staffFile = (uploaded.json() as Array<{ id: number }>)[0]!.id;
    const withPlan = await send(t.app, author.auth, o.orderId, { text: 'План', file_ids: [staffFile] }, true);
    expect(withPlan.statusCode, withPlan.body).toBe(201);
    const page = await history(t.app, o.customer, o.orderId);
    expect(page.results[0]!.files).toEqual([
      expect.objectContaining({
        id: staffFile,
        name: 'План.pdf',
        uploaded_by: { role: 'performer', name: 'Автор Иван К.' },
      }),
    ]);
    const again = await send(t.app, author.auth, o.orderId, { text: 'Снова', file_ids: [staffFile] }, true);
    expect(again.statusCode).toBe(404);
    // Someone else's upload is no file of this customer's.
    const strangerUpload = multipart([{ name: 'чужое.pdf', content: samples.pdf }]);
    const stranger = bearer((await registerCustomer(t.app)).access);
    const theirs = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      headers: { ...stranger, ...strangerUpload.headers },
      payload: strangerUpload.payload,
    });
    const theirId = (theirs.json() as Array<{ id: number }>)[0]!.id;
    expect((await send(t.app, o.customer, o.orderId, { file_ids: [theirId] })).statusCode).toBe(404);
    expect((await history(t.app, o.customer, o.orderId)).results).toHaveLength(2);
  });
});
