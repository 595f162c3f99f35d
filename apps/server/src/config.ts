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

const DEV_JWT_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

/** Every environment variable the server reads; `.env.example` lists the same. */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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

    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_JWT_SECRET),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86400).default(300),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),

    LOGIN_MAX_FAILS_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILS_PER_IP: z.coerce.number().int().min(1).default(20),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),

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
    if (c.NODE_ENV === 'production' && c.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'must be set in production' });
    }
    if (c.DATABASE_URL && !/^postgres(ql)?:\/\//.test(c.DATABASE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'must be a postgres:// URL' });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

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
  return parsed.data;
}
