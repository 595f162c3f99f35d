import {
  DraftListSchema,
  OrderListSchema,
  OrderStatusId,
  api,
  type WorkType,
  paymentsApi,
} from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, setStatus, workTypes } from './orders-fixtures';
import { ensureInvoices } from '../src/modules/payments/invoices';
import {
  awaitingOrder,
  awaitingPacket,
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  giveMoney,
  idemKey,
  pay,
  payCustomer,
  performer,
  type PayCustomer,
} from './payments-fixtures';

type Auth = { authorization: string };

describe("another customer's orders, drafts and files are not found (404) on every endpoint", () => {
  let t: TestApp;
  let alice: Auth;
  let bob: Auth;
  let coursework: WorkType;
  const ids = {
    order: 0,
    trashed: 0,
    inWork: 0,
    draft: 0,
    draftFile: 0,
    pendingFile: 0,
    authorFile: 0,
    rework: 0,
    care: 0,
    chatMessage: 0,
  };
  let bobPending = 0;
  let bobDraft = 0;
  let bobOrder = 0;

  const uploadTo = async (auth: Auth, url: string) => {
    const body = multipart([{ name: 'a.pdf', content: samples.pdf }]);
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Array<{ id: number }>)[0]!.id;
  };
  const newDraft = async (auth: Auth) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { is_fake: true },
    });
    return (res.json() as { id: number }).id;
  };

  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
    alice = bearer((await registerCustomer(t.app)).access);
    bob = bearer((await registerCustomer(t.app)).access);
    coursework = (await workTypes(t.app, alice))[0]!;

    ids.order = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    ids.trashed = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    await t.app.inject({ method: 'DELETE', url: api.orders.byId(ids.trashed), headers: alice });
    ids.inWork = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    await setStatus(t.app, ids.inWork, OrderStatusId.inProgress);
    ids.draft = await newDraft(alice);
    ids.draftFile = await uploadTo(alice, api.orders.fakeFiles(ids.draft));
    ids.pendingFile = await uploadTo(alice, api.orders.ajaxFiles);

    // What the author and the threads leave on an order in review (written as the staff side would).
    await setStatus(t.app, ids.inWork, OrderStatusId.review);
    const at = new Date().toISOString();
    const db = t.app.database.db;
    const owner = await db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', ids.inWork)
      .executeTakeFirstOrThrow();
    ids.authorFile = (
      await db
        .insertInto('order_files')
        .values({
          order_id: ids.inWork,
          user_id: owner.user_id,
          kind: 'final',
          original_name: 'Работа.pdf',
          stored_name: '0'.repeat(32),
          size: samples.pdf.length,
          mime: 'application/pdf',
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.rework = (
      await db
        .insertInto('reworks')
        .values({
          order_id: ids.inWork,
          number: 1,
          state: 'answered',
          comment: 'Правки',
          created_at: at,
          answered_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.care = (
      await db
        .insertInto('care_requests')
        .values({ order_id: ids.inWork, kind: 'question', subject: 'Вопрос', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    const chat = await t.app.inject({
      method: 'POST',
      url: api.orders.messages(ids.inWork),
      headers: alice,
      payload: { text: 'Мой вопрос', client_id: 'alice-message-1' },
    });
    expect(chat.statusCode, chat.body).toBe(201);
    ids.chatMessage = (chat.json() as { id: number }).id;

    bobPending = await uploadTo(bob, api.orders.ajaxFiles);
    bobDraft = await newDraft(bob);
    bobOrder = (await placeOrder(t.app, bob, orderBody(coursework))).id;
  });
  afterAll(() => t.close());

  /** One request per route of the orders module, each aimed at something of Alice's, sent by Bob. */
  const attempts = (): Record<string, () => Promise<{ statusCode: number; body: string }>> => {
    const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bob, ...(payload ? { payload } : {}) });
    const upload = (url: string) => {
      const body = multipart([{ name: 'b.pdf', content: samples.pdf }]);
      return t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...bob, ...body.headers },
      });
    };
    return {
      'GET /api/client/orders/:id/': () => inject('GET', api.orders.byId(ids.order)),
      'PATCH /api/client/orders/:id/': () => inject('PATCH', api.orders.byId(ids.order), { topic: 'Чужое' }),
      'DELETE /api/client/orders/:id/': () => inject('DELETE', api.orders.byId(ids.order)),
      'PATCH /api/client/orders/:id/restore/': () => inject('PATCH', api.orders.restore(ids.trashed)),
      'PATCH /api/client/orders/:id/not-editable-order/': () =>
        inject('PATCH', api.orders.notEditable(ids.inWork), { files_without_qc: [bobPending] }),
      'GET /api/client/orders/continue/': () => inject('GET', `${api.orders.continue}?id=${ids.draft}`),
      'GET /api/client/orders/fake/:id/': () => inject('GET', api.orders.fake(ids.draft)),
      'PATCH /api/client/orders/fake/:id/': () =>
        inject('PATCH', api.orders.fake(ids.draft), { topic: 'Чужое' }),
      'DELETE /api/client/orders/fake/:id/': () => inject('DELETE', api.orders.fake(ids.draft)),
      'POST /api/client/orders/fake/:id/fake-files/': () => upload(api.orders.fakeFiles(ids.draft)),
      'DELETE /api/client/orders/fake/:id/delete-fake-file/:fileId/': () =>
        inject('DELETE', api.orders.deleteFakeFile(ids.draft, ids.draftFile)),
      'DELETE /api/client/orders/delete-ajax-file/:fileId/': () =>
        inject('DELETE', api.orders.deleteAjaxFile(ids.pendingFile)),
      'GET /api/client/orders/:id/files/:fileId/download/': () =>
        inject('GET', api.orders.fileDownload(ids.draft, ids.draftFile)),
      // The order workspace.
      'GET /api/client/orders/:id/files/': () => inject('GET', api.orders.files(ids.inWork)),
      'POST /api/client/orders/:id/files/': () => upload(api.orders.files(ids.order)),
      'PATCH /api/client/orders/:id/files/:fileId/': () =>
        inject('PATCH', api.orders.file(ids.inWork, ids.authorFile), { is_reviewed: true }),
      'GET /api/client/orders/:id/files/:fileId/preview/': () =>
        inject('GET', api.orders.filePreview(ids.inWork, ids.authorFile)),
      'POST /api/client/orders/:id/files/download-zip/': () =>
        inject('POST', api.orders.downloadZip(ids.inWork), {}),
      'GET /api/client/orders/:id/reworks/': () => inject('GET', api.orders.reworks(ids.inWork)),
      'POST /api/client/orders/:id/reworks/': () =>
        inject('POST', api.orders.reworks(ids.inWork), { comment: 'Чужая доработка' }),
      'GET /api/client/orders/:id/reworks/:request/': () =>
        inject('GET', api.orders.rework(ids.inWork, ids.rework)),
      'GET /api/client/orders/:id/care/': () => inject('GET', api.orders.care(ids.inWork)),
      'POST /api/client/orders/:id/care/': () =>
        inject('POST', api.orders.care(ids.inWork), { text: 'Чужое' }),
      'GET /api/client/orders/:id/care/:request/': () =>
        inject('GET', api.orders.careRequest(ids.inWork, ids.care)),
      'POST /api/client/orders/:id/care/:request/messages/': () =>
        inject('POST', api.orders.careMessages(ids.inWork, ids.care), { text: 'Чужое' }),
      'GET /api/client/orders/:id/timeline/': () => inject('GET', api.orders.timeline(ids.inWork)),
      'POST /api/client/orders/:id/accept/': () => inject('POST', api.orders.accept(ids.inWork), {}),
      // The order chat.
      'GET /api/client/orders/:id/messages/': () => inject('GET', api.orders.messages(ids.inWork)),
      'POST /api/client/orders/:id/messages/': () =>
        inject('POST', api.orders.messages(ids.inWork), { text: 'Чужое', client_id: 'bob-message-1' }),
      'POST /api/client/orders/:id/messages/read/': () =>
        inject('POST', api.orders.messagesRead(ids.inWork), { up_to_id: ids.chatMessage }),
      // The review of the order's author.
      'GET /api/client/orders/:id/review/': () => inject('GET', api.orders.review(ids.inWork)),
      'POST /api/client/orders/:id/review/': () =>
        inject('POST', api.orders.review(ids.inWork), { rating: 1 }),
      // Pricing an edit of an order names it in the body. (`packet_id` there is a catalog packet,
      // the same for every customer: nobody's own.)
      'POST /api/client/orders/calculate-cost/': () =>
        inject('POST', api.orders.calculateCost, {
          work_type_id: coursework.id,
          pages: coursework.min_pages,
          deadline: orderBody(coursework).deadline,
          originality: 0,
          order_id: ids.order,
        }),
      'POST /api/client/orders/calculate-discount/': () =>
        inject('POST', api.orders.calculateDiscount, {
          work_type_id: coursework.id,
          pages: coursework.min_pages,
          deadline: orderBody(coursework).deadline,
          originality: 0,
          order_id: ids.order,
        }),
      'GET /api/client/orders/success/': () => inject('GET', `${api.orders.success}?id=${ids.order}`),
      'GET /api/client/orders/welcome/': () => inject('GET', `${api.orders.welcome}?id=${ids.order}`),
      // Ids inside bodies: Alice's draft to convert, Alice's uploads to attach.
      'POST /api/client/orders/': () =>
        inject('POST', api.orders.root, orderBody(coursework, { fake_id: ids.draft })),
    };
  };

  it('covers every orders route that takes an id', () => {
    const withIds = t.app.apiRoutes
      .filter((r) => r.url.startsWith(api.orders.root))
      .map((r) => `${r.method} ${r.url}`)
      .filter(
        (r) =>
          ![
            'GET /api/client/orders/',
            'GET /api/client/orders/fake/',
            'POST /api/client/orders/ajax-files/',
          ].includes(r),
      );
    expect(Object.keys(attempts()).sort()).toEqual(withIds.sort());
  });

  it('answers 404 to each of them and changes nothing of Alice’s', async () => {
    for (const [route, attempt] of Object.entries(attempts())) {
      const res = await attempt();
      expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
    }
    const order = await t.app.inject({ method: 'GET', url: api.orders.byId(ids.order), headers: alice });
    expect(order.json()).toMatchObject({
      trash: { is_trash: false },
      details: { topic: orderBody(coursework).topic },
    });
    const trashed = await t.app.inject({ method: 'GET', url: api.orders.byId(ids.trashed), headers: alice });
    expect(trashed.json()).toMatchObject({ status: { id: 16 } });
    const draft = await t.app.inject({ method: 'GET', url: api.orders.fake(ids.draft), headers: alice });
    expect(draft.json()).toMatchObject({ details: { topic: '' }, files: [{ id: ids.draftFile }] });
    const stillPending = await t.app.database.db
      .selectFrom('order_files')
      .select(['order_id', 'kind'])
      .where('id', '=', ids.pendingFile)
      .executeTakeFirst();
    expect(stillPending).toEqual({ order_id: null, kind: 'ajax' });
    const inWork = await t.app.inject({ method: 'GET', url: api.orders.byId(ids.inWork), headers: alice });
    expect(inWork.json()).toMatchObject({
      status: { id: OrderStatusId.review },
      attention: { files: 1, reworks: 1 },
    });
    const db = t.app.database.db;
    expect(
      await db.selectFrom('reworks').select('id').where('order_id', '=', ids.inWork).execute(),
    ).toHaveLength(1);
    expect(await db.selectFrom('thread_messages').select('id').execute()).toHaveLength(0);
    expect(await db.selectFrom('care_requests').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('chat_messages').select(['id', 'text']).execute()).toEqual([
      { id: ids.chatMessage, text: 'Мой вопрос' },
    ]);
    expect(
      await db.selectFrom('chat_reads').select(['reader_key', 'last_read_id', 'unread']).execute(),
    ).toEqual([{ reader_key: 'customer', last_read_id: ids.chatMessage, unread: 0 }]);
  });

  it("cannot attach another customer's upload to an order, a draft or a finished order's files", async () => {
    const attach = [
      () =>
        t.app.inject({
          method: 'POST',
          url: api.orders.root,
          headers: bob,
          payload: orderBody(coursework, { files: [ids.pendingFile] }),
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: api.orders.root,
          headers: bob,
          payload: { is_fake: true, files: [ids.pendingFile] },
        }),
      () =>
        t.app.inject({
          method: 'PATCH',
          url: api.orders.fake(bobDraft),
          headers: bob,
          payload: { files: [ids.pendingFile] },
        }),
      () =>
        t.app.inject({
          method: 'PATCH',
          url: api.orders.byId(bobOrder),
          headers: bob,
          payload: { files: [ids.pendingFile] },
        }),
      () =>
        t.app.inject({
          method: 'DELETE',
          url: api.orders.deleteFakeFile(bobDraft, ids.draftFile),
          headers: bob,
        }),
      // Into Bob's own care request or zip: Alice's upload or Alice's order file.
      () =>
        t.app.inject({
          method: 'POST',
          url: api.orders.care(bobOrder),
          headers: bob,
          payload: { text: 'Вопрос', files: [ids.pendingFile] },
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: api.orders.downloadZip(bobOrder),
          headers: bob,
          payload: { file_ids: [ids.authorFile] },
        }),
    ];
    for (const [i, call] of attach.entries()) expect((await call()).statusCode, `attempt ${i}`).toBe(404);
  });

  it("cannot send another customer's upload in a message, nor see their unread counts", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.messages(bobOrder),
      headers: bob,
      payload: { client_id: 'bob-with-alices-file', file_ids: [ids.pendingFile] },
    });
    expect(res.statusCode).toBe(404);
    const unread = await t.app.inject({ method: 'GET', url: api.chatUnread, headers: bob });
    expect(unread.json()).toEqual({ total: 0, orders: [] });
  });

  it("never lists another customer's orders or counts them", async () => {
    const res = await t.app.inject({ method: 'GET', url: `${api.orders.root}?tab=archive`, headers: bob });
    const page = OrderListSchema.parse(res.json());
    expect(page.counters).toEqual({ active: 1, archive: 0, done: 0 });
    expect(page.results).toEqual([]);
    const drafts = await t.app.inject({ method: 'GET', url: api.orders.drafts, headers: bob });
    const listed = DraftListSchema.parse(drafts.json()).results.map((d) => d.id);
    expect(listed).not.toContain(ids.draft);
  });
});

