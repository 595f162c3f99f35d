import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, PushMessageSchema, type PushMessage } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { decrypt } from 'http_ece';
import { expect } from 'vitest';

/**
 * A browser's push subscription as a test holds it: the endpoint at the local push service, and
 * the browser's side of the keys (RFC 8291) — an ECDH pair made with node:crypto, the auth secret.
 */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

/** One push the local service took, decrypted with the subscription's private key. */
export interface Received {
  path: string;
  at: number;
  headers: IncomingHttpHeaders;
  message: PushMessage;
}

/**
 * A push service on 127.0.0.1, as a browser's vendor runs one: it takes `POST /<path>` with an
 * aes128gcm body, answers 201 (or what a test told it for that path), and keeps what it took,
 * decrypted with `http_ece` (the library web-push itself encrypts with) so that a test reads the
 * notification's text.
 */
export async function startPushService() {
  const subscriptions = new Map<string, TestSubscription>();
  const answers = new Map<string, number[]>();
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').slice(1);
      const planned = answers.get(path);
      const status = planned && planned.length > 0 ? (planned.shift() as number) : 201;
      const sub = subscriptions.get(path);
      if (status === 201 && sub && req.method === 'POST') {
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: sub.ecdh,
          authSecret: sub.keys.auth,
        });
        received.push({
          path,
          at: performance.now(),
          headers: req.headers,
          message: PushMessageSchema.parse(JSON.parse(plain.toString('utf8'))),
        });
        for (const wake of waiters) wake();
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    received,
    /** A new browser subscription at this service. */
    subscription(): TestSubscription {
      const path = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const sub: TestSubscription = {
        endpoint: `${base}/${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        ecdh,
      };
      subscriptions.set(path, sub);
      return sub;
    },
    /** The next answers to pushes for this subscription (then 201 again). */
    answer(sub: TestSubscription, ...statuses: number[]) {
      answers.set(sub.endpoint.slice(base.length + 1), statuses);
    },
    /** What the subscription has received so far. */
    of(sub: TestSubscription): Received[] {
      const path = sub.endpoint.slice(base.length + 1);
      return received.filter((r) => r.path === path);
    },
    /** Resolves with the subscription's `n`-th push (1-based) once it has come. */
    async next(sub: TestSubscription, n: number, timeoutMs = 5_000): Promise<Received> {
      const path = sub.endpoint.slice(base.length + 1);
      const found = () => received.filter((r) => r.path === path)[n - 1];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = found();
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`push ${n} to ${path} did not come`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** Subscribes a customer's browser through the API. */
export async function subscribeBrowser(
  app: FastifyInstance,
  auth: { authorization: string },
  sub: Pick<TestSubscription, 'endpoint' | 'keys'>,
  expected = 201,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: api.push.subscriptions,
    headers: auth,
    payload: { endpoint: sub.endpoint, keys: sub.keys },
  });
  expect(res.statusCode, res.body).toBe(expected);
}
