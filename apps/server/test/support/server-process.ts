import { execFile, spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const repoRoot = resolve(import.meta.dirname, '../../../..');

export interface RunningServer {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far (its JSON log lines). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Node's arguments that run the server from its TypeScript sources, compiled by tsx as they load. */
export const FROM_SOURCES: readonly string[] = ['--import', 'tsx', 'apps/server/src/server.ts'];

/**
 * Compiles the server into `outDir` (apps/server/build.mjs, in a process of its own). The directory
 * must lie under apps/server: the build's imports of packages are resolved from where it is, and
 * its `.js` files are ES modules by apps/server/package.json.
 */
export async function compileServer(outDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['apps/server/build.mjs', outDir], { cwd: repoRoot });
}

/** Node's arguments that run a compiled build's `server.js` (apps/server/build.mjs) with plain node. */
export function compiled(outDir: string): readonly string[] {
  return [join(outDir, 'server.js')];
}

/**
 * Spawns the server (`args`: its sources by default) in a process of its own on a fresh SQLite file
 * in `dir` and a free port, with nothing inherited that could pick the database, Redis, the mail,
 * the key or the address (empty values also shadow a developer's .env), nor a NODE_OPTIONS that
 * could bring a loader along; `env` adds to that or overrides it.
 */
export function spawnServer(
  dir: string,
  env: Record<string, string>,
  args: readonly string[] = FROM_SOURCES,
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, args, {
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
 * Runs the server (spawnServer) in test mode, logging at info, without the demo data; resolves
 * once it listens.
 */
export async function startServer(
  dir: string,
  env: Record<string, string> = {},
  args: readonly string[] = FROM_SOURCES,
): Promise<RunningServer> {
  const child = spawnServer(dir, { NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: '0', ...env }, args);
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
