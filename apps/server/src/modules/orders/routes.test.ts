import { api } from '@cabinet/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from '../../../test/helpers';
import { multipart, samples } from '../../../test/orders-fixtures';

// @fastify/multipart is registered for the two upload routes only, so that its per-request hooks
// stay off the rest of the module (the list above all).
describe('multipart bodies in the orders module', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const files = mkdtempSync(join(tmpdir(), 'cabinet-files-'));
  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: files });
    auth = bearer((await registerCustomer(t.app)).access);
  });
  afterAll(async () => {
    await t.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('are taken by the upload routes', async () => {
    const body = multipart([{ name: 'plan.pdf', content: samples.pdf, type: 'application/pdf' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.ajaxFiles,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('are refused as a format the JSON routes do not read', async () => {
    const body = multipart([{ name: 'plan.pdf', content: samples.pdf, type: 'application/pdf' }]);
    for (const url of [api.orders.root, api.orders.calculateCost]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json()).toEqual({ detail: 'Некорректный формат запроса' });
    }
  });

  it('leave no multipart hook on the list', () => {
    const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
    const list = routes.split('\n').findIndex((l) => l.includes(`${api.orders.root} (GET`));
    expect(list).toBeGreaterThanOrEqual(0);
    const hooks = routes
      .split('\n')
      .slice(list + 1, list + 4)
      .join('\n');
    expect(hooks).toContain('requireAuth');
    // The one hook after the answer is the request timer of /metrics (plugins/metrics.ts).
    const afterAnswer = /\(onResponse\) (\[.*\])/.exec(hooks)?.[1];
    expect(JSON.parse(afterAnswer ?? '[]')).toEqual(['timeRequest()']);
  });
});
