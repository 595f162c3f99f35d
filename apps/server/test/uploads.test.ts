import { OrderFileListSchema, api, orderMessages } from '@cabinet/contract';
import { parse as parseDisposition } from 'content-disposition';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, samples, type UploadFile } from './orders-fixtures';

/** Every stored object under the files directory. */
function storedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('uploads of order files', () => {
  let t: TestApp;
  let dir: string;
  // Small limits keep the test fast: 10 KiB a file, 25 KiB an order.
  const FILE_MB = 10 / 1024;
  const ORDER_MB = 25 / 1024;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cabinet-files-'));
    t = await buildTestApp({
      FILES_DIR: dir,
      UPLOAD_MAX_FILE_MB: String(FILE_MB),
      UPLOAD_MAX_ORDER_MB: String(ORDER_MB),
    });
  });
  afterAll(() => t.close());

  const customer = async () => bearer((await registerCustomer(t.app)).access);
  const upload = (
    auth: { authorization: string },
    files: UploadFile[],
    url: string = api.orders.ajaxFiles,
  ) => {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
  };

  it('accepts the allowed formats, telling the type by content', async () => {
    const auth = await customer();
    const cases: Array<[UploadFile, string]> = [
      [{ name: 'работа.pdf', content: samples.pdf }, 'application/pdf'],
      [{ name: 'скан.png', content: samples.png, type: 'application/pdf' }, 'image/png'],
      [
        { name: 'план.docx', content: samples.docx },
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [{ name: 'архив.zip', content: samples.docx }, 'application/zip'],
      [
        { name: 'старый.doc', content: Buffer.from('d0cf11e0a1b11ae1000000000000000000', 'hex') },
        'application/msword',
      ],
      [{ name: 'текст.rtf', content: Buffer.from('{\\rtf1\\ansi Hello}') }, 'application/rtf'],
      [{ name: 'фото.jpg', content: Buffer.from('ffd8ffe000104a464946', 'hex') }, 'image/jpeg'],
      [{ name: 'gif.gif', content: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') }, 'image/gif'],
      [{ name: 'w.webp', content: Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1') }, 'image/webp'],
      [{ name: 'a.rar', content: Buffer.from('526172211a0700cf90', 'hex') }, 'application/vnd.rar'],
      [{ name: 'a.7z', content: Buffer.from('377abcaf271c0004', 'hex') }, 'application/x-7z-compressed'],
      [{ name: 'utf8.txt', content: samples.txtUtf8 }, 'text/plain'],
      [{ name: 'cp1251.txt', content: samples.txtCp1251 }, 'text/plain'],
    ];
    for (const [file, mime] of cases) {
      const res = await upload(auth, [file]);
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(201);
      expect(OrderFileListSchema.parse(res.json())[0]).toMatchObject({
        name: file.name,
        mime,
        size: file.content.length,
      });
    }
  });

  it('refuses other formats with 400 and a Russian message, storing nothing', async () => {
    const auth = await customer();
    const before = storedFiles(dir).length;
    for (const file of [
      { name: 'setup.exe', content: samples.exe },
      { name: 'report.pdf', content: samples.elf },
    ]) {
      const res = await upload(auth, [file]);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json()).toEqual({ detail: orderMessages.fileTypeNotAllowed });
    }
    const empty = await upload(auth, [{ name: 'empty.txt', content: Buffer.alloc(0) }]);
    expect(empty.json()).toEqual({ detail: orderMessages.emptyFile });
    // One bad file refuses the whole request: the good one before it is not kept either.
    const mixed = await upload(auth, [
      { name: 'ok.pdf', content: samples.pdf },
      { name: 'bad.bin', content: samples.elf },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(storedFiles(dir).length).toBe(before);
    const json = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      headers: auth,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ detail: orderMessages.noFile });
  });

  it('refuses HTML, SVG, XML and JavaScript whatever the name and declared type', async () => {
    const auth = await customer();
    const before = storedFiles(dir).length;
    for (const file of [
      { name: 'page.txt', content: samples.html, type: 'text/plain' },
      { name: 'рисунок.txt', content: samples.svg, type: 'text/plain' },
      { name: 'data.txt', content: samples.xml },
      { name: 'notes.txt', content: samples.js, type: 'text/plain' },
      { name: 'page.html', content: samples.txtUtf8, type: 'text/plain' },
      { name: 'image.svg', content: samples.html, type: 'image/svg+xml' },
    ]) {
      const res = await upload(auth, [file]);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json()).toEqual({ detail: orderMessages.markupNotAllowed });
    }
    expect(storedFiles(dir).length).toBe(before);
  });

  it('serves a file of an order as an attachment of its stored type, never to be sniffed', async () => {
    const auth = await customer();
    const draft = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { is_fake: true },
    });
    const draftId = (draft.json() as { id: number }).id;
    const files = [
      { name: 'Методичка «ГОСТ».txt', content: samples.txtUtf8, type: 'text/html' },
      { name: 'scan.png', content: samples.png, type: 'text/html' },
    ];
    const stored = OrderFileListSchema.parse(
      (await upload(auth, files, api.orders.fakeFiles(draftId))).json(),
    );
    const [text, png] = stored;
    const res = await t.app.inject({
      method: 'GET',
      url: api.orders.fileDownload(draftId, text!.id),
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Методичка')}`);
    expect(parseDisposition(disposition)).toMatchObject({
      type: 'attachment',
      parameters: { filename: 'Методичка «ГОСТ».txt' },
    });
    expect(res.rawPayload).toEqual(samples.txtUtf8);
    const image = await t.app.inject({
      method: 'GET',
      url: api.orders.fileDownload(draftId, png!.id),
      headers: auth,
    });
    expect(image.headers['content-type']).toBe('image/png');
    expect(parseDisposition(String(image.headers['content-disposition']))).toEqual({
      type: 'attachment',
      parameters: { filename: 'scan.png' },
    });
    expect(image.rawPayload).toEqual(samples.png);
    // A file is served under its own order only.
    const other = await t.app.inject({
      method: 'GET',
      url: api.orders.fileDownload(draftId + 1000, text!.id),
      headers: auth,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: orderMessages.fileNotFound });
  });

  describe('a malformed multipart body', () => {
    const boundary = 'cabinet-boundary';
    const head = (disposition: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
    const content = Buffer.concat([samples.pdf, Buffer.alloc(8 * 1024, 0x20)]);
    const end = Buffer.from(`\r\n--${boundary}--\r\n`);
    const cases: Array<[string, string, Buffer, string]> = [
      [
        'a file part without a file name',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.concat([head('name="file"'), content, end]),
        orderMessages.fileNameMissing,
      ],
      [
        'a file part with an empty file name',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.concat([head('name="file"; filename=""'), content, end]),
        orderMessages.fileNameMissing,
      ],
      [
        'no boundary',
        'multipart/form-data',
        Buffer.concat([head('name="file"; filename="a.pdf"'), content, end]),
        orderMessages.uploadBroken,
      ],
      [
        'a wrong boundary',
        'multipart/form-data; boundary=another-one',
        Buffer.concat([head('name="file"; filename="a.pdf"'), content, end]),
        orderMessages.uploadBroken,
      ],
      [
        'a truncated body',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.concat([head('name="file"; filename="a.pdf"'), content]),
        orderMessages.uploadBroken,
      ],
      [
        'a good file, then a truncated one',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.concat([
          head('name="file"; filename="a.pdf"'),
          samples.pdf,
          Buffer.from('\r\n'),
          head('name="file"; filename="b.pdf"'),
          content,
        ]),
        orderMessages.uploadBroken,
      ],
    ];

    it.each(cases)(
      '%s: 400 with a Russian message, nothing kept',
      async (_, contentType, payload, detail) => {
        const auth = await customer();
        const before = storedFiles(dir).length;
        const res = await t.app.inject({
          method: 'POST',
          url: api.orders.ajaxFiles,
          payload,
          headers: { ...auth, 'content-type': contentType },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ detail });
        expect(storedFiles(dir).length).toBe(before);
        const rows = await t.app.database.db
          .selectFrom('order_files')
          .select('id')
          .where('original_name', 'in', ['a.pdf', 'b.pdf', 'file'])
          .execute();
        expect(rows).toEqual([]);
      },
    );
  });

  it('refuses a file over the per-file limit with 413, leaving no partial file', async () => {
    const auth = await customer();
    const before = storedFiles(dir).length;
    const big = Buffer.concat([samples.pdf, Buffer.alloc(11 * 1024, 0x20)]);
    const res = await upload(auth, [{ name: 'big.pdf', content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: orderMessages.fileTooLarge(FILE_MB) });
    expect(storedFiles(dir).length).toBe(before);
  });

  it('refuses files over the per-order limit with 413', async () => {
    const auth = await customer();
    const nine = Buffer.concat([samples.pdf, Buffer.alloc(9 * 1024, 0x20)]);
    expect((await upload(auth, [{ name: '1.pdf', content: nine }])).statusCode).toBe(201);
    expect((await upload(auth, [{ name: '2.pdf', content: nine }])).statusCode).toBe(201);
    const before = storedFiles(dir).length;
    const third = await upload(auth, [{ name: '3.pdf', content: nine }]);
    expect(third.statusCode).toBe(413);
    expect(third.json()).toEqual({ detail: orderMessages.orderFilesTooLarge(ORDER_MB) });
    expect(storedFiles(dir).length).toBe(before);

    const draft = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: auth,
      payload: { is_fake: true },
    });
    const draftId = (draft.json() as { id: number }).id;
    const url = api.orders.fakeFiles(draftId);
    expect((await upload(auth, [{ name: 'a.pdf', content: nine }], url)).statusCode).toBe(201);
    expect((await upload(auth, [{ name: 'b.pdf', content: nine }], url)).statusCode).toBe(201);
    expect((await upload(auth, [{ name: 'c.pdf', content: nine }], url)).statusCode).toBe(413);
  });

  it('keeps the original name only as a name: stored under a random one', async () => {
    const auth = await customer();
    const res = await upload(auth, [{ name: '..\\..\\etc\\отчёт.txt', content: samples.txtUtf8 }]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = OrderFileListSchema.parse(res.json());
    expect(file!.name).toBe('отчёт.txt');
    const row = await t.app.database.db
      .selectFrom('order_files')
      .select('stored_name')
      .where('id', '=', file!.id)
      .executeTakeFirstOrThrow();
    expect(row.stored_name).toMatch(/^[0-9a-f]{32}$/);
    const stored = storedFiles(dir).find((p) => p.endsWith(row.stored_name));
    expect(readFileSync(stored!)).toEqual(samples.txtUtf8);
  });

  it("deletes one's own pending upload, and not another customer's (404)", async () => {
    const alice = await customer();
    const bob = await customer();
    const [file] = (await upload(alice, [{ name: 'a.pdf', content: samples.pdf }])).json() as Array<{
      id: number;
    }>;
    const url = api.orders.deleteAjaxFile(file!.id);
    const foreign = await t.app.inject({ method: 'DELETE', url, headers: bob });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: orderMessages.fileNotFound });
    // Bob cannot attach it to his draft either.
    const steal = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: bob,
      payload: { is_fake: true, files: [file!.id] },
    });
    expect(steal.statusCode).toBe(404);
    const before = storedFiles(dir).length;
    expect((await t.app.inject({ method: 'DELETE', url, headers: alice })).statusCode).toBe(204);
    expect(storedFiles(dir).length).toBe(before - 1);
    expect((await t.app.inject({ method: 'DELETE', url, headers: alice })).statusCode).toBe(404);
  });
});
