import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** Every environment variable the server reads; `.env.example` lists the same. */
export const ConfigSchema = z
  .object({
    // Unset means production: a forgotten variable must not turn on the outbox, the demo data or a
    // known key. `npm start` and `npm run dev` set development when nothing else is set.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),

    DATABASE_URL: optionalUrl,
    SQLITE_PATH: z.string().default('data/cabinet.sqlite'),
    SEED_DEMO: z.enum(['auto', '1', '0']).default('auto'),
    WEB_DIST: z.string().default('apps/web/dist'),
    FILES_DIR: z.string().default('data/files'),
    UPLOAD_MAX_FILE_MB: z.coerce.number().positive().max(10_240).default(50),
    UPLOAD_MAX_ORDER_MB: z.coerce.number().positive().max(102_400).default(200),

    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86400).default(300),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),

    LOGIN_MAX_FAILS_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILS_PER_IP: z.coerce.number().int().min(1).default(20),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    LOGIN_MAX_FAILS_PER_DEVICE: z.coerce.number().int().min(1).default(5),
    RATE_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
    RATE_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
    RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),

    REDIS_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Кабинет студента <no-reply@localhost>'),
    SUPPORT_PHONE: z.string().default('+7 800 000-00-00'),

    OAUTH_VK_CLIENT_ID: z.string().default(''),
    OAUTH_VK_CLIENT_SECRET: z.string().default(''),
    OAUTH_VK_AUTH_URL: z.url().default('https://id.vk.com/authorize'),
    OAUTH_VK_TOKEN_URL: z.url().default('https://id.vk.com/oauth2/auth'),
    OAUTH_VK_USERINFO_URL: z.url().default('https://id.vk.com/oauth2/user_info'),
    OAUTH_GOOGLE_CLIENT_ID: z.string().default(''),
    OAUTH_GOOGLE_CLIENT_SECRET: z.string().default(''),
    OAUTH_GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    OAUTH_GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    OAUTH_GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    OAUTH_YANDEX_CLIENT_ID: z.string().default(''),
    OAUTH_YANDEX_CLIENT_SECRET: z.string().default(''),
    OAUTH_YANDEX_AUTH_URL: z.url().default('https://oauth.yandex.ru/authorize'),
    OAUTH_YANDEX_TOKEN_URL: z.url().default('https://oauth.yandex.ru/token'),
    OAUTH_YANDEX_USERINFO_URL: z.url().default('https://login.yandex.ru/info?format=json'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'must be set (32+ random characters) unless NODE_ENV is development or test',
      });
    }
    if (c.DATABASE_URL && !/^postgres(ql)?:\/\//.test(c.DATABASE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'must be a postgres:// URL' });
    }
  });

export type Config = Omit<z.infer<typeof ConfigSchema>, 'JWT_SECRET'> & {
  JWT_SECRET: string;
  /** True when no JWT_SECRET was given (development, test) and this process made up its own. */
  JWT_SECRET_GENERATED: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(ConfigSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { JWT_SECRET, ...rest } = parsed.data;
  // Development and test without a key get a random one per process, never one from the
  // repository: access tokens and login codes then end with the process (sessions live on in the
  // refresh cookie, which is checked against the database). `npm run dev` passes one key to all
  // the restarts of its watcher.
  return JWT_SECRET
    ? { ...rest, JWT_SECRET, JWT_SECRET_GENERATED: false }
    : { ...rest, JWT_SECRET: randomBytes(32).toString('base64url'), JWT_SECRET_GENERATED: true };
}