describe("another customer's orders, packets and invoices cannot be paid or read through payments (404)", () => {
  let t: TestApp;
  let alice: PayCustomer;
  let bob: PayCustomer;
  const ids = { order: 0, done: 0, packet: 0, invoices: [] as number[] };

  beforeAll(async () => {
    t = await buildPaymentsApp();
    alice = await payCustomer(t.app);
    bob = await payCustomer(t.app);
    await giveMoney(t.app, bob.id, 100_000_00);
    ids.order = await awaitingOrder(t.app, alice, 3_000_00);
    ids.done = await awaitingOrder(t.app, alice, 3_000_00, {
      status: OrderStatusId.completed,
      paid: 3_000_00,
      performer_id: await performer(t.app),
    });
    ids.packet = (await awaitingPacket(t.app, alice, 2_000_00)).placedId;
    await t.app.database.db.transaction().execute((trx) => ensureInvoices(trx, alice.id));
    ids.invoices = (
      await t.app.database.db.selectFrom('payments').select('id').where('user_id', '=', alice.id).execute()
    ).map((r) => r.id);
  });
  afterAll(() => t.close());

  it('answers 404 to pay/, pay-many/, orders-packet-waiting/ and result/ with Alice’s ids, and nothing moves', async () => {
    const before = await t.app.database.db
      .selectFrom('orders')
      .select(['id', 'status_id', 'paid'])
      .where('user_id', '=', alice.id)
      .orderBy('id')
      .execute();
    const attempts: Record<string, () => Promise<{ statusCode: number; body: string }>> = {
      'pay/ order, balance': () =>
        pay(t.app, bob.auth, { purpose: 'order', object_id: ids.order, payment_method: 'balance' }),
      'pay/ order, card': () =>
        pay(t.app, bob.auth, { purpose: 'order', object_id: ids.order, payment_method: 'bank_card' }),
      'pay/ packet': () =>
        pay(t.app, bob.auth, { purpose: 'packet', object_id: ids.packet, payment_method: 'balance' }),
      'pay/ tip': () =>
        pay(t.app, bob.auth, {
          purpose: 'tip',
          object_id: ids.done,
          amount: 100_00,
          payment_method: 'balance',
        }),
      'pay-many/': () =>
        t.app.inject({
          method: 'POST',
          url: paymentsApi.payMany,
          headers: { ...bob.auth, 'idempotency-key': idemKey() },
          payload: { pay_ids: ids.invoices, payment_method: 'balance' },
        }),
      'GET orders-packet-waiting/{id}/': () =>
        t.app.inject({ method: 'GET', url: paymentsApi.packetWaiting(ids.packet), headers: bob.auth }),
      'GET result/{id}/ (the /payment screen’s lookup)': () =>
        t.app.inject({ method: 'GET', url: paymentsApi.result(ids.invoices[0]!), headers: bob.auth }),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const res = await attempt();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
    }
    const after = await t.app.database.db
      .selectFrom('orders')
      .select(['id', 'status_id', 'paid'])
      .where('user_id', '=', alice.id)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    expect(await finances(t.app, bob.id)).toEqual({ money: 100_000_00, bonus: 0 });
    const bobs = await t.app.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', bob.id)
      .execute();
    expect(bobs).toEqual([]);
    const invoices = await t.app.database.db
      .selectFrom('payments')
      .select(['id', 'status', 'provider'])
      .where('user_id', '=', alice.id)
      .execute();
    expect(invoices.map((i) => [i.status, i.provider])).toEqual(ids.invoices.map(() => ['pending', null]));
    await expectLedgerOk(t.app);
  });
});

