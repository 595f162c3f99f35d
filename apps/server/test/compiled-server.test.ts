import { OrderListSchema, TokensResponseSchema, api } from '@cabinet/contract';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileServer,
  compiled,
  send,
  startServer,
  type Answer,
  type RunningServer,
} from './support/server-process';

// The build goes under apps/server, where its imports of packages resolve (compileServer), into a
// directory of this run's own: a developer's `npm run build` empties apps/server/dist.
const builds = resolve(import.meta.dirname, '../.tmp');
mkdirSync(builds, { recursive: true });
const outDir = mkdtempSync(join(builds, 'compiled-'));
const dir = mkdtempSync(join(tmpdir(), 'cabinet-compiled-'));

async function call(
  server: RunningServer,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  const request = send(server.port, method, path, body === undefined ? { headers } : { body, headers });
  request.req.end(body);
  return request.response;
}

/** `npm run start:prod`: the compiled server (apps/server/build.mjs) on plain node, no tsx (ADR 037). */
describe('the compiled server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    await compileServer(outDir);
    // The demo customer to sign in as: test mode seeds it when asked. One document thread: the PDF
    // waits for it to load, and two would share the CI's cores.
    server = await startServer(dir, { SEED_DEMO: '1', DOCUMENT_WORKERS: '1' }, compiled(outDir));
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the probes, signs the demo customer in, lists the orders, renders a PDF and stops cleanly', async () => {
    expect(await call(server, 'GET', '/healthz')).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    expect(await call(server, 'GET', '/readyz')).toMatchObject({ status: 200, body: '{"status":"ok"}' });

    const login = await call(server, 'POST', api.auth.login, {
      body: { email: 'demo@example.com', password: 'demo12345' },
    });
    expect(login.status, login.body).toBe(200);
    const { tokens } = TokensResponseSchema.parse(JSON.parse(login.body));

    const list = await call(server, 'GET', `${api.orders.root}?tab=active`, { token: tokens.access });
    expect(list.status, list.body).toBe(200);
    expect(OrderListSchema.parse(JSON.parse(list.body)).results.length).toBeGreaterThan(0);

    // A worker thread loads the compiled renderer, which reads its font from the installed package.
    const pdf = await call(server, 'POST', api.content.titlePage, {
      token: tokens.access,
      body: {
        format: 'pdf',
        university: 'Университет',
        work_type: 'Курсовая работа',
        topic: 'Тема',
        student_name: 'Иванова Мария',
        city: 'Москва',
        year: 2026,
      },
    });
    expect(pdf.status, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-')).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.at(-1)?.msg).toBe('shut down');
  });
});
