import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPlugin from './web';

/** A build as scripts/prerender.mjs leaves it: index.html, a visitor screen and the cabinet shell. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-plugin-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'prerendered', 'cabinet'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), 'EMPTY');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dist, 'prerendered', 'login.html'), 'LOGIN');
  const shell = (file: string, text: string) => {
    writeFileSync(join(dist, 'prerendered', 'cabinet', file), text);
    writeFileSync(join(dist, 'prerendered', 'cabinet', `${file}.br`), brotliCompressSync(text));
  };
  shell('home-tab.html', 'SHELL orders');
  shell('order-id-edit.html', 'SHELL order edit');
  shell('order-new.html', 'SHELL new order');
  shell('order-continue-id.html', 'SHELL continue');
  writeFileSync(
    join(dist, 'prerendered', 'cabinet', 'index.json'),
    JSON.stringify([
      { pattern: '/home/:tab', file: 'home-tab.html' },
      { pattern: '/order/:id/edit', file: 'order-id-edit.html' },
      { pattern: '/order-new', file: 'order-new.html' },
      { pattern: '/order-continue/:id', file: 'order-continue-id.html' },
    ]),
  );
  return dist;
}

describe('web plugin: the prerendered cabinet shell', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = fakeBuild();
    app = Fastify({ logger: false });
    await app.register(webPlugin, { dist });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

  it('answers every cabinet address with its shell, uncached', async () => {
    const cases: Array<[string, string]> = [
      ['/home/active', 'SHELL orders'],
      ['/home/archive?msg=hi', 'SHELL orders'],
      ['/home/done/', 'SHELL orders'],
      ['/order/42/edit', 'SHELL order edit'],
      ['/order-new', 'SHELL new order'],
      ['/order-continue/7', 'SHELL continue'],
    ];
    for (const [url, body] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(body);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toContain('accept-encoding');
    }
  });

  it('sends the shell compressed when the browser takes it', async () => {
    const res = await get('/order/1/edit', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload).toEqual(brotliCompressSync('SHELL order edit'));
  });

  it('gives no shell to visitor screens, unknown paths, the API, dev tools or files', async () => {
    expect((await get('/login')).body).toBe('LOGIN');
    for (const url of ['/', '/documents/privacy-policy', '/home', '/home/active/more', '/order/1', '/nope']) {
      expect((await get(url)).body, url).toBe('EMPTY');
    }
    for (const url of ['/api/home/active', '/dev/outbox', '/home/active.js', '/prerendered/cabinet/x.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('SHELL');
    }
    expect((await app.inject({ method: 'POST', url: '/home/active' })).statusCode).toBe(404);
  });
});
