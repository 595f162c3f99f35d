import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';

/** The operator's details a test app in production runs with (COMPANY_*). */
export const TEST_COMPANY = {
  COMPANY_NAME: 'ООО «Тестовый сервис»',
  COMPANY_INN: '7700000000',
  COMPANY_OGRN: '1027700000000',
  COMPANY_ADDRESS: '101000, г. Москва, ул. Тестовая, д. 1',
};

/** The test bank in production: named and allowed explicitly, as production requires. */
export const TEST_PRODUCTION_PAYMENTS = { PAYMENTS_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'true' };

/**
 * Builds the real app on a fresh database: a new SQLite file, or — when TEST_DATABASE_URL
 * points at PostgreSQL (`npm run test:services`) — a new database created for this app.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<{
  app: FastifyInstance;
  config: Config;
  close: () => Promise<void>;
}> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const base: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(tmpdir(), 'no-web-build'),
    PUBLIC_URL: 'http://localhost:3000',
    // Load shedding off: a test machine busy with other suites blocks the event loop past the
    // default second, and a test's request would be shed. operations.test.ts sets it to test it.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `cabinet_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    base.DATABASE_URL = url.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      // The app's pool has ended, but its server-side sessions may take a moment to go. Forcing
      // them out would make the ended pool's clients emit errors into the next test, so wait.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch (e) {
          const inUse = (e as { code?: string }).code === '55006';
          if (!inUse || attempt >= 50) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    });
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'cabinet-test-'));
    base.SQLITE_PATH = join(dir, 'test.sqlite');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  }
  // Production refuses to start without the operator's details and a payments provider named: a
  // production app names the operator, and keeps the test bank (allowed explicitly) unless told.
  if (env.NODE_ENV === 'production') Object.assign(base, TEST_COMPANY, TEST_PRODUCTION_PAYMENTS);
  // TEST_LOG=error (or another pino level) prints what the app logs, e.g. a 500's cause.
  const level = process.env.TEST_LOG;
  const config = loadConfig({ ...base, ...(level ? { LOG_LEVEL: level } : {}), ...env });
  const app = await buildApp(config, { logger: !!level });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      for (const c of cleanups.reverse()) await c();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** A registered customer's id, by e-mail. */
export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const row = await t.app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Uncommon enough for PasswordSchema. */
export const PASSWORD = 'Zelenyi-Kit-2026';

export const uniqueEmail = (tag = 'user') =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

interface InjectResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: Array<{ name: string; value: string; [k: string]: unknown }>;
  json(): unknown;
}

/** The refresh cookie a response set (undefined when none, '' when cleared). */
export function refreshCookieOf(res: InjectResponse) {
  return res.cookies.find((c) => c.name === 'refresh_token');
}

/**
 * A client address of its own (random in 10.0.0.0/8): one address may create only
 * REGISTRATIONS_PER_IP_HOUR accounts an hour, and the customers of a test are many people, not one
 * crowd behind one address. Random rather than counted, so runs sharing a Redis do not meet.
 */
export const randomClientIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Registers a customer through the API; returns its credentials, access and refresh tokens. */
export async function registerCustomer(app: FastifyInstance, body: Record<string, unknown> = {}) {
  const email = (body.email as string | undefined) ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/api/client/profile/',
    payload: { email, password: PASSWORD, agree: true, ...body },
    remoteAddress: randomClientIp(),
  });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const { tokens } = res.json() as { tokens: { access: string; expires_in: number } };
  const refresh = refreshCookieOf(res)?.value;
  if (!refresh) throw new Error('no refresh cookie');
  return { email, password: PASSWORD, access: tokens.access, refresh };
}

/** The newest mail to an address in the dev outbox (the app runs without SMTP in tests). */
export async function latestMail(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox/latest?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) throw new Error(`no mail to ${to}: ${res.statusCode}`);
  return res.json() as { to: string; subject: string; text: string; html: string; created_at: string };
}

export async function mailCount(app: FastifyInstance, to: string): Promise<number> {
  await app.mailer.flush();
  const row = await app.database.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_address', '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first link in a text that starts with the prefix. */
export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}[^\\s"'<>]*`).exec(text);
  if (!m) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return m[0];
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
