import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_COMPANY } from './helpers';
import { spawnServer } from './support/server-process';

const SECRET = 'a-production-secret-of-enough-length-42';
/** Everything production requires besides the key and the operator. */
const DEPLOYED = { PUBLIC_URL: 'https://cabinet.example', PAYMENTS_PROVIDER: 'yookassa' };

const dir = mkdtempSync(join(tmpdir(), 'cabinet-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `server.ts` (spawnServer), with nothing that could pick the mode or the payments either.
 * Resolves with everything it printed once it has printed `until` (then it is stopped) or has
 * exited by itself.
 */
function start(env: Record<string, string>, until?: RegExp) {
  const child = spawnServer(dir, {
    NODE_ENV: '',
    PAYMENTS_PROVIDER: '',
    ALLOW_TEST_PAYMENTS: '',
    SEED_DEMO: '',
    ...env,
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
    const { output, code } = await start({ JWT_SECRET: SECRET, ...DEPLOYED });
    expect(code).toBe(1);
    expect(output).toMatch(/COMPANY_NAME: must be set in production/);
  });

  it('refuses a weak JWT_SECRET', async () => {
    const { output, code } = await start({ JWT_SECRET: 'short-secret' });
    expect(code).toBe(1);
    expect(output).toMatch(/JWT_SECRET: must be at least 32 characters/);
  });

  it('says it runs in production when NODE_ENV is unset', async () => {
    const { output } = await start({ JWT_SECRET: SECRET, ...TEST_COMPANY, ...DEPLOYED }, /Server listening/);
    expect(output).toMatch(/"mode":"production".*production mode/);
    expect(output).not.toMatch(/demo customer seeded/);
    expect(output).not.toMatch(/test bank/);
  });

  it('refuses to start in production without a payments provider named', async () => {
    const { output, code } = await start({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      ...TEST_COMPANY,
      PUBLIC_URL: 'https://cabinet.example',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/PAYMENTS_PROVIDER: must be set in production/);
  });

  it('refuses the test bank in production unless ALLOW_TEST_PAYMENTS=true', async () => {
    const { output, code } = await start({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      ...TEST_COMPANY,
      ...DEPLOYED,
      PAYMENTS_PROVIDER: 'test',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/ALLOW_TEST_PAYMENTS: must be true for PAYMENTS_PROVIDER=test/);
  });

  it('warns at start that the test bank takes the payments when production allows it', async () => {
    const { output } = await start(
      {
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        ...TEST_COMPANY,
        ...DEPLOYED,
        PAYMENTS_PROVIDER: 'test',
        ALLOW_TEST_PAYMENTS: 'true',
      },
      /Server listening/,
    );
    expect(output).toMatch(/"level":40.*PAYMENTS_PROVIDER=test with ALLOW_TEST_PAYMENTS=true/);
  });

  it('starts in production without PUBLIC_URL, warning that it links to localhost', async () => {
    const { output } = await start(
      { NODE_ENV: 'production', JWT_SECRET: SECRET, ...TEST_COMPANY, PAYMENTS_PROVIDER: 'yookassa' },
      /Server listening/,
    );
    expect(output).toMatch(/"level":40.*PUBLIC_URL is not set/);
    const deployed = await start(
      { NODE_ENV: 'production', JWT_SECRET: SECRET, ...TEST_COMPANY, ...DEPLOYED },
      /Server listening/,
    );
    expect(deployed.output).not.toMatch(/PUBLIC_URL is not set/);
  });

  it('says it runs in development, and that its key is made up', async () => {
    const { output } = await start({ NODE_ENV: 'development' }, /Server listening/);
    expect(output).toMatch(/"mode":"development".*development mode: not for real users/);
    expect(output).toMatch(/JWT_SECRET is not set: a random key for this process/);
  });
});
