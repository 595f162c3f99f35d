import {
  CareDetailSchema,
  OrderStatusId,
  ReworkDetailSchema,
  StaffCareListSchema,
  StaffOrderListSchema,
  StaffOrderSchema,
  WorkspaceFileListSchema,
  api,
  staffMessages,
  workspaceMessages,
  type WorkType,
  staffApi,
} from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, mailCount, registerCustomer, type TestApp } from './helpers';
import { dayIn, multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';
import { createStaff, payInDb, type TestStaff } from './staff-fixtures';

type Auth = { authorization: string };

describe('an author’s deliveries, reworks and care through the staff API', () => {
  let t: TestApp;
  let manager: TestStaff;
  let author: TestStaff;
  let customer: { email: string; auth: Auth };
  let workType: WorkType;

  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer');
    const c = await registerCustomer(t.app, { fio: 'Анна Демидова' });
    customer = { email: c.email, auth: bearer(c.access) };
    workType = (await workTypes(t.app, customer.auth))[0]!;
  });
  afterAll(() => t.close());

  const inject = (who: Auth, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
  const upload = (who: Auth, orderId: number, kind: string, name = 'work.pdf') => {
    const body = multipart([{ name, content: samples.pdf }]);
    return t.app.inject({
      method: 'POST',
      url: `${staffApi.files(orderId)}?kind=${kind}`,
      headers: { ...who, ...body.headers },
      payload: body.payload,
    });
  };
  /** An order paid and in the author's work. */
  const inWork = async () => {
    const id = (await placeOrder(t.app, customer.auth, orderBody(workType))).id;
    await inject(manager.auth, 'PATCH', staffApi.order(id), { price: 300_000 });
    await payInDb(t.app, id);
    await inject(manager.auth, 'POST', staffApi.assign(id), { performer_id: author.id });
    return id;
  };
  const order = async (id: number) =>
    StaffOrderSchema.parse((await inject(manager.auth, 'GET', staffApi.order(id))).json());

  it('delivers an intermediate file without moving the order, and a final one to the customer’s review', async () => {
    const id = await inWork();
    const mails = await mailCount(t.app, customer.email);
    const first = await upload(author.auth, id, 'intermediate', 'План.pdf');
    expect(first.statusCode, first.body).toBe(201);
    const [plan] = WorkspaceFileListSchema.parse(first.json());
    expect(plan).toMatchObject({
      name: 'План.pdf',
      group: 'intermediate',
      uploaded_by: { role: 'performer' },
    });
    expect((await order(id)).status.id).toBe(OrderStatusId.inProgress);

    const bad = await upload(author.auth, id, 'draft');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { detail: string }).detail).toBe(staffMessages.fileKindInvalid);

    const final = await upload(author.auth, id, 'final');
    expect(final.statusCode, final.body).toBe(201);
    const after = await order(id);
    expect(after.status.id).toBe(OrderStatusId.review);
    // Delivered before the deadline: 20 days from the deadline, not from the delivery.
    const day = new Date(Date.parse(`${after.deadline}T12:00:00Z`) + 20 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(after.guarantee_until).toBe(`${day}T20:59:59.999Z`);
    expect(after.files.map((f) => f.group).sort()).toEqual(['final', 'intermediate']);
    // The final file's mail; the intermediate one sends none.
    expect(await mailCount(t.app, customer.email)).toBe(mails + 1);

    const download = await inject(author.auth, 'GET', staffApi.fileDownload(id, plan!.id));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; /);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(samples.pdf)).toBe(true);
  });

  it('answers a rework with a final file: the order goes back to review and the customer is mailed', async () => {
    const id = await inWork();
    await upload(author.auth, id, 'final');
    const asked = await inject(customer.auth, 'POST', api.orders.reworks(id), {
      comment: 'Добавьте выводы ко второй главе',
      wished_date: dayIn(5),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const reworkId = (asked.json() as { id: number }).id;
    expect(await order(id)).toMatchObject({ status: { id: OrderStatusId.rework }, open_reworks: 1 });
    const queue = StaffOrderListSchema.parse((await inject(author.auth, 'GET', staffApi.orders)).json());
    expect(queue.results.find((o) => o.id === id)?.open_reworks).toBe(1);

    // An intermediate file alone does not answer it.
    const draft = WorkspaceFileListSchema.parse((await upload(author.auth, id, 'intermediate')).json());
    const refused = await inject(author.auth, 'POST', staffApi.reworkAnswer(id, reworkId), {
      text: 'Черновик',
      files: [draft[0]!.id],
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { detail: string }).detail).toBe(staffMessages.answerNeedsFinal);

    // In «Доработка» a final file waits for the answer.
    const fixed = WorkspaceFileListSchema.parse((await upload(author.auth, id, 'final', 'v2.pdf')).json());
    expect((await order(id)).status.id).toBe(OrderStatusId.rework);
    const mails = await mailCount(t.app, customer.email);
    const answered = await inject(author.auth, 'POST', staffApi.reworkAnswer(id, reworkId), {
      text: 'Выводы добавлены',
      files: [fixed[0]!.id],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const detail = ReworkDetailSchema.parse(answered.json());
    expect(detail.state).toBe('answered');
    expect(detail.messages.at(-1)).toMatchObject({ text: 'Выводы добавлены' });
    expect(await order(id)).toMatchObject({ status: { id: OrderStatusId.review }, open_reworks: 0 });
    expect(await mailCount(t.app, customer.email)).toBe(mails + 1);

    const again = await inject(author.auth, 'POST', staffApi.reworkAnswer(id, reworkId), {
      text: 'Ещё раз',
      files: [],
    });
    expect(again.statusCode).toBe(409);
    expect((again.json() as { detail: string }).detail).toBe(staffMessages.reworkAnswered);
  });

  it('lets a manager answer and close a care request; the customer then cannot write into it', async () => {
    const id = await inWork();
    const opened = await inject(customer.auth, 'POST', api.orders.care(id), {
      kind: 'complaint',
      text: 'Автор не выходит на связь',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const careId = (opened.json() as { id: number }).id;
    const waiting = StaffCareListSchema.parse(
      (await inject(manager.auth, 'GET', `${staffApi.careQueue}?state=open`)).json(),
    );
    expect(waiting.results.find((c) => c.id === careId)).toMatchObject({
      order_id: id,
      kind: 'complaint',
      customer_name: 'Анна Демидова',
    });
    expect((await order(id)).open_care).toBe(1);

    const mails = await mailCount(t.app, customer.email);
    const answer = await inject(manager.auth, 'POST', staffApi.careMessages(id, careId), {
      text: 'Мы связались с автором, работа будет в срок',
      close: true,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(CareDetailSchema.parse(answer.json()).state).toBe('closed');
    expect(await mailCount(t.app, customer.email)).toBe(mails + 1);
    const late = await inject(customer.auth, 'POST', api.orders.careMessages(id, careId), {
      text: 'Спасибо',
    });
    expect(late.statusCode).toBe(409);
    expect((late.json() as { detail: string }).detail).toBe(workspaceMessages.careClosed);
  });
});

describe('the staff queue', () => {
  let t: TestApp;
  let manager: TestStaff;
  let author: TestStaff;
  let customer: Auth;
  let workType: WorkType;

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer');
    customer = bearer((await registerCustomer(t.app, { fio: 'Борис Петров' })).access);
    workType = (await workTypes(t.app, customer))[0]!;
  });
  afterAll(() => t.close());

  const queue = async (auth: Auth, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${staffApi.orders}${query}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return StaffOrderListSchema.parse(res.json());
  };

  it("gives staff the work types of the queue's filter, the same list customers get", async () => {
    for (const who of [manager, author]) {
      const res = await t.app.inject({ method: 'GET', url: staffApi.workTypes, headers: who.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(await workTypes(t.app, customer));
    }
    const refused = await t.app.inject({ method: 'GET', url: staffApi.workTypes, headers: customer });
    expect(refused.statusCode).toBe(403);
  });

  it('filters by status, deadline, assignment, work type, number and topic words; pages; never shows drafts', async () => {
    const place = (topic: string, days: number) =>
      placeOrder(t.app, customer, orderBody(workType, { topic, deadline: dayIn(days) })).then((o) => o.id);
    const soon = await place('Налоговое планирование в России', 10);
    const later = await place('История денежного обращения', 30);
    const latest = await place('Маркетинг малого бизнеса', 20);
    await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: customer,
      payload: { is_fake: true },
    });
    await t.app.inject({
      method: 'PATCH',
      url: staffApi.order(later),
      headers: manager.auth,
      payload: { price: 100_000 },
    });
    await payInDb(t.app, latest);
    await t.app.inject({
      method: 'POST',
      url: staffApi.assign(latest),
      headers: manager.auth,
      payload: { performer_id: author.id },
    });

    const all = await queue(manager.auth);
    expect(all.results.map((o) => o.id)).toEqual([latest, later, soon]);
    expect(all.count).toBe(3);
    expect(all.results[0]).toMatchObject({ customer_name: 'Борис Петров', performer: { id: author.id } });
    // The queue's «Заказчик» and «Создан» columns: each order's customer and when it was placed.
    for (const o of all.results) {
      expect(o.customer_name).toBe('Борис Петров');
      expect(Date.now() - Date.parse(o.created_at)).toBeGreaterThanOrEqual(0);
      expect(Date.now() - Date.parse(o.created_at)).toBeLessThan(10 * 60_000);
    }
    expect((await queue(manager.auth, '?sort=deadline')).results.map((o) => o.id)).toEqual([
      soon,
      latest,
      later,
    ]);
    expect((await queue(manager.auth, '?status=2')).results.map((o) => o.id)).toEqual([later]);
    expect((await queue(manager.auth, '?assigned=no')).results.map((o) => o.id)).toEqual([later, soon]);
    expect((await queue(manager.auth, '?assigned=yes')).results.map((o) => o.id)).toEqual([latest]);
    expect(
      (await queue(manager.auth, `?deadline_from=${dayIn(15)}&deadline_to=${dayIn(25)}`)).results.map(
        (o) => o.id,
      ),
    ).toEqual([latest]);
    expect((await queue(manager.auth, `?work_type=${workType.id}`)).count).toBe(3);
    expect((await queue(manager.auth, `?work_type=${workType.id + 999}`)).count).toBe(0);
    expect((await queue(manager.auth, `?q=${later}`)).results.map((o) => o.id)).toEqual([later]);
    expect(
      (await queue(manager.auth, `?q=${encodeURIComponent(`№${soon}`)}`)).results.map((o) => o.id),
    ).toEqual([soon]);
    // Case does not matter, Cyrillic included (on SQLite: as typed, lower case or capitalised).
    for (const words of ['налоговое', 'Налоговое планирование', 'РОССИИ', 'планирование россии']) {
      expect(
        (await queue(manager.auth, `?q=${encodeURIComponent(words)}`)).results.map((o) => o.id),
        words,
      ).toEqual([soon]);
    }
    expect((await queue(manager.auth, '?q=100%25')).count).toBe(0);

    const paged = await queue(manager.auth, '?page_size=2');
    expect(paged.results.map((o) => o.id)).toEqual([latest, later]);
    expect(paged.previous).toBeNull();
    expect(paged.next).toBe(`http://localhost:3000${staffApi.orders}?page=2&page_size=2`);
    const second = await queue(manager.auth, '?page_size=2&page=2');
    expect(second.results.map((o) => o.id)).toEqual([soon]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`http://localhost:3000${staffApi.orders}?page_size=2`);

    // An author: their orders, by deadline, the customer's first name.
    const mine = await queue(author.auth);
    expect(mine.results.map((o) => [o.id, o.customer_name])).toEqual([[latest, 'Борис']]);
  });

  it('refuses a broken filter with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${staffApi.orders}?assigned=maybe`,
      headers: manager.auth,
    });
    expect(res.statusCode).toBe(400);
  });
});
