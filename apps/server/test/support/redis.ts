import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A Redis of the test's own (never the shared one: it may be killed and started again, and the
 * bus's one channel must carry only this test's frames).
 */
export async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const end = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(true)); // taken: the Redis listens
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (up) return redis;
    if (Date.now() > end) throw new Error('redis-server did not start');
    await pause(50);
  }
}

export async function stopRedis(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null || redis.signalCode !== null) return;
  const exited = new Promise((resolve) => redis.once('exit', resolve));
  redis.kill('SIGKILL');
  await exited;
}
