import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { s3SettingsOf } from '../src/plugins/storage';

const STRONG = 'a-production-secret-of-enough-length-42';
const COMPANY = {
  COMPANY_NAME: 'ООО «Ромашка»',
  COMPANY_INN: '7701234567',
  COMPANY_OGRN: '1027700123456',
  COMPANY_ADDRESS: '101000, г. Москва, ул. Мясницкая, д. 1',
};
/** What production needs besides NODE_ENV: a key, the operator, its address, a payments provider. */
const PRODUCTION = {
  JWT_SECRET: STRONG,
  ...COMPANY,
  PUBLIC_URL: 'https://cabinet.example',
  PAYMENTS_PROVIDER: 'yookassa',
};

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
    expect(loadConfig(PRODUCTION).NODE_ENV).toBe('production');
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
    const c = loadConfig({ NODE_ENV: 'production', ...PRODUCTION });
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

describe('the operator (COMPANY_*)', () => {
  it.each(['COMPANY_NAME', 'COMPANY_INN', 'COMPANY_OGRN', 'COMPANY_ADDRESS'])(
    'refuses to start in production without %s',
    (key) => {
      const env = { NODE_ENV: 'production', JWT_SECRET: STRONG, ...COMPANY, [key]: '' };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`${key}: must be set in production`));
    },
  );

  it('refuses to start with NODE_ENV unset and no operator at all, naming each setting', () => {
    expect(() => loadConfig({ JWT_SECRET: STRONG })).toThrow(
      /COMPANY_NAME: must be set[\s\S]*COMPANY_INN[\s\S]*COMPANY_OGRN[\s\S]*COMPANY_ADDRESS/,
    );
  });

  it('takes the details as given, the e-mail being optional', () => {
    const c = loadConfig({ NODE_ENV: 'production', ...PRODUCTION });
    expect(c.COMPANY_NAME).toBe('ООО «Ромашка»');
    expect(c.COMPANY_EMAIL).toBeUndefined();
  });

  it.each([
    ['COMPANY_INN', '77012345', /COMPANY_INN: must be 10 digits/],
    ['COMPANY_OGRN', '10277001234', /COMPANY_OGRN: must be 13 digits/],
    ['COMPANY_EMAIL', 'not-an-email', /COMPANY_EMAIL/],
  ])('refuses a malformed %s', (key, value, message) => {
    expect(() => loadConfig({ NODE_ENV: 'development', ...COMPANY, [key]: value })).toThrow(message);
  });

  it.each(['development', 'test'])('starts without them in %s', (NODE_ENV) => {
    const c = loadConfig({ NODE_ENV });
    expect(c.COMPANY_NAME).toBeUndefined();
    expect(c.COMPANY_INN).toBeUndefined();
  });
});

describe('the payments provider (PAYMENTS_PROVIDER, ALLOW_TEST_PAYMENTS)', () => {
  it.each(['development', 'test'])('is the test bank by default in %s', (NODE_ENV) => {
    expect(loadConfig({ NODE_ENV }).PAYMENTS_PROVIDER).toBe('test');
  });

  it.each([
    ['unset', {}],
    ['production', { NODE_ENV: 'production' }],
  ])('must be named in production (NODE_ENV %s): no default takes money', (_name, env) => {
    const { PAYMENTS_PROVIDER: _given, ...rest } = PRODUCTION;
    expect(() => loadConfig({ ...rest, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...rest, ...env })).toThrow(/PAYMENTS_PROVIDER: must be set in production/);
  });

  it.each([
    ['not set', {}],
    ['false', { ALLOW_TEST_PAYMENTS: 'false' }],
    ['0', { ALLOW_TEST_PAYMENTS: '0' }],
  ])('refuses the test bank in production while ALLOW_TEST_PAYMENTS is %s', (_name, allow) => {
    const env = { NODE_ENV: 'production', ...PRODUCTION, PAYMENTS_PROVIDER: 'test', ...allow };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/ALLOW_TEST_PAYMENTS: must be true for PAYMENTS_PROVIDER=test/);
  });

  it.each(['true', '1'])('takes the test bank in production with ALLOW_TEST_PAYMENTS=%s', (allow) => {
    const c = loadConfig({
      NODE_ENV: 'production',
      ...PRODUCTION,
      PAYMENTS_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS: allow,
    });
    expect(c.PAYMENTS_PROVIDER).toBe('test');
    expect(c.ALLOW_TEST_PAYMENTS).toBe(true);
  });

  it('takes yookassa in production without ALLOW_TEST_PAYMENTS', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).PAYMENTS_PROVIDER).toBe('yookassa');
  });

  it('refuses a provider it does not know', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER/);
  });
});

