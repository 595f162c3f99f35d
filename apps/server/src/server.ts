import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

if (existsSync('.env')) process.loadEnvFile('.env');

/** What the mode turns on, said once at start so a wrong NODE_ENV is seen at once. */
function modeLine(config: Config): string {
  if (config.NODE_ENV === 'production') {
    return config.SMTP_URL
      ? 'production mode'
      : 'production mode; SMTP_URL is not set: mail is kept in the outbox table and reaches nobody';
  }
  return `${config.NODE_ENV} mode: not for real users — /dev/outbox shows every mail, demo data may be seeded; set NODE_ENV=production to deploy`;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp(config);
  app.log.info({ mode: config.NODE_ENV }, modeLine(config));
  if (config.NODE_ENV === 'production' && config.PAYMENTS_PROVIDER === 'test') {
    app.log.warn(
      'PAYMENTS_PROVIDER=test with ALLOW_TEST_PAYMENTS=true: payments go through the built-in test bank, which pays anything with a made-up card; no money is taken, and the money screens say so',
    );
  }
  if (config.NODE_ENV === 'production' && config.PUBLIC_URL_DEFAULTED) {
    app.log.warn(
      `PUBLIC_URL is not set: e-mailed links, the payment return and the socket's Origin check use ${config.PUBLIC_URL}; set it to the https address customers reach the cabinet at`,
    );
  }
  if (config.JWT_SECRET_GENERATED) {
    app.log.warn(
      'JWT_SECRET is not set: a random key for this process; access tokens and login codes end with it',
    );
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

void main();
