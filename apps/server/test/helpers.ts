import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';

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
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'cabinet-test-'));
    base.SQLITE_PATH = join(dir, 'test.sqlite');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  }
  const config = loadConfig({ ...base, ...env });
  const app = await buildApp(config, { logger: false });
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
