import { OrderStatusId, api, workspaceMessages, type WorkType } from '@cabinet/contract';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import type { Actor } from '../src/modules/orders/lifecycle';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, workTypes, type UploadFile } from './orders-fixtures';
import { unzip } from './support/unzip';
import { payInDb, staffActor, staffMove, staffUploader } from './workspace-fixtures';

type Auth = { authorization: string };

describe('the workspace files: zip, preview', () => {
  let t: TestApp;
  let filesDir: string;
  let uploader: Awaited<ReturnType<typeof staffUploader>>;
  let alice: Auth;
  let coursework: WorkType;
  let author: Actor;

  const upload = async (orderId: number, files: UploadFile[]) => {
    const body = multipart(files);
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.files(orderId),
      payload: body.payload,
      headers: { ...alice, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Array<{ id: number; name: string }>;
  };
  const zipOf = (orderId: number, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: api.orders.downloadZip(orderId), headers: alice, payload });

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'cabinet-files-'));
    t = await buildTestApp({ FILES_DIR: filesDir });
    uploader = await staffUploader(t.app);
    alice = bearer((await registerCustomer(t.app)).access);
    coursework = (await workTypes(t.app, alice))[0]!;
    author = await staffActor(t.app, 'performer', 'Иван К.');
  });
  afterAll(async () => {
    await uploader.close();
    await t.close();
  });

  it('zips every file under its own name in a folder per group, bytes as uploaded, duplicates numbered', async () => {
    const id = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    const docx = samples.docx;
    await upload(id, [
      { name: 'Методичка.pdf', content: samples.pdf },
      { name: 'методичка.PDF', content: Buffer.concat([samples.pdf, Buffer.from('2')]) },
      { name: 'Задание.txt', content: samples.txtUtf8 },
    ]);
    await payInDb(t.app, id);
    await staffMove(t.app, id, OrderStatusId.inProgress, { performer_id: author.staffId! });
    await upload(id, [{ name: 'Методичка.pdf', content: samples.png }]);
    await uploader.uploadOk(author, id, 'intermediate', [{ name: 'План.docx', content: docx }]);
    await uploader.uploadOk(author, id, 'final', [
      { name: 'Курсовая.pdf', content: samples.pdf },
      { name: 'Курсовая.pdf', content: samples.png },
    ]);

    const res = await zipOf(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="order-${id}.zip"; filename*=UTF-8''order-${id}.zip`,
    );
    expect(res.headers['content-length']).toBeUndefined();
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual([
      'Мои файлы/Методичка.pdf',
      'Мои файлы/методичка (2).PDF',
      'Мои файлы/Задание.txt',
      'Без проверки/Методичка.pdf',
      'Промежуточные/План.docx',
      'Готовая работа/Курсовая.pdf',
      'Готовая работа/Курсовая (2).pdf',
    ]);
    expect(entries.get('Мои файлы/Методичка.pdf')).toEqual(samples.pdf);
    expect(entries.get('Мои файлы/методичка (2).PDF')).toEqual(
      Buffer.concat([samples.pdf, Buffer.from('2')]),
    );
    expect(entries.get('Мои файлы/Задание.txt')).toEqual(samples.txtUtf8);
    expect(entries.get('Без проверки/Методичка.pdf')).toEqual(samples.png);
    expect(entries.get('Промежуточные/План.docx')).toEqual(docx);
    expect(entries.get('Готовая работа/Курсовая (2).pdf')).toEqual(samples.png);

    // Only the chosen files; another order's file is not found; none at all is a 409.
    const files = (
      await t.app.inject({ method: 'GET', url: api.orders.files(id), headers: alice })
    ).json() as Array<{
      id: number;
      group: string;
    }>;
    const finals = files.filter((f) => f.group === 'final').map((f) => f.id);
    const chosen = await zipOf(id, { file_ids: finals });
    expect([...(await unzip(chosen.rawPayload)).keys()]).toEqual([
      'Готовая работа/Курсовая.pdf',
      'Готовая работа/Курсовая (2).pdf',
    ]);
    const empty = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    const none = await zipOf(empty);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ detail: workspaceMessages.zipEmpty });
    expect((await zipOf(empty, { file_ids: finals })).statusCode).toBe(404);
  });

  it('previews images and PDFs inline in a sandbox, as their sniffed type, and nothing else', async () => {
    const id = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    const [pdf, png, txt, docx] = await upload(id, [
      { name: 'Отчёт.pdf', content: samples.pdf, type: 'text/html' },
      { name: 'Скан.png', content: samples.png },
      { name: 'Заметки.txt', content: samples.txtUtf8 },
      { name: 'Текст.docx', content: samples.docx },
    ]);
    const preview = (fileId: number) =>
      t.app.inject({ method: 'GET', url: api.orders.filePreview(id, fileId), headers: alice });

    const shown = await preview(pdf!.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-security-policy']).toBe('sandbox');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(String(shown.headers['content-disposition'])).toMatch(/^inline;/);
    // The file's own name, not its stored one: what a viewer saves it as.
    expect(String(shown.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('Отчёт.pdf')}`,
    );
    const saved = await t.app.inject({
      method: 'GET',
      url: api.orders.fileDownload(id, pdf!.id),
      headers: alice,
    });
    expect(String(saved.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(String(saved.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('Отчёт.pdf')}`,
    );
    expect(shown.rawPayload).toEqual(samples.pdf);
    const image = await preview(png!.id);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.headers['content-security-policy']).toBe('sandbox');

    for (const file of [txt!, docx!]) {
      const refused = await preview(file.id);
      expect(refused.statusCode, file.name).toBe(415);
      expect(refused.json()).toMatchObject({ detail: workspaceMessages.previewNotAvailable });
    }
    const list = (
      await t.app.inject({ method: 'GET', url: api.orders.files(id), headers: alice })
    ).json() as Array<{
      name: string;
      preview_url: string | null;
    }>;
    expect(list.map((f) => [f.name, f.preview_url !== null])).toEqual([
      ['Отчёт.pdf', true],
      ['Скан.png', true],
      ['Заметки.txt', false],
      ['Текст.docx', false],
    ]);
    // The author's files download through the same route.
    await payInDb(t.app, id);
    await staffMove(t.app, id, OrderStatusId.inProgress, { performer_id: author.staffId! });
    const [final] = await uploader.uploadOk(author, id, 'final', [
      { name: 'Итог.pdf', content: samples.pdf },
    ]);
    const download = await t.app.inject({
      method: 'GET',
      url: api.orders.fileDownload(id, final!.id),
      headers: alice,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(samples.pdf);
  });

  it('reads one file at a time with backpressure, and a client going away closes the file and the archive', async () => {
    const id = (await placeOrder(t.app, alice, orderBody(coursework))).id;
    const owner = await t.app.database.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Four 8 MB files written straight to storage: far more than the socket buffers hold.
    for (let i = 0; i < 4; i += 1) {
      const content = randomBytes(8 * 1024 * 1024);
      const { storedName, size } = await t.app.storage.save(Readable.from([content]));
      await t.app.database.db
        .insertInto('order_files')
        .values({
          order_id: id,
          user_id: owner.user_id,
          kind: 'customer',
          original_name: `Том ${i}.pdf`,
          stored_name: storedName,
          size,
          mime: 'application/pdf',
          created_at: nowIso(),
        })
        .execute();
    }
    const openStored = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(filesDir);
        } catch {
          return false;
        }
      }).length;

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const received = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: api.orders.downloadZip(id),
          headers: { ...alice, 'content-type': 'application/json' },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          let bytes = 0;
          res.once('data', (chunk: Buffer) => {
            bytes += chunk.length;
            // Stop reading: the server must wait, holding at most the one file it is on.
            res.pause();
            setTimeout(() => {
              try {
                expect(openStored()).toBeLessThanOrEqual(1);
                req.destroy();
                resolve(bytes);
              } catch (err) {
                reject(err);
              }
            }, 300);
          });
        },
      );
      req.on('error', () => undefined);
      req.end('{}');
    });
    expect(received).toBeGreaterThan(0);
    // The server notices the close, aborts the archive and closes the storage stream.
    for (let i = 0; i < 50 && openStored() > 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(openStored()).toBe(0);
  });
});

describe('uploads to orders per client address', () => {
  it('refuses files beyond UPLOADS_PER_IP in the window with a Russian 429, storing nothing of them', async () => {
    const limited = await buildTestApp({
      FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')),
      UPLOADS_PER_IP: '2',
    });
    try {
      const auth = bearer((await registerCustomer(limited.app)).access);
      const type = (await workTypes(limited.app, auth))[0]!;
      const id = (await placeOrder(limited.app, auth, orderBody(type))).id;
      const send = (name: string) => {
        const body = multipart([{ name, content: samples.pdf }]);
        return limited.app.inject({
          method: 'POST',
          url: api.orders.files(id),
          payload: body.payload,
          headers: { ...auth, ...body.headers },
        });
      };
      expect((await send('Первый.pdf')).statusCode).toBe(201);
      expect((await send('Второй.pdf')).statusCode).toBe(201);
      const third = await send('Третий.pdf');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect((third.json() as { detail: string }).detail).toMatch(/[а-яё]/i);
      const list = await limited.app.inject({ method: 'GET', url: api.orders.files(id), headers: auth });
      expect((list.json() as Array<{ name: string }>).map((f) => f.name).sort()).toEqual([
        'Второй.pdf',
        'Первый.pdf',
      ]);
    } finally {
      await limited.close();
    }
  });
});
