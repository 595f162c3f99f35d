import {
  OrderSchema,
  OrderStatusId,
  StaffOrderSchema,
  TimelineSchema,
  WorkspaceFileListSchema,
  api,
  originalityMessages,
  staffApi,
  staffMessages,
  workspaceMessages,
  type WorkType,
} from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket, listenForSockets } from './chat-socket-client';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, workTypes, type UploadFile } from './orders-fixtures';
import { createStaff, payInDb, type TestStaff } from './staff-fixtures';

type Auth = { authorization: string };
const REQUIRED = 75;

/**
 * The originality report (contract orders/originality): the order's author or a manager attaches
 * the checking system's PDF with the percentage it measured; the customer's order carries the
 * latest one against the requirement, and below it a rework is allowed whatever the guarantee.
 * SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
describe('the originality report', () => {
  let t: TestApp;
  let manager: TestStaff;
  let author: TestStaff;
  let otherAuthor: TestStaff;
  let customer: Auth;
  let customerToken: string;
  let workType: WorkType;
  let system: { id: number; title: string };

  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer', { name: 'Иван К.' });
    otherAuthor = await createStaff(t.app, 'performer', { name: 'Пётр С.' });
    const c = await registerCustomer(t.app, { fio: 'Анна Демидова' });
    customer = bearer(c.access);
    customerToken = c.access;
    workType = (await workTypes(t.app, customer))[0]!;
    system = await t.app.database.db
      .selectFrom('verification_systems')
      .select(['id', 'title'])
      .orderBy('sort')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t.close());

  const inject = (who: Auth, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
  const upload = (who: Auth, orderId: number, query: string, files?: UploadFile[]) => {
    const body = multipart(files ?? [{ name: 'Отчёт.pdf', content: samples.pdf }]);
    return t.app.inject({
      method: 'POST',
      url: `${staffApi.files(orderId)}?${query}`,
      headers: { ...who, ...body.headers },
      payload: body.payload,
    });
  };
  const customerOrder = async (id: number) => {
    const res = await inject(customer, 'GET', api.orders.byId(id));
    expect(res.statusCode, res.body).toBe(200);
    return OrderSchema.parse(res.json());
  };
  /** An order requiring 75 % by the first checking system, paid and in the author's work. */
  const inWork = async (withSystem = true) => {
    const id = (
      await placeOrder(
        t.app,
        customer,
        orderBody(workType, {
          originality: REQUIRED,
          ...(withSystem ? { verification_system_id: system.id } : {}),
        }),
      )
    ).id;
    await inject(manager.auth, 'PATCH', staffApi.order(id), { price: 300_000 });
    await payInDb(t.app, id);
    await inject(manager.auth, 'POST', staffApi.assign(id), { performer_id: author.id });
    await inject(author.auth, 'POST', staffApi.status(id), { status_id: OrderStatusId.inProgress });
    return id;
  };
  /** Delivered, accepted by the customer, and the guarantee run out. */
  const pastGuarantee = async (id: number) => {
    expect(
      (await upload(author.auth, id, 'kind=final', [{ name: 'Работа.pdf', content: samples.pdf }]))
        .statusCode,
    ).toBe(201);
    expect((await inject(customer, 'POST', api.orders.accept(id), {})).statusCode).toBe(200);
    await t.app.database.db
      .updateTable('orders')
      .set({ guarantee_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
  };

  it('an author attaches a report with its percentage: the customer’s order shows it, live', async () => {
    const id = await inWork();
    expect((await customerOrder(id)).originality_report).toBeNull();
    const socket = await TestSocket.ready(await listenForSockets(t.app), customerToken);
    try {
      const seen = socket.frames.length;
      const res = await upload(author.auth, id, 'kind=report&percent=84');
      expect(res.statusCode, res.body).toBe(201);
      const [file] = WorkspaceFileListSchema.parse(res.json());
      expect(file).toMatchObject({ name: 'Отчёт.pdf', group: 'report', mime: 'application/pdf' });
      // Reaches the customer's tab like any file: a `files` change of the order.
      const frame = await socket.waitFor(
        'order',
        (f) =>
          socket.frames.indexOf(f) >= seen && f.payload.order_id === id && f.payload.kinds.includes('files'),
      );
      expect(frame.payload.kinds).toEqual(['files', 'timeline']);

      const order = await customerOrder(id);
      expect(order.originality_report).toEqual({
        percent: 84,
        required: REQUIRED,
        system: { id: system.id, name: system.title },
        file_id: file!.id,
        uploaded_at: file!.created_at,
        below_required: false,
      });
      // No status moved; the report is among the customer's files, one click from a preview.
      expect(order.status.id).toBe(OrderStatusId.inProgress);
      const files = WorkspaceFileListSchema.parse(
        (await inject(customer, 'GET', api.orders.files(id))).json(),
      );
      const listed = files.find((f) => f.id === file!.id);
      expect(listed).toMatchObject({ group: 'report', preview_url: api.orders.filePreview(id, file!.id) });
      const preview = await inject(customer, 'GET', api.orders.filePreview(id, file!.id));
      expect(preview.statusCode).toBe(200);
      expect(preview.rawPayload.equals(samples.pdf)).toBe(true);
      const timeline = TimelineSchema.parse((await inject(customer, 'GET', api.orders.timeline(id))).json());
      expect(timeline.results.map((e) => e.text)).toContain('Отчёт об оригинальности: 84 %');
      // The staff's order carries it too.
      const staffOrder = StaffOrderSchema.parse(
        (await inject(author.auth, 'GET', staffApi.order(id))).json(),
      );
      expect(staffOrder.originality_report).toMatchObject({ percent: 84, required: REQUIRED });
    } finally {
      socket.close();
    }
  });

  it('a manager’s later report replaces the author’s: the latest counts, below the requirement marked', async () => {
    const id = await inWork(false);
    expect((await upload(author.auth, id, 'kind=report&percent=90')).statusCode).toBe(201);
    const res = await upload(manager.auth, id, 'kind=report&percent=62');
    expect(res.statusCode, res.body).toBe(201);
    const [file] = WorkspaceFileListSchema.parse(res.json());
    expect(file!.uploaded_by.role).toBe('manager');
    expect((await customerOrder(id)).originality_report).toMatchObject({
      percent: 62,
      required: REQUIRED,
      system: null,
      file_id: file!.id,
      below_required: true,
    });
  });

  it('refuses a report without a percentage, a percentage out of range or on another kind, and a non-PDF', async () => {
    const id = await inWork();
    const missing = await upload(author.auth, id, 'kind=report');
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(originalityMessages.percentRequired);
    expect(JSON.stringify(missing.json())).toContain('percent');

    for (const bad of ['101', '-1', '8.5', 'много']) {
      const res = await upload(author.auth, id, `kind=report&percent=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(res.json())).toContain(originalityMessages.percentInvalid);
    }
    const onFinal = await upload(author.auth, id, 'kind=intermediate&percent=80');
    expect(onFinal.statusCode).toBe(400);
    expect(JSON.stringify(onFinal.json())).toContain(originalityMessages.percentOnlyForReport);

    const png = await upload(author.auth, id, 'kind=report&percent=80', [
      { name: 'Отчёт.png', content: samples.png },
    ]);
    expect(png.statusCode).toBe(400);
    expect(png.json()).toMatchObject({ detail: originalityMessages.reportPdfOnly });
    const two = await upload(author.auth, id, 'kind=report&percent=80', [
      { name: 'a.pdf', content: samples.pdf },
      { name: 'b.pdf', content: samples.pdf },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ detail: originalityMessages.reportOneFile });

    const bad = await upload(author.auth, id, 'kind=draft');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { detail: string }).detail).toBe(staffMessages.fileKindInvalid);
    // Nothing of it was kept.
    expect((await customerOrder(id)).originality_report).toBeNull();
    const files = WorkspaceFileListSchema.parse((await inject(customer, 'GET', api.orders.files(id))).json());
    expect(files.filter((f) => f.group === 'report')).toEqual([]);
  });

  it('a customer cannot attach a report; another author’s order is 404', async () => {
    const id = await inWork();
    const byCustomer = await upload(customer, id, 'kind=report&percent=99');
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toMatchObject({ detail: staffMessages.staffOnly });
    // The customer's own upload route takes no kind: the file is theirs, not a report.
    const own = multipart([{ name: 'Мой отчёт.pdf', content: samples.pdf }]);
    const mine = await t.app.inject({
      method: 'POST',
      url: `${api.orders.files(id)}?kind=report&percent=99`,
      headers: { ...customer, ...own.headers },
      payload: own.payload,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(WorkspaceFileListSchema.parse(mine.json())[0]!.group).not.toBe('report');
    expect((await customerOrder(id)).originality_report).toBeNull();

    const byOther = await upload(otherAuthor.auth, id, 'kind=report&percent=99');
    expect(byOther.statusCode).toBe(404);
    expect((await customerOrder(id)).originality_report).toBeNull();
  });

  it('below the requirement a rework is accepted after the guarantee; at or above it, refused as before', async () => {
    const below = await inWork();
    await pastGuarantee(below);
    expect((await customerOrder(below)).rework).toEqual({
      allowed: false,
      reason: workspaceMessages.reworkNoGuarantee,
    });
    expect((await upload(author.auth, below, 'kind=report&percent=74')).statusCode).toBe(201);
    const order = await customerOrder(below);
    expect(order.originality_report?.below_required).toBe(true);
    expect(order.rework).toEqual({ allowed: true, reason: null });
    const asked = await inject(customer, 'POST', api.orders.reworks(below), {
      comment: 'Оригинальность ниже требуемой: 74 % вместо 75 %',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await customerOrder(below)).status.id).toBe(OrderStatusId.rework);

    // Exactly the requirement is enough: the guarantee rule stands.
    const atRequired = await inWork();
    await pastGuarantee(atRequired);
    expect((await upload(manager.auth, atRequired, 'kind=report&percent=75')).statusCode).toBe(201);
    expect((await customerOrder(atRequired)).originality_report?.below_required).toBe(false);
    const refused = await inject(customer, 'POST', api.orders.reworks(atRequired), { comment: 'Ещё правка' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: workspaceMessages.reworkNoGuarantee });

    // A newer report above the requirement takes the exception back.
    const fixed = await inWork();
    await pastGuarantee(fixed);
    expect((await upload(author.auth, fixed, 'kind=report&percent=50')).statusCode).toBe(201);
    expect((await upload(author.auth, fixed, 'kind=report&percent=88')).statusCode).toBe(201);
    const late = await inject(customer, 'POST', api.orders.reworks(fixed), { comment: 'Поздно' });
    expect(late.statusCode).toBe(409);
  });
});
