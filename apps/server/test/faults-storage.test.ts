import { api } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../src/plugins/errors';
import { bearer, registerCustomer } from './helpers';
import { multipart, samples } from './orders-fixtures';
import { buildAppOn, startPostgres, type TempPostgres } from './support/postgres';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The file storage failing under an upload (ADR 041): FILES_DIR replaced by a plain file (root,
 * who runs CI here, writes through any permission bits, so a mode would prove nothing), a storage
 * whose save fails mid-stream as a full disk does, and FILES_DIR removed between two files of one
 * request. Each time the customer gets a Russian 503, no row points at a file that is not there,
 * and nothing stored by the failed request is left behind; /readyz names the storage.
 *
 * On SQLite in the plain `npm test`; in the services suite on a PostgreSQL cluster of its own.
 */
describe('the file storage failing during an upload', () => {
  let pg: TempPostgres | undefined;
  let built: Awaited<ReturnType<typeof buildAppOn>>;
  let app: FastifyInstance;
  let filesDir: string;
  let auth: { authorization: string };
  let userId: number;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) pg = await startPostgres();
    built = await buildAppOn(pg ? { DATABASE_URL: pg.url() } : {});
    app = built.app;
    filesDir = built.filesDir;
    const c = await registerCustomer(app);
    auth = bearer(c.access);
    userId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', c.email)
        .executeTakeFirstOrThrow()
    ).id;
  });

  afterAll(async () => {
    try {
      await built?.close();
    } finally {
      await pg?.destroy();
    }
  });

  const upload = (files: Array<{ name: string; content: Buffer }>) => {
    const body = multipart(files);
    return app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
  };
  const rowsOfCustomer = async () =>
    (
      await app.database.db
        .selectFrom('order_files')
        .select('stored_name')
        .where('user_id', '=', userId)
        .execute()
    )
      .map((r) => r.stored_name)
      .sort();
  /** Every stored object under FILES_DIR (two hex characters of fan-out, then the name). */
  const storedNames = () =>
    existsSync(filesDir) && statSync(filesDir).isDirectory()
      ? readdirSync(filesDir)
          .flatMap((fan) => readdirSync(join(filesDir, fan)))
          .sort()
      : [];
  const expectStorageUnavailable = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(JSON.parse(res.body)).toEqual({ detail: errorMessages.storageUnavailable });
  };
  /** The FILES_DIR of a working storage, with what it held. */
  const restoreFilesDir = () => {
    if (existsSync(filesDir) && !statSync(filesDir).isDirectory()) rmSync(filesDir);
    mkdirSync(filesDir, { recursive: true });
  };

  it('answers 503 in Russian while FILES_DIR is unusable, records nothing, and /readyz names the storage', async () => {
    const before = await rowsOfCustomer();
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(filesDir, 'not a directory');
    try {
      expectStorageUnavailable(await upload([{ name: 'работа.pdf', content: samples.pdf }]));
      expect(await rowsOfCustomer()).toEqual(before);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failed: ['storage'] });
      expect(ready.json().detail).toBe('Сервис не готов: не отвечает файловое хранилище');
    } finally {
      restoreFilesDir();
    }
    const res = await upload([{ name: 'работа.pdf', content: samples.pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowsOfCustomer()).toEqual(storedNames());
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 when the storage fails mid-file, and removes what the request stored before', async () => {
    const rowsBefore = await rowsOfCustomer();
    const storedBefore = storedNames();
    const save = app.storage.save.bind(app.storage);
    let calls = 0;
    // The second file meets a full disk after its first bytes, as a save that rejects does.
    const spy = vi.spyOn(app.storage, 'save').mockImplementation(async (stream: Readable) => {
      calls += 1;
      if (calls === 1) return save(stream);
      for await (const chunk of stream) if ((chunk as Buffer).length > 0) break;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    try {
      const res = await upload([
        { name: 'первый.pdf', content: samples.pdf },
        { name: 'второй.png', content: samples.png },
      ]);
      expectStorageUnavailable(res);
      expect(calls).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(await rowsOfCustomer()).toEqual(rowsBefore);
    expect(storedNames()).toEqual(storedBefore);
  });

  it('answers 503 when FILES_DIR is removed between two files of one request, recording neither', async () => {
    const rowsBefore = await rowsOfCustomer();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const body = multipart([
      { name: 'первый.pdf', content: samples.pdf },
      { name: 'второй.pdf', content: samples.pdf },
    ]);
    // Up to the second part's boundary: the multipart parser then ends the first file.
    const boundary = body.headers['content-type'].split('boundary=')[1]!;
    const second = body.payload.indexOf(Buffer.from(`--${boundary}\r\n`), 1);
    const head = body.payload.subarray(0, second + boundary.length + 4);
    const storedBefore = storedNames();
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: api.orders.ajaxFiles,
      headers: { ...auth, ...body.headers, 'content-length': String(body.payload.length) },
    });
    const answered = new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    req.write(head);
    try {
      // The first file is on disk, whole: the directory goes, and a plain file takes its name.
      const end = Date.now() + 10_000;
      while (storedNames().length === storedBefore.length) {
        if (Date.now() > end) throw new Error('the first file was not stored');
        await pause(20);
      }
      await pause(50);
      rmSync(filesDir, { recursive: true, force: true });
      writeFileSync(filesDir, 'not a directory');
      req.end(body.payload.subarray(head.length));
      expectStorageUnavailable(await answered);
      expect(await rowsOfCustomer()).toEqual(rowsBefore);
    } finally {
      req.destroy();
      restoreFilesDir();
    }
  });
});
