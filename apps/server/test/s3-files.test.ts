import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { AvatarSchema, api } from '@cabinet/contract';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { errorMessages } from '../src/plugins/errors';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, workTypes, type UploadFile } from './orders-fixtures';
import { startS3, type TestS3 } from './support/s3';
import { unzip } from './support/unzip';

type Auth = { authorization: string };
const MB = 1024 * 1024;

describe('files on S3-compatible storage, over HTTP (s3rver)', () => {
  let s3: TestS3;
  let t: TestApp;
  let scratch: string;
  let filesDir: string;
  let alice: Auth;
  let orderId: number;

  const objects = async () =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }))).Contents ?? []).map(
      (o) => o.Key ?? '',
    );
  const upload = (id: number, files: UploadFile[]) => {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: api.orders.files(id),
      payload: body.payload,
      headers: { ...alice, ...body.headers },
    });
  };
  const listFiles = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: api.orders.files(id), headers: alice })).json() as Array<{
      id: number;
      name: string;
      size: number;
    }>;

  beforeAll(async () => {
    s3 = await startS3();
    scratch = mkdtempSync(join(tmpdir(), 'cabinet-s3-app-'));
    // Never used while S3 is configured: nothing may appear there.
    filesDir = join(scratch, 'files');
    t = await buildTestApp({ ...s3.env, FILES_DIR: filesDir, UPLOAD_MAX_FILE_MB: '8' });
    alice = bearer((await registerCustomer(t.app)).access);
    const workType = (await workTypes(t.app, alice))[0]!;
    orderId = (await placeOrder(t.app, alice, orderBody(workType))).id;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('answers /readyz 200 while the bucket answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('stores a customer’s order files in the bucket and downloads them as uploaded', async () => {
    // Over a part's size: the app's upload goes as a multipart upload.
    const big = Buffer.concat([samples.pdf, randomBytes(6 * MB)]);
    const res = await upload(orderId, [
      { name: 'Методичка.pdf', content: samples.pdf },
      { name: 'Большая.pdf', content: big },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const files = await listFiles(orderId);
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['Методичка.pdf', samples.pdf.length],
      ['Большая.pdf', big.length],
    ]);
    expect(await objects()).toHaveLength(2);

    for (const [file, bytes] of [
      [files[0]!, samples.pdf],
      [files[1]!, big],
    ] as const) {
      const got = await t.app.inject({
        method: 'GET',
        url: api.orders.fileDownload(orderId, file.id),
        headers: alice,
      });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-length']).toBe(String(bytes.length));
      expect(got.rawPayload.equals(bytes)).toBe(true);
    }
    expect(existsSync(filesDir)).toBe(false);
  });

  it('zips the order’s files from the bucket', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.downloadZip(orderId),
      headers: alice,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['Мои файлы/Методичка.pdf', 'Мои файлы/Большая.pdf']);
    expect(entries.get('Мои файлы/Методичка.pdf')).toEqual(samples.pdf);
    expect(entries.get('Мои файлы/Большая.pdf')?.subarray(0, samples.pdf.length)).toEqual(samples.pdf);
    expect(entries.get('Мои файлы/Большая.pdf')?.length).toBe(samples.pdf.length + 6 * MB);
  });

  it('keeps nothing of a file refused past the limit in the middle of its upload', async () => {
    const before = await objects();
    const res = await upload(orderId, [
      { name: 'Огромная.pdf', content: Buffer.concat([samples.pdf, randomBytes(9 * MB)]) },
    ]);
    expect(res.statusCode, res.body).toBe(413);
    expect(await objects()).toEqual(before);
  });

  it('removes the object with the file', async () => {
    const body = multipart([{ name: 'Лишний.txt', content: samples.txtUtf8 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      payload: body.payload,
      headers: { ...alice, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [added] = res.json() as Array<{ id: number }>;
    const held = await objects();
    const gone = await t.app.inject({
      method: 'DELETE',
      url: api.orders.deleteAjaxFile(added!.id),
      headers: alice,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await objects()).toHaveLength(held.length - 1);
  });

  it('answers a file whose object is gone as the local storage does: 500 as JSON, the zip cut', async () => {
    const order = await t.app.database.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const lost = await t.app.database.db
      .insertInto('order_files')
      .values({
        order_id: orderId,
        user_id: order.user_id,
        kind: 'customer',
        original_name: 'Потерянная.pdf',
        stored_name: 'f'.repeat(32),
        size: samples.pdf.length,
        mime: 'application/pdf',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'GET',
      url: api.orders.fileDownload(orderId, lost.id),
      headers: alice,
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({ detail: errorMessages.internal });

    const zip = t.app.inject({
      method: 'POST',
      url: api.orders.downloadZip(orderId),
      headers: alice,
      payload: { file_ids: [lost.id] },
    });
    await expect(zip).rejects.toThrow('response destroyed before completion');
    await t.app.database.db.deleteFrom('order_files').where('id', '=', lost.id).execute();
  });

  it('stores an avatar in the bucket and shows it', async () => {
    const bob = bearer((await registerCustomer(t.app)).access);
    const before = await objects();
    const image = await sharp({
      create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const body = multipart([{ name: 'фото.jpg', content: image, type: 'image/jpeg' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: api.profile.avatar,
      payload: body.payload,
      headers: { ...bob, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { avatars } = AvatarSchema.parse(res.json());
    expect(await objects()).toHaveLength(before.length + 3);
    const url = (avatars as Record<string, string>)['128']!;
    const shown = await t.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    const meta = await sharp(shown.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 128]);
    expect(existsSync(filesDir)).toBe(false);
  });

  it('answers /readyz 503 naming the storage once the S3 server is stopped', async () => {
    await s3.stop();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', failed: ['storage'] });
    expect(res.json().detail).toMatch(/файловое хранилище/);
  });
});
