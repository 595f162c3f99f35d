import {
  CareDetailSchema,
  CareListSchema,
  OrderSchema,
  OrderStatusId,
  ReworkDetailSchema,
  ReworkListSchema,
  TimelineSchema,
  WorkspaceFileListSchema,
  WorkspaceFileSchema,
  api,
  orderMessages,
  staffMessages,
  workspaceMessages,
  type WorkType,
} from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyCustomer } from '../src/modules/orders/event-mails';
import type { Actor } from '../src/modules/orders/lifecycle';
import { answerRework, getRework } from '../src/modules/orders/requests/reworks';
import { careQueue, getCare, postCareMessage } from '../src/modules/orders/requests/care';
import { getTimeline } from '../src/modules/orders/workspace/timeline';
import { listOrderFiles } from '../src/modules/orders/workspace/files';
import { bearer, buildTestApp, latestMail, mailCount, registerCustomer, type TestApp } from './helpers';
import { dayIn, multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';
import { payInDb, staffActor, staffMove, staffUploader } from './workspace-fixtures';

type Auth = { authorization: string };

describe('the customer workspace through a whole order', () => {
  let t: TestApp;
  let uploader: Awaited<ReturnType<typeof staffUploader>>;
  let alice: Auth;
  let aliceEmail: string;
  let coursework: WorkType;
  let manager: Actor;
  let author: Actor;

  const get = (url: string, auth: Auth = alice) => t.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, payload: object, auth: Auth = alice) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload });
  const order = async (id: number) => {
    const res = await get(api.orders.byId(id));
    expect(res.statusCode, res.body).toBe(200);
    return OrderSchema.parse(res.json());
  };
  const pending = async (name: string, content: Buffer) => {
    const body = multipart([{ name, content }]);
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      payload: body.payload,
      headers: { ...alice, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Array<{ id: number }>)[0]!.id;
  };

  beforeAll(async () => {
    t = await buildTestApp({
      FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')),
      GUARANTEE_DAYS: '10',
    });
    uploader = await staffUploader(t.app);
    const customer = await registerCustomer(t.app, { fio: 'Иванова Анна' });
    alice = bearer(customer.access);
    aliceEmail = customer.email;
    coursework = (await workTypes(t.app, alice))[0]!;
    manager = await staffActor(t.app, 'manager', 'Ольга');
    author = await staffActor(t.app, 'performer', 'Иван К.');
  });
  afterAll(async () => {
    await uploader.close();
    await t.close();
  });

  it('goes from placing to acceptance and a rework inside the guarantee, with the timeline and mails', async () => {
    const deadline = dayIn(30);
    const placed = await placeOrder(t.app, alice, orderBody(coursework, { deadline }));
    const id = placed.id;
    let o = await order(id);
    expect(o).toMatchObject({
      paid: 0,
      author: null,
      deadline_at: `${deadline}T20:59:59.999Z`,
      guarantee_until: null,
      attention: { chat: 0, files: 0, care: 0, reworks: 0 },
      rework: { allowed: false, reason: workspaceMessages.reworkNotDelivered },
      can_accept: false,
    });

    // The manager prices it (the staff side writes the status and calls the shared mail).
    const before = await mailCount(t.app, aliceEmail);
    await t.app.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ status_id: 2, price: 750_000 }).where('id', '=', id).execute();
      await notifyCustomer(trx, t.app.ordersService.ctx, id, 'priced');
    });
    expect(await mailCount(t.app, aliceEmail)).toBe(before + 1);
    const priced = await latestMail(t.app, aliceEmail);
    expect(priced.subject).toBe(`Заказ №${id}: стоимость 7\u00a0500\u00a0₽, ожидает оплаты`);
    expect(priced.text).toContain(`http://localhost:3000/order/${id}`);

    await payInDb(t.app, id);
    await staffMove(
      t.app,
      id,
      OrderStatusId.inProgress,
      { performer_id: author.staffId! },
      {
        kind: 'author_assigned',
        actor: manager,
        data: { performer_id: author.staffId },
      },
    );
    o = await order(id);
    expect(o).toMatchObject({ paid: 750_000, author: { name: 'Иван К.' } });

    // An intermediate file: recorded, new for the customer, the status stays.
    const [draft] = await uploader.uploadOk(author, id, 'intermediate', [
      { name: 'План.pdf', content: samples.pdf },
    ]);
    o = await order(id);
    expect(o.status.id).toBe(OrderStatusId.inProgress);
    expect(o.attention.files).toBe(1);

    // The final file: on to the review, the guarantee starts, the customer is mailed.
    const mailsBefore = await mailCount(t.app, aliceEmail);
    const [final] = await uploader.uploadOk(author, id, 'final', [
      { name: 'Курсовая.pdf', content: samples.pdf },
    ]);
    o = await order(id);
    expect(o.status.id).toBe(OrderStatusId.review);
    expect(o.can_accept).toBe(true);
    expect(o.rework).toEqual({ allowed: true, reason: null });
    expect(o.attention.files).toBe(2);
    // GUARANTEE_DAYS=10 from the later of the delivery and the deadline (40 days on): to the end
    // of the Moscow day ten days after the deadline.
    const day = new Date(Date.parse(`${o.details.deadline}T12:00:00Z`) + 10 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(o.guarantee_until).toBe(`${day}T20:59:59.999Z`);
    expect(await mailCount(t.app, aliceEmail)).toBe(mailsBefore + 1);
    expect((await latestMail(t.app, aliceEmail)).text).toContain(`/order/${id}/files`);

    // Every group in the files tab, the author by display name only.
    const files = WorkspaceFileListSchema.parse((await get(api.orders.files(id))).json());
    expect(files.map((f) => [f.name, f.group, f.is_reviewed, f.uploaded_by])).toEqual([
      ['План.pdf', 'intermediate', false, { role: 'performer', name: 'Автор Иван К.' }],
      ['Курсовая.pdf', 'final', false, { role: 'performer', name: 'Автор Иван К.' }],
    ]);
    expect(files[1]!.preview_url).toBe(api.orders.filePreview(id, final!.id));
    expect(JSON.stringify(files)).not.toContain('@staff.test');

    // Reviewing one file takes one off the count.
    const reviewed = await t.app.inject({
      method: 'PATCH',
      url: api.orders.file(id, draft!.id),
      headers: alice,
      payload: { is_reviewed: true },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(WorkspaceFileSchema.parse(reviewed.json()).is_reviewed).toBe(true);
    expect((await order(id)).attention.files).toBe(1);

    // A rework with an attached file and a wished date.
    const attachment = await pending('Замечания.pdf', samples.pdf);
    const tooEarly = await post(api.orders.reworks(id), {
      comment: 'Поправьте введение',
      wished_date: dayIn(0),
    });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json()).toMatchObject({
      errors: { wished_date: [workspaceMessages.reworkDateTooEarly] },
    });
    const created = await post(api.orders.reworks(id), {
      comment: 'Поправьте введение',
      wished_date: dayIn(3),
      files: [attachment],
    });
    expect(created.statusCode, created.body).toBe(201);
    const rework = ReworkDetailSchema.parse(created.json());
    expect(rework).toMatchObject({ number: 1, state: 'open', comment: 'Поправьте введение' });
    expect(rework.messages).toHaveLength(1);
    expect(rework.messages[0]!.author).toEqual({ role: 'customer', name: 'Вы' });
    expect(rework.messages[0]!.files.map((f) => f.name)).toEqual(['Замечания.pdf']);
    o = await order(id);
    expect(o.status.id).toBe(OrderStatusId.rework);
    expect(o.rework).toEqual({ allowed: false, reason: workspaceMessages.reworkAlreadyOpen });
    const again = await post(api.orders.reworks(id), { comment: 'Ещё' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: workspaceMessages.reworkAlreadyOpen });

    const ctx = t.app.ordersService.ctx;
    // An answer needs a final file; a refused answer attaches nothing.
    await expect(
      answerRework(ctx, author, id, rework.id, { text: 'Готово', files: [draft!.id] }),
    ).rejects.toMatchObject({ statusCode: 400, detail: staffMessages.answerNeedsFinal });
    // The author answers with a new final file: a final file in «Доработка» does not move the
    // order, and it belongs to the rework's answer — the customer does not get it on its own.
    const filesBefore = (await get(api.orders.files(id))).json() as unknown[];
    const [fixed] = await uploader.uploadOk(author, id, 'final', [
      { name: 'Курсовая.pdf', content: samples.pdf },
    ]);
    expect((await order(id)).status.id).toBe(OrderStatusId.rework);
    expect((await get(api.orders.files(id))).json()).toEqual(filesBefore);
    expect((await get(api.orders.fileDownload(id, fixed!.id))).statusCode).toBe(404);
    expect((await getRework(ctx, id, rework.id, 'staff')).answer_files?.map((f) => f.id)).toEqual([
      fixed!.id,
    ]);
    await expect(
      answerRework(ctx, author, id, rework.id, { text: 'Готово', files: [attachment] }),
    ).rejects.toMatchObject({ statusCode: 404 });
    const answerMails = await mailCount(t.app, aliceEmail);
    const answered = await answerRework(ctx, author, id, rework.id, {
      text: 'Исправил введение',
      files: [fixed!.id],
    });
    expect(answered).toMatchObject({ state: 'answered', is_new: false });
    await expect(
      answerRework(ctx, author, id, rework.id, { text: 'Ещё раз', files: [] }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await mailCount(t.app, aliceEmail)).toBe(answerMails + 1);
    o = await order(id);
    expect(o.status.id).toBe(OrderStatusId.review);
    expect(o.attention.reworks).toBe(1);
    const list = ReworkListSchema.parse((await get(api.orders.reworks(id))).json());
    expect(list.results.map((r) => [r.number, r.state, r.is_new])).toEqual([[1, 'answered', true]]);
    const opened = ReworkDetailSchema.parse((await get(api.orders.rework(id, rework.id))).json());
    expect(opened.is_new).toBe(false);
    expect(opened.messages.map((m) => [m.author.name, m.files.map((f) => f.name)])).toEqual([
      ['Вы', ['Замечания.pdf']],
      ['Автор Иван К.', ['Курсовая.pdf']],
    ]);
    expect((await order(id)).attention.reworks).toBe(0);
    // Staff see the customer by first name only.
    const staffView = await getRework(ctx, id, rework.id, 'staff');
    expect(staffView.messages[0]!.author).toEqual({ role: 'customer', name: 'Иванова' });

    // Accept: 5 → 7; a second accept is refused.
    const accepted = await post(api.orders.accept(id), {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(OrderSchema.parse(accepted.json())).toMatchObject({
      status: { id: OrderStatusId.completed },
      can_accept: false,
      rework: { allowed: true },
    });
    const twice = await post(api.orders.accept(id), {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: workspaceMessages.acceptNotReady });

    // Inside the guarantee a rework reopens the work; once it has run out, 409 with the same text.
    await t.app.database.db
      .updateTable('orders')
      .set({ guarantee_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await order(id)).rework).toEqual({ allowed: false, reason: workspaceMessages.reworkNoGuarantee });
    const late = await post(api.orders.reworks(id), { comment: 'Поздно' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: workspaceMessages.reworkNoGuarantee });
    await t.app.database.db
      .updateTable('orders')
      .set({ guarantee_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const second = await post(api.orders.reworks(id), { comment: 'Нужна ещё одна правка' });
    expect(second.statusCode, second.body).toBe(201);
    expect(ReworkDetailSchema.parse(second.json()).number).toBe(2);
    expect((await order(id)).status.id).toBe(OrderStatusId.rework);

    // The timeline tells it all in Russian, staff by display name.
    const timeline = TimelineSchema.parse((await get(api.orders.timeline(id))).json()).results;
    expect(timeline.map((e) => e.kind)).toEqual([
      'created',
      'paid',
      'author_assigned',
      'file_delivered',
      'file_delivered',
      'rework_opened',
      // The final file uploaded during the rework came with its answer, not on its own.
      'rework_answered',
      'accepted',
      'rework_opened',
    ]);
    expect(timeline.map((e) => e.text)).toContain('Заказ оплачен: 7\u00a0500\u00a0₽');
    expect(timeline.map((e) => e.text)).toContain('Назначен автор: Иван К.');
    expect(timeline.map((e) => e.text)).toContain('Готовая работа: Курсовая.pdf');
    expect(timeline.find((e) => e.kind === 'author_assigned')!.actor).toEqual({
      role: 'manager',
      name: 'Менеджер Ольга',
    });
    const staffTimeline = await getTimeline(ctx, id, 'staff');
    expect(staffTimeline.find((e) => e.kind === 'rework_opened')!.actor.name).toBe('Иванова');
  });

  it('runs care threads: answers are new until opened, a closed request takes nothing more', async () => {
    const id = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    const ctx = t.app.ordersService.ctx;
    const file = await pending('Скриншот.png', samples.png);
    const created = await post(api.orders.care(id), {
      kind: 'complaint',
      text: 'Автор не отвечает\nуже два дня',
      files: [file],
    });
    expect(created.statusCode, created.body).toBe(201);
    const care = CareDetailSchema.parse(created.json());
    expect(care).toMatchObject({
      kind: 'complaint',
      state: 'open',
      subject: 'Автор не отвечает',
      is_new: false,
    });
    expect(care.messages[0]!.files.map((f) => f.name)).toEqual(['Скриншот.png']);
    expect(
      (await careQueue(ctx, { state: 'open', page: 1, pageSize: 50 })).results.map((r) => r.id),
    ).toContain(care.id);

    const mails = await mailCount(t.app, aliceEmail);
    await postCareMessage(ctx, manager, id, care.id, { text: 'Разбираемся', files: [] });
    expect(await mailCount(t.app, aliceEmail)).toBe(mails + 1);
    expect((await latestMail(t.app, aliceEmail)).text).toContain(`/order/${id}/care`);
    expect((await order(id)).attention.care).toBe(1);
    const listed = CareListSchema.parse((await get(api.orders.care(id))).json());
    expect(listed.results[0]).toMatchObject({ id: care.id, state: 'answered', is_new: true });
    const opened = CareDetailSchema.parse((await get(api.orders.careRequest(id, care.id))).json());
    expect(opened.is_new).toBe(false);
    expect(opened.messages.map((m) => m.author)).toEqual([
      { role: 'customer', name: 'Вы' },
      { role: 'manager', name: 'Менеджер Ольга' },
    ]);
    expect((await order(id)).attention.care).toBe(0);

    // The customer writes again: open again.
    const more = await post(api.orders.careMessages(id, care.id), { text: 'Спасибо, жду' });
    expect(more.statusCode, more.body).toBe(201);
    expect(CareDetailSchema.parse(more.json()).state).toBe('open');

    await postCareMessage(ctx, manager, id, care.id, { text: 'Автор ответил', files: [] }, { close: true });
    expect((await getCare(ctx, id, care.id, 'staff')).state).toBe('closed');
    const closed = await post(api.orders.careMessages(id, care.id), { text: 'Ещё вопрос' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ detail: workspaceMessages.careClosed });
    const timeline = TimelineSchema.parse((await get(api.orders.timeline(id))).json()).results;
    expect(timeline.map((e) => e.text)).toEqual([
      'Заказ оформлен',
      'Обращение в службу качества: жалоба',
      'Ответ на обращение',
      'Ответ на обращение, обращение закрыто',
    ]);
  });

  it('adds the customer’s files to the order, without the quality check once work began, never to a trashed one', async () => {
    const id = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    const upload = async (orderId: number, name: string) => {
      const body = multipart([{ name, content: samples.pdf }]);
      return t.app.inject({
        method: 'POST',
        url: api.orders.files(orderId),
        payload: body.payload,
        headers: { ...alice, ...body.headers },
      });
    };
    const early = await upload(id, 'Методичка.pdf');
    expect(early.statusCode, early.body).toBe(201);
    expect(WorkspaceFileListSchema.parse(early.json())[0]).toMatchObject({
      group: 'customer',
      is_reviewed: true,
      uploaded_by: { role: 'customer', name: 'Вы' },
    });
    await payInDb(t.app, id);
    const late = await upload(id, 'Ещё.pdf');
    expect(WorkspaceFileListSchema.parse(late.json())[0]!.group).toBe('without_qc');
    // Not reviewable: the customer's own file.
    const own = WorkspaceFileListSchema.parse(late.json())[0]!;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: api.orders.file(id, own.id),
      headers: alice,
      payload: { is_reviewed: true },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json()).toMatchObject({ detail: workspaceMessages.notReviewable });
    const order = (await get(api.orders.byId(id))).json() as {
      files: unknown[];
      files_without_qc: unknown[];
    };
    expect([order.files.length, order.files_without_qc.length]).toEqual([1, 1]);

    const other = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    const del = await t.app.inject({ method: 'DELETE', url: api.orders.byId(other), headers: alice });
    expect(del.statusCode, del.body).toBe(200);
    const trashed = await upload(other, 'Поздно.pdf');
    expect(trashed.statusCode).toBe(409);
    expect(trashed.json()).toMatchObject({ detail: orderMessages.trashedOrder });
    expect((await listOrderFiles(t.app.ordersService.ctx, id, 'staff')).map((f) => f.name)).toEqual([
      'Методичка.pdf',
      'Ещё.pdf',
    ]);
  });

  it('sends no event mail to a customer who turned e-mail off', async () => {
    const customer = await registerCustomer(t.app);
    const bob = bearer(customer.access);
    const id = (await placeOrder(t.app, bob, orderBody(coursework))).id;
    await t.app.database.db
      .updateTable('users')
      .set({ email_delivery: 0 })
      .where('email', '=', customer.email)
      .execute();
    const before = await mailCount(t.app, customer.email);
    await payInDb(t.app, id);
    await staffMove(t.app, id, OrderStatusId.inProgress, { performer_id: author.staffId! });
    await uploader.uploadOk(author, id, 'final', [{ name: 'Работа.pdf', content: samples.pdf }]);
    const care = CareDetailSchema.parse((await post(api.orders.care(id), { text: 'Вопрос' }, bob)).json());
    await postCareMessage(t.app.ordersService.ctx, manager, id, care.id, { text: 'Ответ', files: [] });
    const o = OrderSchema.parse((await get(api.orders.byId(id), bob)).json());
    expect(o.status.id).toBe(OrderStatusId.review);
    expect(await mailCount(t.app, customer.email)).toBe(before);
  });

  it('lets one of two concurrent rework requests win', async () => {
    const id = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    await payInDb(t.app, id);
    await staffMove(t.app, id, OrderStatusId.inProgress, { performer_id: author.staffId! });
    await uploader.uploadOk(author, id, 'final', [{ name: 'Работа.pdf', content: samples.pdf }]);
    const results = await Promise.all([
      post(api.orders.reworks(id), { comment: 'Первая' }),
      post(api.orders.reworks(id), { comment: 'Вторая' }),
      post(api.orders.accept(id), {}),
    ]);
    const [first, second, accepted] = results.map((r) => r.statusCode);
    const reworks = await t.app.database.db
      .selectFrom('reworks')
      .select('id')
      .where('order_id', '=', id)
      .execute();
    const o = OrderSchema.parse((await get(api.orders.byId(id))).json());
    for (const code of [first, second]) expect([201, 409]).toContain(code);
    // Never two reworks at once: at most one of the two requests is taken, the other is refused.
    expect([first, second].sort()).not.toEqual([201, 201]);
    expect([first, second].filter((c) => c === 201)).toHaveLength(reworks.length);
    expect(reworks.length).toBeLessThanOrEqual(1);
    if (accepted === 409) {
      // A rework came first: the work is being reworked, not accepted.
      expect(reworks).toHaveLength(1);
      expect(o.status.id).toBe(OrderStatusId.rework);
    } else {
      // The acceptance came first; a rework after it is a guarantee rework, or refused.
      expect(accepted).toBe(200);
      expect(o.status.id).toBe(reworks.length === 1 ? OrderStatusId.rework : OrderStatusId.completed);
    }
  });
});
