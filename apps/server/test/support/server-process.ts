import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../../..');

export interface RunningServer {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far (its JSON log lines). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns `server.ts` in a process of its own on a fresh SQLite file in `dir` and a free port, with
 * nothing inherited that could pick the database, Redis, the mail, the key or the address (empty
 * values also shadow a developer's .env); `env` adds to that or overrides it.
 */
export function spawnServer(dir: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      JWT_SECRET: '',
      SQLITE_PATH: join(dir, `${Math.random().toString(36).slice(2)}.sqlite`),
      FILES_DIR: join(dir, 'files'),
      WEB_DIST: join(dir, 'no-web-build'),
      ...env,
    },
  });
}

/**
 * Runs `server.ts` (spawnServer) in test mode, logging at info, without the demo data; resolves
 * once it listens.
 */
export async function startServer(dir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawnServer(dir, { NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: '0', ...env });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  const port = await new Promise<number>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m) done(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => fail(new Error(`the server exited before listening:\n${output}`)));
  });
  return { child, port, output: () => output, exited };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP request on a connection of its own (never a kept-alive one). With a body, its
 * Content-Length is announced and the caller sends it (`req.end(body)`, or slowly); without,
 * the caller ends the request.
 */
export function send(
  port: number,
  method: string,
  path: string,
  opts: { body?: string; headers?: Record<string, string> } = {},
): { req: ClientRequest; response: Promise<Answer> } {
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method,
    path,
    agent: false,
    headers: {
      ...(opts.body === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(opts.body)) }),
      ...opts.headers,
    },
  });
  const response = new Promise<Answer>((done, fail) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
  });
  return { req, response };
}
