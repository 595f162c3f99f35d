import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const STRONG = 'a-production-secret-of-enough-length-42';

describe('loadConfig', () => {
  it('applies defaults for a local run', () => {
    const c = loadConfig({ NODE_ENV: 'development' });
    expect(c.PORT).toBe(3000);
    expect(c.ACCESS_TOKEN_TTL).toBe(300);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc', JWT_SECRET: STRONG }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x/y', JWT_SECRET: STRONG }, 'DATABASE_URL'],
    [{ ACCESS_TOKEN_TTL: '0', JWT_SECRET: STRONG }, 'ACCESS_TOKEN_TTL'],
  ])('names the bad variable %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('configuration messages', () => {
  it('stay English for whoever deploys, though requests are answered in Russian', async () => {
    await import('../src/plugins/errors');
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: STRONG })).toThrow(
      /PORT: Invalid input: expected number/,
    );
  });
});

describe('mode and key', () => {
  it('takes an unset NODE_ENV for production', () => {
    expect(loadConfig({ JWT_SECRET: STRONG }).NODE_ENV).toBe('production');
  });

  it.each([
    ['unset', {}],
    ['production', { NODE_ENV: 'production' }],
    ['an empty NODE_ENV', { NODE_ENV: '' }],
  ])('refuses to start without JWT_SECRET when NODE_ENV is %s', (_name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET: must be set/);
  });

  it.each([{}, { NODE_ENV: 'production' }, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }])(
    'refuses a weak JWT_SECRET in every mode (%j)',
    (env) => {
      expect(() => loadConfig({ ...env, JWT_SECRET: 'x'.repeat(31) })).toThrow(
        /JWT_SECRET: must be at least 32 characters/,
      );
    },
  );

  it('refuses a NODE_ENV it does not know rather than guessing', () => {
    expect(() => loadConfig({ NODE_ENV: 'prod', JWT_SECRET: STRONG })).toThrow(/NODE_ENV/);
  });

  it('uses the given key and says so', () => {
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG });
    expect(c.JWT_SECRET).toBe(STRONG);
    expect(c.JWT_SECRET_GENERATED).toBe(false);
  });

  it.each(['development', 'test'])(
    'makes up a random key per process in %s, never a constant from the repository',
    (NODE_ENV) => {
      const a = loadConfig({ NODE_ENV });
      const b = loadConfig({ NODE_ENV });
      expect(a.JWT_SECRET_GENERATED).toBe(true);
      expect(a.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(a.JWT_SECRET).not.toBe(b.JWT_SECRET);
    },
  );
});
