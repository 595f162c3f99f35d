import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { BONUS_MAX_PERCENT } from '@cabinet/contract';
import { z } from 'zod';
import { isAddressOrCidr } from './lib/address-ranges';
import { PROXY_NAMES, familiesTrustedWholesale } from './lib/trust-proxy';

/** An optional setting whose empty value (a copied .env.example) means unset. */
function optional<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(schema.optional());
}

const optionalUrl = optional(z.url());

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops may set X-Forwarded-For: a number of proxies in front of us, or their addresses.
 * `true` (every hop) is refused: it makes the client's own header its IP, and per-IP limits moot.
 * So are ranges that together take in every address of a family (`0.0.0.0/0`, `::/0`,
 * `0.0.0.0/1,128.0.0.0/1`): they are `true` by another name.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!entries.every(isProxyAddress)) {
      return refuse(
        v === 'true'
          ? 'true would trust every hop; give the number of proxies in front of the server (e.g. 1) or their addresses'
          : 'must be false, a number of proxy hops, or comma-separated proxy addresses/CIDRs',
      );
    }
    const wholesale = familiesTrustedWholesale(entries);
    if (wholesale.length > 0) {
      return refuse(
        `${v} covers every ${wholesale.join(' and every ')} address, so any client could name its own IP (as with true); give the proxies' own addresses or CIDRs, or their number`,
      );
    }
    // Fastify's proxy-addr throws on a /0; the only one left here (an IPv4-mapped one) matches nobody.
    if (entries.some((e) => /\/0+$/.test(e))) return refuse(`${v}: a /0 range is no proxy's address`);
    return entries;
  });

/** The operator's details a public offer must name (ГК РФ ст. 435, 437; Закон о защите прав потребителей ст. 9). */
const REQUIRED_IN_PRODUCTION = ['COMPANY_NAME', 'COMPANY_INN', 'COMPANY_OGRN', 'COMPANY_ADDRESS'] as const;

