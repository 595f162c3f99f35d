import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      if (addr && typeof addr === 'object') s.close(() => res(addr.port));
      else rej(new Error('no port'));
    });
  });
}

/** The compiled server (ADR 037): what production runs, and it starts in half the time of tsx. */
const serverEntry = join(repoRoot, 'apps/server/dist/server.js');

/** Compiles the server from its sources (about half a second); the e2e run does it once, first. */
export function compileServer(): void {
  execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}

/** Whether a source file of the server or the contract changed after the build was made. */
function buildIsStale(): boolean {
  if (!existsSync(serverEntry)) return true;
  const built = statSync(serverEntry).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newer(path) : statSync(path).mtimeMs > built;
    });
  return newer(join(repoRoot, 'apps/server/src')) || newer(join(repoRoot, 'packages/contract/src'));
}

export interface RunningServer {
  url: string;
  /** The server's SQLite file: journals write to it what no API does yet (a payment). */
  sqlitePath: string;
  stop(): Promise<void>;
}

/** How long a server may take to answer by default: `E2E_SERVER_START_MS` on a loaded machine, else 30 s. */
const DEFAULT_START_TIMEOUT_MS = Number(process.env.E2E_SERVER_START_MS) || 30_000;

/**
 * Starts the real server (compiled, built web app, fresh SQLite file) as a child process. `startTimeoutMs`
 * is how long it may take to answer; one that does not is stopped.
 */
export async function startServer(
  env: Record<string, string> = {},
  { startTimeoutMs = DEFAULT_START_TIMEOUT_MS }: { startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const sqlitePath = join(dir, 'e2e.sqlite');
  // The e2e run's global setup compiles it first; a bench on its own, when the sources changed.
  if (buildIsStale()) compileServer();
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SQLITE_PATH: sqlitePath,
      FILES_DIR: join(dir, 'files'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      // Every browser here is one client, 127.0.0.1, and the suite registers more than twenty customers
      // against the shared server within minutes: past the 10 an hour one address may create.
      REGISTRATIONS_PER_IP_HOUR: '1000',
      // …and uploads files to orders from that one address all run long.
      UPLOADS_PER_IP: '10000',
      // Load shedding off: two Chromiums and this server share two cores, and a start-up or a
      // screenshot can hold the event loop past the default second (apps/server/src/plugins/pressure.ts).
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health/`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not start in ${startTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    sqlitePath,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
