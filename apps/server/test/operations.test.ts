import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { freePort, startRedis, stopRedis } from './support/redis';

const scratch = mkdtempSync(join(tmpdir(), 'cabinet-ops-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: join(scratch, 'files') });
  });
  afterAll(() => t.close());

  it('answers /healthz 200 {status: ok} outside /api/, with no sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when the database and the file storage answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('keeps /api/health/ answering as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 503 naming the database when it does not answer, while /healthz stays 200', async () => {
    const own = await buildTestApp({ FILES_DIR: join(scratch, 'files-db') });
    try {
      await own.app.database.close();
      const res = await own.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: ['database'],
        detail: 'Сервис не готов: не отвечает база данных',
      });
      expect((await own.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await own.app.inject({ method: 'GET', url: '/api/health/' })).json()).toEqual({
        status: 'unavailable',
      });
    } finally {
      await own.close();
    }
  });

  it('answers /readyz 503 naming the storage when FILES_DIR cannot be used', async () => {
    // A file where the directory should be: no upload could be stored (root ignores permissions).
    const notADirectory = join(scratch, 'not-a-directory');
    writeFileSync(notADirectory, 'x');
    const own = await buildTestApp({ FILES_DIR: notADirectory });
    try {
      const res = await own.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', failed: ['storage'] });
      expect(res.json().detail).toMatch(/файловое хранилище/);
    } finally {
      await own.close();
    }
  });

  describe('with Redis configured', () => {
    let redis: ChildProcess;
    let port: number;
    let withRedis: TestApp;
    beforeAll(async () => {
      port = await freePort();
      redis = await startRedis(port);
      withRedis = await buildTestApp({
        REDIS_URL: `redis://127.0.0.1:${port}`,
        FILES_DIR: join(scratch, 'files-redis'),
      });
    });
    afterAll(async () => {
      await withRedis.close();
      await stopRedis(redis);
    });

    it('answers /readyz 200 while Redis answers and 503 naming it when it is gone', async () => {
      expect((await withRedis.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await stopRedis(redis);
      const res = await withRedis.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', failed: ['redis'] });
      expect(res.json().detail).toBe('Сервис не готов: не отвечает Redis');
      // Back, so that the app closes its connections as usual.
      redis = await startRedis(port);
    });
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: join(scratch, 'files-ids') });
  });
  afterAll(() => t.close());

  it('echoes the X-Request-Id a client sent, on the probes too', async () => {
    for (const url of ['/healthz', '/readyz', '/api/health/', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'lb-7f3e.9A_0' } });
      expect(res.headers['x-request-id'], url).toBe('lb-7f3e.9A_0');
    }
  });

  it('gives a request without one a fresh id in X-Request-Id', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
