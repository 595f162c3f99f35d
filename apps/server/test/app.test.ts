import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers';

describe('app skeleton', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers health on the real database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers health 503 when the database does not answer', async () => {
    const own = await buildTestApp();
    try {
      await own.app.database.close();
      const res = await own.app.inject({ method: 'GET', url: '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await own.close();
    }
  });

  it('answers unknown API paths with a Russian 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено' });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('error handling', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers an oversized body with 413 in Russian', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Слишком большой запрос' });
  });

  it('answers malformed JSON with 400 and a Russian detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Некорректный формат запроса' });
  });

  it.each(['abc-123', 'a'.repeat(64), 'lb.7f3e_9A-0'])('echoes a plain request id %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['a forged log line', 'abc\u2028{"level":60,"msg":"forged"}'],
    ['spaces and quotes', 'id" admin="1'],
    ['non-ASCII', 'заявка-1'],
  ])('replaces a request id that is %s with a fresh one', async (_name, id) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).not.toBe(id);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives a request without an id a fresh one', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health/' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('a failing handler', () => {
  it('answers 500 without leaking the error', async () => {
    const { buildApp } = await import('../src/app');
    const { loadConfig } = await import('../src/config');
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', SQLITE_PATH: ':memory:', LOG_LEVEL: 'silent' }),
      {
        logger: false,
      },
    );
    app.get('/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ detail: 'Внутренняя ошибка сервера. Мы уже разбираемся' });
    await app.close();
  });
});
