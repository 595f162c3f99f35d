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

  it('echoes the request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
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