/** S3-compatible storage (ADR 040) takes all of these or none; the region and path style have defaults. */
export const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Every environment variable the server reads; `.env.example` lists the same. */
export const ConfigSchema = z
  .object({
    // Unset means production: a forgotten variable must not turn on the outbox, the demo data or a
    // known key. `npm start` and `npm run dev` set development when nothing else is set.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Unset: http://localhost:${PORT} (production then warns at every start: server.ts).
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy.default(false),

    // Operations (docs/decisions/034-operations-endpoints.md). Who may read GET /metrics: the
    // connecting address (never X-Forwarded-For) must be in this comma-separated list of addresses
    // and CIDRs; anyone else gets 404.
    METRICS_ALLOW: z
      .string()
      .default('127.0.0.1,::1')
      .transform((v, ctx) => {
        const entries = v
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean);
        const bad = entries.filter((e) => !isAddressOrCidr(e));
        if (bad.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `${bad.join(', ')}: must be comma-separated IP addresses or CIDRs (127.0.0.1,10.0.0.0/8)`,
          });
          return z.NEVER;
        }
        return entries;
      }),
    // On SIGTERM: seconds the requests in flight get to finish before their connections are cut.
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    // Load shedding (@fastify/under-pressure): 503 «Сервер перегружен…» while the event loop's mean
    // delay over a second passes this many ms, or its utilisation (0–1) passes the second; 0 turns
    // either check off. The defaults trip only on a loop blocked for most of a second.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    PRESSURE_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),

    DATABASE_URL: optionalUrl,
    SQLITE_PATH: z.string().default('data/cabinet.sqlite'),
    SEED_DEMO: z.enum(['auto', '1', '0']).default('auto'),
    WEB_DIST: z.string().default('apps/web/dist'),
    FILES_DIR: z.string().default('data/files'),
    // The files on S3-compatible storage instead of FILES_DIR (ADR 040): the endpoint, the bucket
    // and the key pair together, or none of them. Path-style addresses (endpoint/bucket/key) suit
    // MinIO and most providers; S3_FORCE_PATH_STYLE=false asks for bucket.endpoint hosts instead.
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: z
      .enum(['1', '0', 'true', 'false'])
      .default('true')
      .transform((v) => v === '1' || v === 'true'),
    UPLOAD_MAX_FILE_MB: z.coerce.number().positive().max(10_240).default(50),
    UPLOAD_MAX_ORDER_MB: z.coerce.number().positive().max(102_400).default(200),
    UPLOAD_SWEEP_AFTER_HOURS: z.coerce.number().positive().max(8760).default(24),
    // The worker threads that build title pages and certificate PDFs off the event loop (ADR 024):
    // how many, how long one file may take (then 503 and its thread is replaced), and how many may
    // wait for a thread (then 429).
    DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
    DOCUMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(15_000),
    DOCUMENT_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(16),
    // Days of guarantee (free reworks) from the first final file of an order.
    GUARANTEE_DAYS: z.coerce.number().int().min(0).max(3650).default(20),
    // Bonuses and friends: roubles of bonus to each side for a referred friend's first
    // paid order, days a bonus lives after it was credited, invitations a customer may send a day.
    // The share of an order's price bonuses may cover, in percent.
    BONUS_MAX_PERCENT: z.coerce.number().int().min(0).max(100).default(BONUS_MAX_PERCENT),
    REFERRAL_BONUS_RUB: z.coerce.number().int().min(0).max(100_000).default(500),
    BONUS_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    INVITES_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),

    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86400).default(300),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),

    LOGIN_MAX_FAILS_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILS_PER_IP: z.coerce.number().int().min(1).default(20),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    LOGIN_MAX_FAILS_PER_DEVICE: z.coerce.number().int().min(1).default(5),
    RATE_MAX_PER_IP: z.coerce.number().int().min(1).default(60),
    RATE_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
    RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    // Files one client address may add to orders in RATE_WINDOW_MINUTES (each is stored and read
    // for its type); a student's burst of attachments stays far below it.
    UPLOADS_PER_IP: z.coerce.number().int().min(1).default(200),
    // Accounts one client address may create an hour (ADR 009); the e2e suite's one server raises it.
    REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).default(10),

    REDIS_URL: optionalUrl,

    // The order chat. Minutes a message stays unread before the e-mail digest.
    CHAT_DIGEST_MINUTES: z.coerce.number().positive().max(10_080).default(10),
    // Origins (besides PUBLIC_URL's) whose pages may open the socket; comma-separated.
    SOCKET_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    // Seconds between protocol pings; a socket that misses one is dropped.
    SOCKET_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    // A socket whose unsent output grows past this many KiB is closed (4408) rather than buffered.
    SOCKET_MAX_BUFFER_KB: z.coerce.number().int().min(16).max(65_536).default(1024),
    // Payments. `test`: a bank-like page of our own; `yookassa`: its v3 API. Unset:
    // `test` in development and test; production must name one (loadConfig), and `test` there
    // also needs ALLOW_TEST_PAYMENTS: its bank page pays anything with a made-up card.
    PAYMENTS_PROVIDER: z.enum(['test', 'yookassa']).optional(),
    ALLOW_TEST_PAYMENTS: z
      .enum(['1', '0', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
    YOOKASSA_SHOP_ID: z.string().default(''),
    YOOKASSA_SECRET_KEY: z.string().default(''),
    YOOKASSA_API_URL: z.url().default('https://api.yookassa.ru/v3'),
    // Payouts to cards go through YooKassa's gateway agent; without these, the shop's own id and key.
    YOOKASSA_PAYOUT_AGENT_ID: z.string().default(''),
    YOOKASSA_PAYOUT_SECRET_KEY: z.string().default(''),
    // Where YooKassa's notifications may come from (its published ranges); comma-separated CIDRs.
    YOOKASSA_NOTIFY_IPS: z
      .string()
      .default(
        '185.71.76.0/27,185.71.77.0/27,77.75.153.0/25,77.75.156.11,77.75.156.35,77.75.154.128/25,2a02:5180::/32',
      )
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    // Spec §5/§9: `yookassa_installments` only when on (and from 3 000 ₽).
    INSTALLMENTS_ENABLED: z
      .enum(['1', '0', 'true', 'false'])
      .default('1')
      .transform((v) => v === '1' || v === 'true'),
    // An SMS gateway's URL (POST {phone, text}); without it SMS go to the dev outbox.
    SMS_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Кабинет студента <no-reply@localhost>'),
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    // Web push (ADR 044): the VAPID key pair (base64url, as web-push's generate-vapid-keys prints
    // them) and the contact the push services see. Unset in development and test: a pair is made
    // up per process; unset in production: push is off.
    VAPID_PUBLIC_KEY: z.string().trim().optional(),
    VAPID_PRIVATE_KEY: z.string().trim().optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
      .default('mailto:no-reply@localhost'),
    // Telegram notifications (ADR 046): unset, the option is hidden. The bot's username is asked of
    // Telegram (getMe) when not given; the webhook's secret is derived from the token when not
    // given; with TELEGRAM_WEBHOOK_URL the server registers its webhook at start.
    TELEGRAM_BOT_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    TELEGRAM_BOT_USERNAME: optional(
      z.string().regex(/^[A-Za-z0-9_]{5,32}$/, "must be the bot's username, without @"),
    ),
    TELEGRAM_WEBHOOK_SECRET: optional(
      z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1-256 characters A-Z, a-z, 0-9, _ and -'),
    ),
    TELEGRAM_WEBHOOK_URL: optionalUrl,
    TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
    // Shown in the cabinet, the error pages and the documents (the public company endpoint). Spec §9:
    // the placeholder `{phone}` until one is configured; the placeholder or an empty value shows none.
    SUPPORT_PHONE: z.string().trim().max(40).default('{phone}'),
    // Analytics counters: nothing is loaded, and the CSP admits no counter host, when unset.
    YANDEX_METRIKA_ID: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, 'must be a Yandex Metrika counter number (digits)')
      .optional(),
    GA4_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id, G-XXXXXXXXXX')
      .optional(),

    // The operator named in the public documents and the footers; required in production.
    COMPANY_NAME: z.string().trim().max(300).optional(),
    COMPANY_INN: z
      .string()
      .trim()
      .regex(/^(\d{10}|\d{12})$/, 'must be 10 digits (an organisation) or 12 (a sole trader)')
      .optional(),
    COMPANY_OGRN: z
      .string()
      .trim()
      .regex(/^(\d{13}|\d{15})$/, 'must be 13 digits (ОГРН) or 15 (ОГРНИП)')
      .optional(),
    COMPANY_ADDRESS: z.string().trim().max(500).optional(),
    COMPANY_EMAIL: z.email().optional(),

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
    if (c.NODE_ENV === 'production') {
      if (!c.PAYMENTS_PROVIDER) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENTS_PROVIDER'],
          message:
            'must be set in production: yookassa takes real payments; test (the built-in test bank, which pays anything) also needs ALLOW_TEST_PAYMENTS=true',
        });
      } else if (c.PAYMENTS_PROVIDER === 'test' && !c.ALLOW_TEST_PAYMENTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['ALLOW_TEST_PAYMENTS'],
          message:
            'must be true for PAYMENTS_PROVIDER=test in production: its bank page pays anything with a made-up card, so no money is taken',
        });
      }
      for (const key of REQUIRED_IN_PRODUCTION) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'must be set in production: the service contract and the footer name the operator',
          });
      }
    }
    const s3Given = S3_REQUIRED.filter((key) => c[key] !== undefined);
    if (s3Given.length > 0 && s3Given.length < S3_REQUIRED.length) {
      for (const key of S3_REQUIRED.filter((k) => c[k] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `must be set with ${s3Given.join(', ')}: files go to S3 only with all of ${S3_REQUIRED.join(', ')}; set none of them to keep the files in FILES_DIR`,
        });
      }
    }
    if (c.S3_ENDPOINT && !/^https?:\/\//.test(c.S3_ENDPOINT)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'must be an http:// or https:// URL' });
    }
    if (!c.VAPID_PUBLIC_KEY !== !c.VAPID_PRIVATE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'must be set with the other VAPID key: a pair from `npx web-push generate-vapid-keys`',
      });
    }
    if (c.DATABASE_URL && !/^postgres(ql)?:\/\//.test(c.DATABASE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'must be a postgres:// URL' });
    }
  });

