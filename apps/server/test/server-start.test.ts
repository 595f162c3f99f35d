import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_COMPANY } from './helpers';

const repoRoot = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'cabinet-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `server.ts` in a process of its own, with nothing inherited that could pick the mode or the
 * key (empty values also shadow a developer's .env). Resolves with everything it printed once it
 * has printed `until` (then it is stopped) or has exited by itself.
 */
function start(env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: '',
      JWT_SECRET: '',
      SEED_DEMO: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      SQLITE_PATH: join(dir, `${Math.random().toString(36).slice(2)}.sqlite`),
      FILES_DIR: join(dir, 'files'),
      WEB_DIST: join(dir, 'no-web-build'),
      ...env,
    },
  });
  return new Promise<{ output: string; code: number | null }>((done) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (until?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => done({ output, code }));
  });
}

describe('starting the server', () => {
  it('refuses to start with NODE_ENV unset and no JWT_SECRET', async () => {
    const { output, code } = await start({});
    expect(code).toBe(1);
    expect(output).toMatch(/JWT_SECRET: must be set/);
  });

  it('refuses to start in production without the operator named in the documents', async () => {
    const { output, code } = await start({ JWT_SECRET: 'a-production-secret-of-enough-length-42' });
    expect(code).toBe(1);
    expect(output).toMatch(/COMPANY_NAME: must be set in production/);
  });

  it('refuses a weak JWT_SECRET', async () => {
    const { output, code } = await start({ JWT_SECRET: 'short-secret' });
    expect(code).toBe(1);
    expect(output).toMatch(/JWT_SECRET: must be at least 32 characters/);
  });

  it('says it runs in production when NODE_ENV is unset', async () => {
    const { output } = await start(
      { JWT_SECRET: 'a-production-secret-of-enough-length-42', ...TEST_COMPANY },
      /Server listening/,
    );
    expect(output).toMatch(/"mode":"production".*production mode/);
    expect(output).not.toMatch(/demo customer seeded/);
  });

  it('says it runs in development, and that its key is made up', async () => {
    const { output } = await start({ NODE_ENV: 'development' }, /Server listening/);
    expect(output).toMatch(/"mode":"development".*development mode: not for real users/);
    expect(output).toMatch(/JWT_SECRET is not set: a random key for this process/);
  });
});
