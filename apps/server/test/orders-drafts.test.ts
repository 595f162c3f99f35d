import {
  DraftListSchema,
  DraftSchema,
  OrderCreatedSchema,
  api,
  orderMessages,
  type WorkType,
} from '@cabinet/contract';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { dayIn, multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';

describe('order drafts ("fake" orders) and continuing them', () => {
  let t: TestApp;
  let coursework: WorkType;
  const filesDir = mkdtempSync(join(tmpdir(), 'cabinet-files-'));
  const isStored = (name: string) => existsSync(join(filesDir, name.slice(0, 2), name));
  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: filesDir });
    coursework = (await workTypes(t.app, bearer((await registerCustomer(t.app)).access)))[0]!;
  });
  afterAll(() => t.close());

  const customer = async () => bearer((await registerCustomer(t.app)).access);
  const startDraft = async (auth: { authorization: string }, payload: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { is_fake: true, ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return DraftSchema.parse(res.json());
  };

  it('says 404 when there is nothing to continue', async () => {
    const auth = await customer();
    const res = await t.app.inject({ method: 'GET', url: api.orders.continue, headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: orderMessages.draftNotFound });
  });

  it('saves a half-filled form as the customer types and gives it back on continue', async () => {
    const auth = await customer();
    const draft = await startDraft(auth, { topic: 'Анализ' });
    expect(draft.details).toMatchObject({ topic: 'Анализ', work_type: null, deadline: null, pages: null });

    const patch = await t.app.inject({
      method: 'PATCH',
      url: api.orders.fake(draft.id),
      headers: auth,
      // A draft takes unfinished input: a past date and a link that the order would refuse.
      payload: {
        work_type_id: coursework.id,
        topic: 'Анализ рынка',
        deadline: dayIn(-3),
        links: ['http://localhost/x'],
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(DraftSchema.parse(patch.json()).details).toMatchObject({
      work_type: { id: coursework.id, title: coursework.title },
      topic: 'Анализ рынка',
      deadline: dayIn(-3),
      links: ['http://localhost/x'],
    });

    const latest = await t.app.inject({ method: 'GET', url: api.orders.continue, headers: auth });
    expect(latest.json()).toMatchObject({ id: draft.id, details: { topic: 'Анализ рынка' } });
    const byId = await t.app.inject({
      method: 'GET',
      url: `${api.orders.continue}?id=${draft.id}`,
      headers: auth,
    });
    expect(byId.json()).toMatchObject({ id: draft.id });
    const get = await t.app.inject({ method: 'GET', url: api.orders.fake(draft.id), headers: auth });
    expect(get.json()).toMatchObject({ id: draft.id, is_fake: true });

    const bad = await t.app.inject({
      method: 'PATCH',
      url: api.orders.fake(draft.id),
      headers: auth,
      payload: { subject_id: 987_654 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { subject_id: [orderMessages.unknownSubject] } });
  });

  it('continues the draft touched last', async () => {
    const auth = await customer();
    const older = await startDraft(auth, { topic: 'Первый' });
    const newer = await startDraft(auth, { topic: 'Второй' });
    let res = await t.app.inject({ method: 'GET', url: api.orders.continue, headers: auth });
    expect(res.json()).toMatchObject({ id: newer.id });
    await new Promise((r) => setTimeout(r, 5));
    await t.app.inject({
      method: 'PATCH',
      url: api.orders.fake(older.id),
      headers: auth,
      payload: { pages: 12 },
    });
    res = await t.app.inject({ method: 'GET', url: api.orders.continue, headers: auth });
    expect(res.json()).toMatchObject({ id: older.id, details: { pages: 12 } });
  });

  it('keeps drafts out of the orders list and turns a draft into the order with its files', async () => {
    const auth = await customer();
    const draft = await startDraft(auth, { topic: 'Черновик с файлами' });
    const upload = await t.app.inject({
      method: 'POST',
      url: api.orders.fakeFiles(draft.id),
      ...withAuth(auth, multipart([{ name: 'задание.pdf', content: samples.pdf }])),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const [file] = upload.json() as Array<{ id: number; name: string }>;
    expect(file!.name).toBe('задание.pdf');

    const list = await t.app.inject({ method: 'GET', url: api.orders.root, headers: auth });
    expect(list.json()).toMatchObject({ count: 0, counters: { active: 0, archive: 0, done: 0 } });

    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: orderBody(coursework, { fake_id: draft.id, topic: 'Черновик с файлами' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderCreatedSchema.parse(res.json());
    expect(order.id).toBe(draft.id);
    expect(order.files.map((f) => f.id)).toEqual([file!.id]);
    expect(order.is_first_order).toBe(true);

    expect(
      (await t.app.inject({ method: 'GET', url: api.orders.fake(draft.id), headers: auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: api.orders.continue, headers: auth })).statusCode).toBe(
      404,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: orderBody(coursework, { fake_id: draft.id }),
    });
    expect(again.statusCode).toBe(404);
  });

  it('lists the drafts touched last first, and an empty list (not a 404) when there is none', async () => {
    const auth = await customer();
    const none = await t.app.inject({ method: 'GET', url: api.orders.drafts, headers: auth });
    expect(none.statusCode, none.body).toBe(200);
    expect(DraftListSchema.parse(none.json())).toEqual({ results: [], count: 0 });

    const older = await startDraft(auth, { topic: 'Первый', work_type_id: coursework.id });
    await t.app.inject({
      method: 'POST',
      url: api.orders.fakeFiles(older.id),
      ...withAuth(auth, multipart([{ name: 'план.pdf', content: samples.pdf }])),
    });
    await new Promise((r) => setTimeout(r, 5));
    const newer = await startDraft(auth, { topic: 'Второй' });
    // An order placed from a third draft is no draft any more.
    const placed = await startDraft(auth);
    await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: orderBody(coursework, { fake_id: placed.id }),
    });
    // Someone else's draft is not listed.
    await startDraft(await customer(), { topic: 'Чужой' });

    let list = DraftListSchema.parse(
      (await t.app.inject({ method: 'GET', url: api.orders.drafts, headers: auth })).json(),
    );
    expect(list.count).toBe(2);
    expect(list.results.map((d) => d.id)).toEqual([newer.id, older.id]);
    expect(list.results[1]).toMatchObject({
      details: { topic: 'Первый', work_type: { id: coursework.id } },
      files: [{ name: 'план.pdf' }],
    });

    await new Promise((r) => setTimeout(r, 5));
    await t.app.inject({
      method: 'PATCH',
      url: api.orders.fake(older.id),
      headers: auth,
      payload: { pages: 3 },
    });
    list = DraftListSchema.parse(
      (await t.app.inject({ method: 'GET', url: api.orders.drafts, headers: auth })).json(),
    );
    expect(list.results.map((d) => d.id)).toEqual([older.id, newer.id]);
  });

  it('deletes a draft with its files for good; an order or a deleted draft is 404', async () => {
    const auth = await customer();
    const draft = await startDraft(auth, { topic: 'Удалить' });
    const upload = await t.app.inject({
      method: 'POST',
      url: api.orders.fakeFiles(draft.id),
      ...withAuth(auth, multipart([{ name: 'черновик.pdf', content: samples.pdf }])),
    });
    const [file] = upload.json() as Array<{ id: number }>;
    const stored = await t.app.database.db
      .selectFrom('order_files')
      .select('stored_name')
      .where('id', '=', file!.id)
      .executeTakeFirstOrThrow();
    expect(isStored(stored.stored_name)).toBe(true);

    const res = await t.app.inject({ method: 'DELETE', url: api.orders.fake(draft.id), headers: auth });
    expect(res.statusCode, res.body).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: api.orders.fake(draft.id), headers: auth })).statusCode,
    ).toBe(404);
    expect(
      await t.app.database.db.selectFrom('order_files').select('id').where('id', '=', file!.id).execute(),
    ).toEqual([]);
    expect(isStored(stored.stored_name)).toBe(false);
    const list = await t.app.inject({ method: 'GET', url: api.orders.drafts, headers: auth });
    expect(list.json()).toEqual({ results: [], count: 0 });

    const again = await t.app.inject({ method: 'DELETE', url: api.orders.fake(draft.id), headers: auth });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: orderMessages.draftNotFound });
    const order = await placeOrder(t.app, auth, orderBody(coursework));
    const notDraft = await t.app.inject({ method: 'DELETE', url: api.orders.fake(order.id), headers: auth });
    expect(notDraft.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: api.orders.byId(order.id), headers: auth })).statusCode,
    ).toBe(200);
  });

  it('attaches uploads made before the draft existed, and deletes a draft file', async () => {
    const auth = await customer();
    const pending = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      ...withAuth(
        auth,
        multipart([
          { name: 'a.png', content: samples.png },
          { name: 'b.txt', content: samples.txtUtf8 },
        ]),
      ),
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const ids = (pending.json() as Array<{ id: number }>).map((f) => f.id);
    const draft = await startDraft(auth, { files: ids });
    expect(draft.files.map((f) => f.id)).toEqual(ids);

    const del = await t.app.inject({
      method: 'DELETE',
      url: api.orders.deleteFakeFile(draft.id, ids[0]!),
      headers: auth,
    });
    expect(del.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: api.orders.fake(draft.id), headers: auth });
    expect(DraftSchema.parse(after.json()).files.map((f) => f.id)).toEqual([ids[1]]);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: api.orders.deleteFakeFile(draft.id, ids[0]!),
      headers: auth,
    });
    expect(twice.statusCode).toBe(404);
  });
});

function withAuth(
  auth: { authorization: string },
  body: { payload: Buffer; headers: Record<string, string> },
) {
  return { payload: body.payload, headers: { ...auth, ...body.headers } };
}
