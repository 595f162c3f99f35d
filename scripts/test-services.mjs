// `npm run test:services`: the server suites against PostgreSQL (a fresh database per test file)
// and the Redis-backed parts against Redis. Fails — never skips — when a service is unreachable.
import { execSync } from 'node:child_process';
import net from 'node:net';

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port) }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(3000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

for (const [name, url] of [
  ['PostgreSQL', pgUrl],
  ['Redis', redisUrl],
]) {
  if (!(await reachable(url))) {
    console.error(`${name} is not reachable at ${url}: the services suite cannot run.`);
    process.exit(1);
  }
}

execSync('npx vitest run --project server', {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: pgUrl, TEST_REDIS_URL: redisUrl },
});
