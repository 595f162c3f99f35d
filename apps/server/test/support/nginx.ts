import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** Debian's nginx (`apt-get install nginx`), unless NGINX_BIN names another. */
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** Throws unless nginx is installed. */
export function requireNginx(): void {
  if (!existsSync(NGINX_BIN)) {
    throw new Error(
      `${NGINX_BIN} is missing: the services suite needs Debian's nginx (apt-get install nginx)`,
    );
  }
}

/** The site file docs/deploy.md shows, with its {{…}} placeholders. */
export const SITE_TEMPLATE = join(repoRoot, 'docs/nginx/cabinet.conf');

/**
 * The template with every placeholder filled. A placeholder without a value, or a value no
 * placeholder takes, is an error: the template and its users must not drift apart.
 */
export function renderSite(values: Record<string, string>): string {
  const template = readFileSync(SITE_TEMPLATE, 'utf8');
  const names = new Set([...template.matchAll(/\{\{([A-Z_]+)\}\}/g)].map((m) => m[1] ?? ''));
  const missing = [...names].filter((n) => !(n in values));
  const unused = Object.keys(values).filter((n) => !names.has(n));
  if (missing.length > 0 || unused.length > 0) {
    throw new Error(
      `${SITE_TEMPLATE}: no value for ${missing.join(', ')}; no place for ${unused.join(', ')}`,
    );
  }
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** A certificate for 127.0.0.1 and localhost, a day long, made by openssl into `dir`. */
export async function selfSignedCertificate(
  dir: string,
): Promise<{ cert: string; key: string; pem: Buffer }> {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { cert, key, pem: readFileSync(cert) };
}

export interface RunningNginx {
  child: ChildProcess;
  /** What it printed and its error log, for a failure's message. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops it (SIGTERM, nginx's fast shutdown) and waits for the master to exit. */
  stop: () => Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      done(true);
    });
    socket.on('error', () => done(false));
  });

/**
 * Runs nginx in the foreground as a child of the test, everything of its own under `prefix` (the
 * configuration, the pid, the logs, the temporary files), with the site file inside its `http`
 * block; resolves once every port in `ports` accepts connections.
 */
export async function startNginx(prefix: string, site: string, ports: number[]): Promise<RunningNginx> {
  requireNginx();
  writeFileSync(join(prefix, 'cabinet.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${join(prefix, `${name}-temp`)};`;
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      // As root, the workers would run as www-data, which cannot enter the test's private
      // directory for the request bodies it buffers.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${join(prefix, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${join(prefix, 'cabinet.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    NGINX_BIN,
    [
      '-p',
      `${prefix}/`,
      '-c',
      join(prefix, 'nginx.conf'),
      '-e',
      join(prefix, 'error.log'),
      '-g',
      'daemon off;',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let printed = '';
  child.stdout?.on('data', (c: Buffer) => (printed += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (printed += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  const output = () => {
    const log = join(prefix, 'error.log');
    return `${printed}${existsSync(log) ? readFileSync(log, 'utf8') : ''}`;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  let gone = false;
  void exited.then(() => (gone = true));
  for (const end = Date.now() + 10_000; ;) {
    if (gone) throw new Error(`nginx exited at start:\n${output()}`);
    if ((await Promise.all(ports.map(accepts))).every(Boolean)) break;
    if (Date.now() > end) {
      await stop();
      throw new Error(`nginx did not listen within 10 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, output, exited, stop };
}
