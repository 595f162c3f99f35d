import { UPLOAD_MAX_FILES, api } from '@cabinet/contract';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, samples } from './orders-fixtures';

interface ErrorBody {
  detail: string;
  errors?: Record<string, string[]>;
}

/** Every message of a 400: the detail and each field's. */
const messagesOf = (body: ErrorBody) => [body.detail, ...Object.values(body.errors ?? {}).flat()];

describe('messages of invalid requests', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cabinet-messages-'));
    t = await buildTestApp({ FILES_DIR: dir });
    auth = bearer((await registerCustomer(t.app)).access);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each<[string, { method: 'GET' | 'POST'; url: string; payload?: object }, string, string]>([
    [
      'a missing field',
      { method: 'POST', url: api.orders.calculateCost, payload: {} },
      'work_type_id',
      'Заполните это поле',
    ],
    [
      'a wrong type',
      { method: 'POST', url: api.orders.calculateCost, payload: { work_type_id: 'курсовая' } },
      'work_type_id',
      'Введите число',
    ],
    [
      'a wrong type in the query',
      { method: 'GET', url: `${api.orders.root}?tab=active&page=abc` },
      'page',
      'Введите число',
    ],
    [
      'a value not in the list',
      { method: 'GET', url: `${api.orders.root}?tab=nope` },
      'tab',
      'Выберите одно из значений: active, archive, done',
    ],
    [
      'a too long value',
      { method: 'POST', url: api.auth.autoLogin, payload: { token: 'x'.repeat(600) } },
      'token',
      'Не длиннее 512 символов',
    ],
  ])('are Russian for %s', async (_name, request, field, message) => {
    const res = await t.app.inject({ ...request, headers: auth });
    expect(res.statusCode).toBe(400);
    const body = res.json() as ErrorBody;
    expect(body.errors?.[field]).toEqual([message]);
    for (const m of messagesOf(body)) {
      expect(m).toMatch(/^[А-ЯЁ]/);
      expect(m).not.toMatch(/invalid|expected|received/i);
    }
  });

  it(`refuses more than ${UPLOAD_MAX_FILES} files in one upload, saying how many are allowed`, async () => {
    const files = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => ({
      name: `${i}.pdf`,
      content: samples.pdf,
    }));
    const body = multipart(files);
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: `Не больше ${UPLOAD_MAX_FILES} файлов за раз` });
    // Nothing of the refused upload stays stored.
    expect(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())).toEqual([]);
  });

  it(`accepts ${UPLOAD_MAX_FILES} files in one upload`, async () => {
    const files = Array.from({ length: UPLOAD_MAX_FILES }, (_, i) => ({
      name: `${i}.pdf`,
      content: samples.pdf,
    }));
    const body = multipart(files);
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
    expect(res.statusCode).toBe(201);
  });
});