describe('PUBLIC_URL', () => {
  it.each(['development', 'test'])('follows PORT in %s when unset', (NODE_ENV) => {
    expect(loadConfig({ NODE_ENV }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV, PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
  });

  it('is taken as given whatever PORT says', () => {
    const c = loadConfig({ NODE_ENV: 'development', PORT: '4000', PUBLIC_URL: 'https://cabinet.example' });
    expect(c.PUBLIC_URL).toBe('https://cabinet.example');
  });

  it('is said to be made up when unset, in production too', () => {
    const { PUBLIC_URL: _given, ...rest } = PRODUCTION;
    const c = loadConfig({ NODE_ENV: 'production', ...rest });
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(c.PUBLIC_URL_DEFAULTED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).PUBLIC_URL_DEFAULTED).toBe(false);
  });
});

describe('S3-compatible storage (ADR 040)', () => {
  const S3 = {
    S3_ENDPOINT: 'https://storage.example.net',
    S3_BUCKET: 'cabinet-files',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'example-secret',
  };

  it('keeps the local disk when no S3 variable is set', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(s3SettingsOf(c)).toBeNull();
    expect(c.FILES_DIR).toBe('data/files');
  });

  it('takes all four, with the region and path style defaulted', () => {
    expect(s3SettingsOf(loadConfig({ NODE_ENV: 'test', ...S3 }))).toEqual({
      endpoint: S3.S3_ENDPOINT,
      bucket: S3.S3_BUCKET,
      accessKeyId: S3.S3_ACCESS_KEY_ID,
      secretAccessKey: S3.S3_SECRET_ACCESS_KEY,
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(
      s3SettingsOf(
        loadConfig({ NODE_ENV: 'test', ...S3, S3_REGION: 'ru-central1', S3_FORCE_PATH_STYLE: 'false' }),
      ),
    ).toMatchObject({ region: 'ru-central1', forcePathStyle: false });
  });

  it.each(Object.keys(S3))('refuses to start without %s when the others are set, naming it', (missing) => {
    const env: Record<string, string> = { NODE_ENV: 'test', ...S3, [missing]: '' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      new RegExp(
        `${missing}: must be set with .*: files go to S3 only with all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; set none of them to keep the files in FILES_DIR`,
      ),
    );
  });

  it('names every missing one when only one is set', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'cabinet-files' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.match(/^ {2}S3_\w+/gm)).toEqual([
      '  S3_ENDPOINT',
      '  S3_ACCESS_KEY_ID',
      '  S3_SECRET_ACCESS_KEY',
    ]);
    expect(message).toContain('must be set with S3_BUCKET');
  });

  it.each([
    [{ S3_ENDPOINT: 'storage.example.net' }, 'S3_ENDPOINT'],
    [{ S3_ENDPOINT: 'ftp://storage.example.net' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    [{ S3_BUCKET: 'Cabinet_Files' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses a bad value %j', (bad, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...S3, ...bad })).toThrow(message);
  });
});

describe('Telegram (ADR 046)', () => {
  it('reads the empty values of a copied .env.example as unset', () => {
    const c = loadConfig({
      NODE_ENV: 'development',
      TELEGRAM_BOT_TOKEN: '',
      TELEGRAM_BOT_USERNAME: '',
      TELEGRAM_WEBHOOK_SECRET: '',
      TELEGRAM_WEBHOOK_URL: '',
    });
    expect(c.TELEGRAM_BOT_TOKEN).toBeUndefined();
    expect(c.TELEGRAM_BOT_USERNAME).toBeUndefined();
    expect(c.TELEGRAM_WEBHOOK_SECRET).toBeUndefined();
    expect(c.TELEGRAM_WEBHOOK_URL).toBeUndefined();
    expect(c.TELEGRAM_API_ROOT).toBe('https://api.telegram.org');
  });

  it.each([
    ['TELEGRAM_BOT_USERNAME', '@cabinet_bot'],
    ['TELEGRAM_WEBHOOK_SECRET', 'has spaces'],
    ['TELEGRAM_WEBHOOK_URL', 'not a url'],
  ])('refuses a malformed %s', (name, value) => {
    expect(() => loadConfig({ NODE_ENV: 'development', [name]: value })).toThrow(name);
  });
});