type Parsed = z.infer<typeof ConfigSchema>;

export type Config = Omit<Parsed, 'JWT_SECRET' | 'PUBLIC_URL' | 'PAYMENTS_PROVIDER'> & {
  /** As given, or http://localhost:${PORT}. */
  PUBLIC_URL: string;
  /** True when PUBLIC_URL was not given and follows PORT on localhost. */
  PUBLIC_URL_DEFAULTED: boolean;
  PAYMENTS_PROVIDER: NonNullable<Parsed['PAYMENTS_PROVIDER']>;
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
  // For whoever deploys: English, whatever locale the request validation uses.
  const parsed = ConfigSchema.safeParse(picked, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { JWT_SECRET, ...given } = parsed.data;
  // Production has refused above to go without a provider. Without PUBLIC_URL a local run follows
  // its own port; production starts too (a deployment that worked before keeps working) and warns.
  const rest = {
    ...given,
    PUBLIC_URL: given.PUBLIC_URL ?? `http://localhost:${given.PORT}`,
    PUBLIC_URL_DEFAULTED: given.PUBLIC_URL === undefined,
    PAYMENTS_PROVIDER: given.PAYMENTS_PROVIDER ?? 'test',
  };
  // Development and test without a key get a random one per process, never one from the
  // repository: access tokens and login codes then end with the process (sessions live on in the
  // refresh cookie, which is checked against the database). `npm run dev` passes one key to all
  // the restarts of its watcher.
  return JWT_SECRET
    ? { ...rest, JWT_SECRET, JWT_SECRET_GENERATED: false }
    : { ...rest, JWT_SECRET: randomBytes(32).toString('base64url'), JWT_SECRET_GENERATED: true };
}