describe("another customer's gift certificates are not found (404) on every endpoint", () => {
  let t: TestApp;
  let alice: PayCustomer;
  let bob: PayCustomer;
  const ids = { unpaid: 0, active: 0 };

  beforeAll(async () => {
    t = await buildPaymentsApp();
    alice = await payCustomer(t.app);
    bob = await payCustomer(t.app);
    await giveMoney(t.app, bob.id, 10_000_00);
    const buy = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: api.certificates.root,
        headers: alice.auth,
        payload: { value: 1_000_00 },
      });
      return (res.json() as { id: number }).id;
    };
    ids.unpaid = await buy();
    ids.active = await buy();
    await t.app.database.db
      .updateTable('certificates')
      .set({ status: 'active', paid_at: new Date().toISOString(), expires_at: '2999-01-01T00:00:00.000Z' })
      .where('id', '=', ids.active)
      .execute();
  });
  afterAll(() => t.close());

  const attempts = (): Record<string, () => Promise<{ statusCode: number; body: string }>> => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bob.auth });
    return {
      'GET /client/api/certificate/:id/': () => get(api.certificates.one(ids.active)),
      'GET /client/api/certificate/:id/download/': () => get(api.certificates.download(ids.active)),
    };
  };

  it('covers every certificate route that takes an id', () => {
    const withIds = t.app.apiRoutes
      .filter((r) => r.url.startsWith(api.certificates.root) && r.url.includes(':'))
      .map((r) => `${r.method} ${r.url}`);
    expect(Object.keys(attempts()).sort()).toEqual(withIds.sort());
  });

  it('answers 404 to reading, downloading and paying Alice’s certificate, and nothing changes', async () => {
    const before = await t.app.database.db.selectFrom('certificates').selectAll().orderBy('id').execute();
    for (const [route, attempt] of Object.entries(attempts())) {
      const res = await attempt();
      expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
    }
    for (const payment_method of ['bank_card', 'balance'] as const) {
      const res = await pay(t.app, bob.auth, {
        purpose: 'certificate',
        object_id: ids.unpaid,
        payment_method,
      });
      // The balance is refused for any certificate (400) before it is looked up; a card: 404.
      expect(res.statusCode, payment_method).toBe(payment_method === 'balance' ? 400 : 404);
    }
    const list = await t.app.inject({ method: 'GET', url: api.certificates.root, headers: bob.auth });
    expect(list.json()).toMatchObject({ results: [], count: 0, counters: { active: 0, trash: 0 } });
    expect(await t.app.database.db.selectFrom('certificates').selectAll().orderBy('id').execute()).toEqual(
      before,
    );
    expect(
      await t.app.database.db.selectFrom('payments').select('id').where('user_id', '=', bob.id).execute(),
    ).toEqual([]);
    expect(await finances(t.app, bob.id)).toEqual({ money: 10_000_00, bonus: 0 });
    await expectLedgerOk(t.app);
  });
});
