import { api } from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { errorMessages } from '../src/plugins/errors';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { orderBody, placeOrder, samples, workTypes } from './orders-fixtures';

describe('a file whose stored content is gone', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let orderId = 0;
  let fileId = 0;

  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
    auth = bearer((await registerCustomer(t.app)).access);
    const workType = (await workTypes(t.app, auth))[0]!;
    orderId = (await placeOrder(t.app, auth, orderBody(workType))).id;
    const order = await t.app.database.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    // A row whose object the storage does not hold (lost, or removed by hand).
    fileId = (
      await t.app.database.db
        .insertInto('order_files')
        .values({
          order_id: orderId,
          user_id: order.user_id,
          kind: 'final',
          original_name: 'Работа.pdf',
          stored_name: 'f'.repeat(32),
          size: samples.pdf.length,
          mime: 'application/pdf',
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('answers the download and the preview 500 with the API’s JSON error, not as the file', async () => {
    for (const url of [api.orders.fileDownload(orderId, fileId), api.orders.filePreview(orderId, fileId)]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(500);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition'], url).toBeUndefined();
      expect(res.json(), url).toEqual({ detail: errorMessages.internal });
    }
  });

  it('cuts the zip that holds it, rather than leaving the answer open and the error unhandled', async () => {
    const answer = t.app.inject({
      method: 'POST',
      url: api.orders.downloadZip(orderId),
      headers: auth,
      payload: {},
    });
    // The zip's headers are out when its first entry is read: the connection is cut, which a
    // browser shows as a failed download, not a zip missing a file.
    await expect(answer).rejects.toThrow('response destroyed before completion');
  });
});
