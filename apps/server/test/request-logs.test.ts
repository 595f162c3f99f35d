import { REFRESH_COOKIE_NAME, api } from '@cabinet/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startServer, type Answer, type RunningServer } from './support/server-process';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-logs-'));

type LogLine = { level: number; msg: string; reqId?: string; [key: string]: unknown };

/** The server's output as log records: every line must be one JSON object. */
function records(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      expect(() => JSON.parse(line), line).not.toThrow();
      return JSON.parse(line) as LogLine;
    });
}

async function get(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  const request = send(server.port, 'GET', path, { headers });
  request.req.end();
  return request.response;
}

async function post(
  server: RunningServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  const request = send(server.port, 'POST', path, { body: text, headers });
  request.req.end(text);
  return request.response;
}

/** The refresh token an answer sets, as the Cookie header that sends it back. */
function refreshCookie(answer: Answer): string {
  const set = [answer.headers['set-cookie'] ?? []].flat();
  const cookie = set.find((c) => c.startsWith(`${REFRESH_COOKIE_NAME}=`));
  expect(cookie, 'a refresh cookie').toBeDefined();
  return (cookie as string).split(';')[0] as string;
}

/** Waits until the server has printed a line the test expects (its log is written as it goes). */
async function until(server: RunningServer, found: (lines: LogLine[]) => boolean): Promise<LogLine[]> {
  for (const end = Date.now() + 5_000; Date.now() < end;) {
    const lines = records(server.output());
    if (found(lines)) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
  return records(server.output());
}

describe('the request id in the logs', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // No grace for a replayed refresh token: the first replay is one (modules/sessions/families.ts).
    server = await startServer(dir, { REFRESH_GRACE_SECONDS: '0' });
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes JSON lines, each line of a request carrying the id its X-Request-Id answer names', async () => {
    const res = await get(server, '/api/client/orders/', { 'x-request-id': 'trace-me-1' });
    expect(res.status).toBe(401);
    expect(res.headers['x-request-id']).toBe('trace-me-1');
    const lines = await until(server, (all) =>
      all.some((l) => l.msg === 'request completed' && l.reqId === 'trace-me-1'),
    );
    const mine = lines.filter((l) => l.reqId === 'trace-me-1');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[1]).toMatchObject({ res: { statusCode: 401 } });
  });

  it('logs a line written in the middle of a request with the id it generated', async () => {
    // /metrics through a proxy is refused and says so in the log (a warning, in the handler).
    const res = await get(server, '/metrics', { 'x-forwarded-for': '203.0.113.7' });
    expect(res.status).toBe(404);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = await until(server, (all) => all.some((l) => l.reqId === id));
    const warning = lines.find((l) => l.reqId === id);
    expect(warning).toMatchObject({ level: 40, msg: expect.stringMatching(/^metrics: refused/) });
  });

  it('puts the id on a line a service writes while it handles the request (ADR 034)', async () => {
    // A replayed refresh token: the sign-in service (modules/auth/service.ts) revokes the family
    // and says so in the log, with the logger the route hands it.
    const registered = await post(server, api.profile.root, {
      email: 'request-logs@example.com',
      password: 'Zelenyi-Kit-2026',
      agree: true,
    });
    expect(registered.status, registered.body).toBe(200);
    const first = refreshCookie(registered);
    const rotated = await post(server, api.auth.refresh, {}, { cookie: first });
    expect(rotated.status, rotated.body).toBe(200);

    const replay = await post(server, api.auth.refresh, {}, { cookie: first, 'x-request-id': 'replay-1' });
    expect(replay.status).toBe(401);
    expect(replay.headers['x-request-id']).toBe('replay-1');
    const lines = await until(server, (all) =>
      all.some((l) => l.reqId === 'replay-1' && l.msg === 'request completed'),
    );
    const warning = lines.find((l) => l.msg === 'refresh token reused after rotation: family revoked');
    expect(warning).toMatchObject({ level: 40, reqId: 'replay-1' });
  });

  it('keeps the probes out of the log: a balancer asks them every few seconds', async () => {
    const res = await get(server, '/healthz', { 'x-request-id': 'probe-1' });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('probe-1');
    expect((await get(server, '/readyz', { 'x-request-id': 'probe-2' })).status).toBe(200);
    // A later request's lines are there, so the probes' would have been too.
    await get(server, '/api/client/orders/', { 'x-request-id': 'after-probes' });
    const lines = await until(server, (all) =>
      all.some((l) => l.reqId === 'after-probes' && l.msg === 'request completed'),
    );
    expect(lines.filter((l) => l.reqId === 'probe-1' || l.reqId === 'probe-2')).toEqual([]);
  });
});
