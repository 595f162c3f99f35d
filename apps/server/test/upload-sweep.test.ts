import { OrderFileListSchema, api, type WorkType } from '@cabinet/contract';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';

type Auth = { authorization: string };
const HOUR = 60 * 60 * 1000;

describe('the sweep of uploads never attached and of abandoned drafts’ files', () => {
  let t: TestApp;
  let dir: string;
  let coursework: WorkType;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cabinet-files-'));
    t = await buildTestApp({ FILES_DIR: dir, UPLOAD_SWEEP_AFTER_HOURS: '24' });
    coursework = (await workTypes(t.app, bearer((await registerCustomer(t.app)).access)))[0]!;
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const customer = async () => bearer((await registerCustomer(t.app)).access);
  const storedNames = () =>
    new Set(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name),
    );
  async function upload(auth: Auth, url: string = api.orders.ajaxFiles): Promise<number> {
    const body = multipart([{ name: 'a.pdf', content: samples.pdf }]);
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return OrderFileListSchema.parse(res.json())[0]!.id;
  }
  async function newDraft(auth: Auth): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { is_fake: true },
    });
    return (res.json() as { id: number }).id;
  }
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
  const age = (fileId: number, hours: number) =>
    db()
      .updateTable('order_files')
      .set({ created_at: ago(hours) })
      .where('id', '=', fileId)
      .execute();
  const leaveDraft = (draftId: number, hours: number) =>
    db()
      .updateTable('orders')
      .set({ updated_at: ago(hours) })
      .where('id', '=', draftId)
      .execute();
  const storedName = async (fileId: number) =>
    (
      await db()
        .selectFrom('order_files')
        .select('stored_name')
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow()
    ).stored_name;
  const exists = async (fileId: number) =>
    (await db().selectFrom('order_files').select('id').where('id', '=', fileId).executeTakeFirst()) !==
    undefined;

  it('removes the records and bytes of old uploads and abandoned drafts’ files, and keeps the rest', async () => {
    const auth = await customer();
    const oldPending = await upload(auth);
    const freshPending = await upload(auth);
    const attached = await upload(auth);
    await placeOrder(t.app, auth, orderBody(coursework, { files: [attached] }));
    const abandoned = await newDraft(auth);
    const abandonedFile = await upload(auth, api.orders.fakeFiles(abandoned));
    const working = await newDraft(auth);
    const workingFile = await upload(auth, api.orders.fakeFiles(working));
    for (const id of [oldPending, attached, abandonedFile, workingFile]) await age(id, 25);
    await age(freshPending, 23);
    await leaveDraft(abandoned, 25);
    const gone = [await storedName(oldPending), await storedName(abandonedFile)];
    const kept = [freshPending, attached, workingFile];
    const keptNames = await Promise.all(kept.map(storedName));

    expect(await t.app.ordersService.sweepUploads()).toBe(2);
    expect(await exists(oldPending)).toBe(false);
    expect(await exists(abandonedFile)).toBe(false);
    for (const id of kept) expect(await exists(id), `file ${id}`).toBe(true);
    const names = storedNames();
    for (const name of gone) expect(names.has(name)).toBe(false);
    for (const name of keptNames) expect(names.has(name)).toBe(true);
    // The abandoned draft itself stays, without its files.
    const draft = await t.app.inject({ method: 'GET', url: api.orders.fake(abandoned), headers: auth });
    expect(draft.json()).toMatchObject({ id: abandoned, files: [] });
  });

  it('runs on several instances at once: each file is removed once, no sweep fails', async () => {
    const auth = await customer();
    const ids = [];
    for (let i = 0; i < 6; i += 1) ids.push(await upload(auth));
    for (const id of ids) await age(id, 30);
    const names = await Promise.all(ids.map(storedName));
    // Instances share PostgreSQL. SQLite runs one instance: two of its connections in one thread
    // would block each other (better-sqlite3 waits for a lock synchronously), so there the
    // sweeps run at once on the one app.
    const other = t.config.DATABASE_URL
      ? await buildTestApp({
          FILES_DIR: dir,
          JWT_SECRET: t.config.JWT_SECRET,
          DATABASE_URL: t.config.DATABASE_URL,
        })
      : t;
    try {
      const counts = await Promise.all([
        t.app.ordersService.sweepUploads(),
        other.app.ordersService.sweepUploads(),
        t.app.ordersService.sweepUploads(),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    } finally {
      if (other !== t) await other.close();
    }
    for (const id of ids) expect(await exists(id)).toBe(false);
    const left = storedNames();
    for (const name of names) expect(left.has(name)).toBe(false);
  });
});

describe('the sweep on its timer', () => {
  it('runs by itself, and the app closes while it is set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cabinet-files-'));
    // 0.36 s: swept every 90 ms.
    const t = await buildTestApp({ FILES_DIR: dir, UPLOAD_SWEEP_AFTER_HOURS: String(0.0001) });
    try {
      const auth = bearer((await registerCustomer(t.app)).access);
      const body = multipart([{ name: 'a.pdf', content: samples.pdf }]);
      const res = await t.app.inject({
        method: 'POST',
        url: api.orders.ajaxFiles,
        payload: body.payload,
        headers: { ...auth, ...body.headers },
      });
      const [file] = OrderFileListSchema.parse(res.json());
      await expect
        .poll(
          async () =>
            (await t.app.database.db
              .selectFrom('order_files')
              .select('id')
              .where('id', '=', file!.id)
              .executeTakeFirst()) ?? null,
          { timeout: 5000, interval: 100 },
        )
        .toBeNull();
    } finally {
      await t.close();
    }
  });
});
