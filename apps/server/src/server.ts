import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

if (existsSync('.env')) process.loadEnvFile('.env');

/** After the grace period and the cut, what the rest of the close (the mail batch, the pool) gets. */
const AFTER_GRACE_MS = 5_000;

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
  /**
   * SIGTERM (a deploy, an orchestrator) or SIGINT: `app.close()` answers every new request 503
   * (plugins/health.ts) and accepts no connection, tells the chat's sockets 1001 so their clients
   * reconnect to another instance (modules/chat/socket.ts), waits for the requests in flight, lets
   * the mail queue deliver the batch it holds and closes the database. Requests still running after
   * SHUTDOWN_GRACE_SECONDS have their connections cut; whatever still holds the close after a few
   * more seconds ends with exit 1, which the orchestrator logs.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
    app.log.info(
      { signal, graceSeconds: config.SHUTDOWN_GRACE_SECONDS },
      'shutting down: finishing in-flight requests',
    );
    setTimeout(() => {
      app.log.warn('shutdown: the grace period is over; cutting the connections still open');
      app.server.closeAllConnections();
    }, graceMs).unref();
    setTimeout(() => {
      app.log.error('shutdown: not finished after the grace period; exiting');
      process.exit(1);
    }, graceMs + AFTER_GRACE_MS).unref();
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown: closing failed');
      process.exit(1);
    }
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

void main();
