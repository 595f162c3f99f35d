import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { freePort } from './redis';

const run = promisify(execFile);

/**
 * Debian's PostgreSQL binaries, the newest version there (`.ci/run` installs the package when
 * missing; Debian 12 has 15), unless PG_BIN names a directory.
 */
export const PG_BIN = process.env.PG_BIN ?? newestDebianPostgres();

function newestDebianPostgres(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return join(root, versions[0] ?? '15', 'bin');
}

/**
 * The user the cluster runs as: PostgreSQL refuses to run as root, so as root the binaries run as
 * `postgres` (the Debian package's user) through runuser; as anyone else, as that user.
 */
function asClusterUser(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

export interface TempPostgres {
  port: number;
  /** A connection URL to one of its databases (`postgres` unless named). */
  url(database?: string): string;
  /** `pg_ctl stop`: `fast` ends the sessions (57P01 to a query under way), `immediate` kills them. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster, whatever state it is in, and removes its directory. Never throws. */
  destroy(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster on a free port, in a temporary directory (initdb without fsync:
 * nothing here must survive a crash of the machine), trusting local connections. Never the shared
 * server on 5432: a fault test stops and starts this one. A process that ends without `destroy()`
 * still stops it (an `exit` hook), so no postmaster outlives the test run.
 */
export async function startPostgres(): Promise<TempPostgres> {
  const user = asClusterUser();
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-faults-pg-'));
  if (user.uid !== undefined && user.gid !== undefined) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  /** The command line of one of the binaries, run as the cluster's user. */
  const commandOf = (bin: string, args: string[]) => {
    const [command, ...rest] = [...user.prefix, join(PG_BIN, bin), ...args];
    return { command: command as string, args: rest };
  };
  const exec = (bin: string, args: string[]) => {
    const c = commandOf(bin, args);
    return run(c.command, c.args, { timeout: 30_000 });
  };
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=40',
  ].join(' ');
  const pgCtl = (args: string[]) => exec('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);

  let stopped = true;
  const stopNow = () => {
    if (stopped) return;
    try {
      const c = commandOf('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      execFileSync(c.command, c.args, { stdio: 'ignore' });
    } catch {
      // Already down.
    }
    stopped = true;
  };
  process.once('exit', stopNow);

  await exec('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const cluster: TempPostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop(mode = 'fast') {
      await pgCtl(['-m', mode, '-w', 'stop']);
      stopped = true;
    },
    async start() {
      await pgCtl(['-o', serverOptions, '-w', '-t', '30', 'start']);
      stopped = false;
    },
    async destroy() {
      stopNow();
      process.removeListener('exit', stopNow);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}

/**
 * The real app (as helpers.ts's buildTestApp builds it) on the database and services the caller
 * names — a cluster of the test's own — with its files in a temporary directory; `close` ends the
 * app and removes the directory. Nothing is created on the shared PostgreSQL.
 */
export async function buildAppOn(env: Record<string, string>): Promise<{
  app: FastifyInstance;
  config: Config;
  filesDir: string;
  close: () => Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-faults-app-'));
  const filesDir = join(dir, 'files');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(tmpdir(), 'no-web-build'),
    PUBLIC_URL: 'http://localhost:3000',
    SQLITE_PATH: join(dir, 'test.sqlite'),
    FILES_DIR: filesDir,
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return {
    app,
    config,
    filesDir,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
