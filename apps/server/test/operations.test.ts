import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { pressureMessage } from '../src/plugins/pressure';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { freePort, startRedis, stopRedis } from './support/redis';

const scratch = mkdtempSync(join(tmpdir(), 'cabinet-ops-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value of one series in a Prometheus text exposition, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

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

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: join(scratch, 'files-metrics') });
  });
  afterAll(() => t.close());

  const scrape = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('shows the request durations by route pattern and status, never the raw URL', async () => {
    const customer = await registerCustomer(t.app);
    for (const id of [987_654, 987_655]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/client/orders/${id}/`,
        headers: bearer(customer.access),
      });
      expect(res.statusCode).toBe(404);
    }
    await t.app.inject({ method: 'GET', url: '/no/such/page/42' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const route = { method: 'GET', route: '/api/client/orders/:id/', status_code: '404' };
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/client/profile/',
        status_code: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('/no/such/page');
  });

  it('shows the sockets, the chat events, the mail queue, the jobs and the process', async () => {
    const text = (await scrape()).body;
    expect(sample(text, 'chat_sockets_open', {})).toBe(0);
    expect(sample(text, 'chat_events_fanned_out_total', {})).toBeGreaterThanOrEqual(0);
    for (const status of ['pending', 'sending', 'failed']) {
      expect(sample(text, 'mail_queue_depth', { status })).toBeGreaterThanOrEqual(0);
    }
    expect(text).toContain('# TYPE job_runs_total counter');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // SQLite has no pool: the pool's series appear on PostgreSQL only.
    if (t.app.database.dialect === 'postgres') {
      // The scrape's own mail_queue count may be waiting for a connection being opened.
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });

  it('counts a queued mail in the queue depth', async () => {
    await t.app.database.db
      .insertInto('mail_queue')
      .values({
        to_address: 'stuck@example.com',
        subject: 'x',
        text: 'x',
        html: 'x',
        status: 'failed',
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(sample((await scrape()).body, 'mail_queue_depth', { status: 'failed' })).toBe(1);
  });

  it('answers loopback over IPv6 and an IPv4-mapped address', async () => {
    expect((await scrape('::1')).statusCode).toBe(200);
    expect((await scrape('::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('answers 404 to an address outside METRICS_ALLOW, and to a request that came through a proxy', async () => {
    for (const res of [
      await scrape('203.0.113.7'),
      await scrape('10.0.0.5'),
      await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }),
      await scrape('127.0.0.1', { forwarded: 'for=203.0.113.7' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено' });
    }
  });

  it('refuses to start with a METRICS_ALLOW entry that is no address or CIDR', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_ALLOW: '127.0.0.1,localhost' })).toThrow(
      /METRICS_ALLOW: localhost: must be comma-separated IP addresses or CIDRs/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(loadConfig({ NODE_ENV: 'test' }).METRICS_ALLOW).toEqual(['127.0.0.1', '::1']);
  });

  it('answers the addresses METRICS_ALLOW names, and no longer loopback', async () => {
    const own = await buildTestApp({
      METRICS_ALLOW: '10.0.0.0/8, 2001:db8::/32',
      FILES_DIR: join(scratch, 'files-allow'),
    });
    try {
      const from = (remoteAddress: string) =>
        own.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect((await from('10.1.2.3')).statusCode).toBe(200);
      expect((await from('2001:db8::7')).statusCode).toBe(200);
      expect((await from('127.0.0.1')).statusCode).toBe(404);
      expect((await from('192.168.0.1')).statusCode).toBe(404);
    } finally {
      await own.close();
    }
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

describe('under pressure', () => {
  it('answers 503 in Russian while the event loop is blocked, but not /healthz', async () => {
    const t = await buildTestApp({
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '1',
      FILES_DIR: join(scratch, 'files-pressure'),
    });
    try {
      // The first samples after start are not judged; then block the loop until one says so.
      let res = await t.app.inject({ method: 'GET', url: '/api/health/' });
      for (const end = Date.now() + 10_000; res.statusCode !== 503 && Date.now() < end;) {
        const until = Date.now() + 150;
        while (Date.now() < until) {
          // Busy: the event loop is blocked.
        }
        await pause(50);
        res = await t.app.inject({
          method: 'GET',
          url: '/api/health/',
          headers: { 'x-request-id': 'busy-1' },
        });
      }
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: pressureMessage });
      expect(pressureMessage).toBe('Сервер перегружен, повторите через минуту');
      expect(res.headers['retry-after']).toBe('60');
      expect(res.headers['x-request-id']).toBe('busy-1');
      expect(t.app.isUnderPressure()).toBe(true);
      const live = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('never trips with the default thresholds under ordinary requests', async () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect(defaults.PRESSURE_MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
    const t = await buildTestApp({
      FILES_DIR: join(scratch, 'files-calm'),
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: String(defaults.PRESSURE_MAX_EVENT_LOOP_DELAY_MS),
    });
    try {
      expect(t.config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
      for (let i = 0; i < 50; i += 1) {
        expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
      }
      expect(t.app.isUnderPressure()).toBe(false);
    } finally {
      await t.close();
    }
  });
});
