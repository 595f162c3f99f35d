import { DraftSchema, OrderCreatedSchema, api, orderMessages, type WorkType } from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { dayIn, multipart, orderBody, samples, workTypes } from './orders-fixtures';

describe('order drafts ("fake" orders) and continuing them', () => {
  let t: TestApp;
  let coursework: WorkType;
  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
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
