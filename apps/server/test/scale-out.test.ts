import {
  CHAT_CLOSE,
  ChatMessageSchema,
  ChatPageSchema,
  OrderCreatedSchema,
  StaffTokenSchema,
  TokensResponseSchema,
  WorkTypeListSchema,
  api,
  referenceApi,
  staffApi,
  type ChatMessage,
} from '@cabinet/contract';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config';
import { TestSocket } from './chat-socket-client';
import { multipart, orderBody, samples } from './orders-fixtures';
import {
  SITE_TEMPLATE,
  renderSite,
  requireNginx,
  selfSignedCertificate,
  startNginx,
  type RunningNginx,
} from './support/nginx';
import { freePort, startRedis, stopRedis } from './support/redis';
import { startS3, type TestS3 } from './support/s3';
import { compileServer, compiled, send, startServer, type RunningServer } from './support/server-process';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('docs/deploy.md', () => {
  const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/deploy.md'), 'utf8');

  it('shows the nginx site file this test runs, word for word', () => {
    expect(doc).toContain(`\`\`\`nginx\n${readFileSync(SITE_TEMPLATE, 'utf8')}\`\`\``);
  });

  it('names every variable the server reads', () => {
    const missing = Object.keys(ConfigSchema.shape).filter((key) => !doc.includes(`\`${key}\``));
    expect(missing).toEqual([]);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

/** A request through nginx: what came back, and the X-Request-Id it was sent with. */
interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  requestId: string;
}
interface CallOptions {
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
}
interface Instance {
  name: string;
  server: RunningServer;
}

const textOf = (reply: Reply) => reply.body.toString('utf8');
const jsonOf = (reply: Reply): unknown => JSON.parse(textOf(reply));

/**
 * The production layout of docs/deploy.md on loopback: two compiled servers (ADR 037) on one
 * PostgreSQL database, one Redis and one S3-compatible bucket (s3rver), behind Debian's nginx
 * running docs/nginx/cabinet.conf itself (TLS with a certificate of the test's own). A customer
 * and the order's author chat and exchange files through nginx; one instance is stopped with
 * SIGTERM mid-conversation, its clients reconnect through nginx to the other, and every message
 * reaches both sides once, in order.
 *
 * Which instance served what is read, never assumed: an HTTP request's X-Request-Id (passed on by
 * nginx, logged by the server as `reqId`) is looked for in the two instances' logs, and a socket's
 * instance is the one whose `chat_sockets_open` (GET /metrics, asked directly) counts it. The
 * upstream's `least_conn` sends the second socket to the instance without the first, and the test
 * checks that it did.
 */
describe.skipIf(!pgUrl)(
  `two instances behind nginx${pgUrl ? '' : ' (skipped: needs TEST_DATABASE_URL — the services suite)'}`,
  () => {
    /** The build (under apps/server, where its imports resolve: compileServer) and the rest. */
    let outDir: string | undefined;
    let dir: string | undefined;
    const database = `cabinet_scale_${process.pid}_${randomUUID().slice(0, 8)}`;
    let databaseCreated = false;
    let s3: TestS3 | undefined;
    let redis: ChildProcess | undefined;
    let nginx: RunningNginx | undefined;
    const instances: Instance[] = [];
    let agent: Agent;
    let ca: Buffer;
    let sitePort: number;
    /** The socket on its own port (spec §7, a web build with SOCKET_PORT_RULE=spec)… */
    let socketBase: string;
    /** …and at the site's origin (the default build): the site file serves it on both. */
    let siteSocketBase: string;

    let orderId: number;
    let customer: ChatClient;
    let author: ChatClient;
    /** The instance each client's first socket landed on. */
    let customerHome: Instance;
    let authorHome: Instance;
    /** Every text said, in the order it was said. */
    const said: string[] = [];
    const files: Array<{ name: string; bytes: Buffer; download: string; by: ChatClient }> = [];

    function call(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
      const requestId = `scale-${randomUUID()}`;
      const body = opts.json === undefined ? opts.body : Buffer.from(JSON.stringify(opts.json));
      return new Promise((done, fail) => {
        const req = httpsRequest(
          {
            host: '127.0.0.1',
            port: sitePort,
            method,
            path,
            agent,
            headers: {
              'x-request-id': requestId,
              ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
              ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
              ...(body ? { 'content-length': String(body.length) } : {}),
              ...opts.headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              done({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
                requestId,
              }),
            );
            res.on('error', fail);
          },
        );
        req.on('error', fail);
        req.end(body);
      });
    }

    /** The instance whose log holds the request's id. */
    async function servedBy(reply: Reply): Promise<Instance> {
      const needle = `"reqId":"${reply.requestId}"`;
      for (const end = Date.now() + 3_000; Date.now() < end; await pause(20)) {
        const found = instances.filter((i) => i.server.output().includes(needle));
        if (found.length > 1) throw new Error(`${reply.requestId} is in the logs of both instances`);
        if (found[0]) return found[0];
      }
      throw new Error(`no instance logged ${reply.requestId}`);
    }

    /** The sockets an instance holds, by its own count (GET /metrics on its port, not through nginx). */
    async function socketsOn(instance: Instance): Promise<number> {
      const request = send(instance.server.port, 'GET', '/metrics');
      request.req.end();
      const answer = await request.response;
      const m = /^chat_sockets_open (\d+)$/m.exec(answer.body);
      if (!m) throw new Error(`no chat_sockets_open on ${instance.name}: ${answer.status}`);
      return Number(m[1]);
    }

    /**
     * A user's client as the web app is one: a socket through nginx that reconnects (with jittered
     * backoff) when the server goes away and then fetches what it missed over REST; requests
     * repeated on a 502/503 or a cut connection, a message with the same client_id.
     */
    class ChatClient {
      readonly sockets: TestSocket[] = [];
      readonly resumed: ChatMessage[] = [];
      retries = 0;
      reconnecting: Promise<void> | null = null;
      /** The test holds a reconnect back until this settles, to send while the client is away. */
      hold: Promise<void> = Promise.resolve();
      stopped = false;

      constructor(
        readonly name: string,
        readonly token: string,
        readonly base: string,
        readonly messagesPath: string,
        readonly downloadPath: (fileId: number) => string,
      ) {}

      /** Every message the client has, pushed or fetched, once each, oldest first. */
      view(): ChatMessage[] {
        const byId = new Map<number, ChatMessage>();
        for (const socket of this.sockets) {
          for (const f of socket.of('message', (f) => f.payload.order_id === orderId)) {
            byId.set(f.payload.message.id, f.payload.message);
          }
        }
        for (const m of this.resumed) byId.set(m.id, m);
        return [...byId.values()].sort((a, b) => a.id - b.id);
      }

      async connect(): Promise<TestSocket> {
        const socket = await TestSocket.open(this.base, this.token, { ca });
        const ready = await Promise.race([
          socket.waitFor('ready', () => true, 5_000).then(() => true),
          socket.closed.then(() => false),
        ]);
        if (!ready) throw new Error(`${this.name}: the socket closed before it was ready`);
        this.sockets.push(socket);
        void socket.closed.then(({ code }) => {
          if (code === CHAT_CLOSE.goingAway && !this.stopped) this.reconnecting = this.reconnect();
        });
        return socket;
      }

      private async reconnect(): Promise<void> {
        await this.hold;
        for (let attempt = 1; ; attempt += 1) {
          await pause(100 + Math.random() * 200);
          try {
            await this.connect();
            break;
          } catch (err) {
            if (attempt >= 10) throw err;
          }
        }
        // Then whatever came meanwhile: the pages after the newest message the client had.
        for (let cursor = this.view().at(-1)?.id ?? 0, more = true; more;) {
          const reply = await this.request('GET', `${this.messagesPath}?after=${cursor}&limit=3`);
          expect(reply.status, textOf(reply)).toBe(200);
          const page = ChatPageSchema.parse(jsonOf(reply));
          const oldestFirst = [...page.results].reverse();
          this.resumed.push(...oldestFirst);
          cursor = oldestFirst.at(-1)?.id ?? cursor;
          more = page.has_more;
        }
      }

      async request(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
        for (let attempt = 1; ; attempt += 1) {
          try {
            const reply = await call(method, path, { ...opts, token: this.token });
            if (![502, 503, 504].includes(reply.status) || attempt >= 30) return reply;
          } catch (err) {
            if (attempt >= 30) throw err;
          }
          this.retries += 1;
          await pause(100 + Math.random() * 100);
        }
      }

      async say(text: string, fileIds: number[] = []): Promise<ChatMessage> {
        const reply = await this.request('POST', this.messagesPath, {
          json: { text, client_id: randomUUID(), file_ids: fileIds },
        });
        // 200: a repeat of a message an earlier attempt stored (its answer was lost).
        expect([200, 201], textOf(reply)).toContain(reply.status);
        said.push(text);
        return ChatMessageSchema.parse(jsonOf(reply));
      }
    }

    /** GETs the file through nginx until an instance other than `not` served it (nginx balances). */
    async function downloadAvoiding(who: ChatClient, path: string, not: Instance) {
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const reply = await who.request('GET', path);
        expect(reply.status, textOf(reply)).toBe(200);
        const by = await servedBy(reply);
        if (by !== not) return { reply, by };
      }
      throw new Error(`nginx sent every download of ${path} to ${not.name}`);
    }

    beforeAll(async () => {
      // The services suite fails without nginx rather than skip the one test of the deployment.
      requireNginx();
      const builds = resolve(import.meta.dirname, '../.tmp');
      mkdirSync(builds, { recursive: true });
      const build = (outDir = mkdtempSync(join(builds, 'scale-out-')));
      const work = (dir = mkdtempSync(join(tmpdir(), 'cabinet-scale-out-')));
      const ports = { site: await freePort(), socket: await freePort(), redis: await freePort() };
      sitePort = ports.site;
      socketBase = `wss://127.0.0.1:${ports.socket}${api.socket}`;
      siteSocketBase = `wss://127.0.0.1:${ports.site}${api.socket}`;
      const nginxDir = join(work, 'nginx');
      mkdirSync(nginxDir);
      let cert: Awaited<ReturnType<typeof selfSignedCertificate>> | undefined;
      // Settled, not raced: whatever started must be known to afterAll, even when a part failed.
      const started = await Promise.allSettled([
        compileServer(build),
        (async () => {
          cert = await selfSignedCertificate(work);
        })(),
        (async () => {
          const admin = new pg.Client({ connectionString: pgUrl });
          await admin.connect();
          try {
            await admin.query(`create database ${database}`);
            databaseCreated = true;
          } finally {
            await admin.end();
          }
        })(),
        (async () => {
          s3 = await startS3();
        })(),
        (async () => {
          redis = await startRedis(ports.redis);
        })(),
      ]);
      for (const part of started) if (part.status === 'rejected') throw part.reason;
      if (!cert) throw new Error('no certificate');
      ca = cert.pem;
      agent = new Agent({ ca, keepAlive: true });
      const url = new URL(pgUrl as string);
      url.pathname = `/${database}`;
      const shared = {
        DATABASE_URL: url.toString(),
        REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
        ...s3?.env,
        // Both sign and check the same tokens; nginx is the one hop in front (docs/deploy.md).
        JWT_SECRET: `scale-out-${randomUUID()}`,
        TRUST_PROXY: '1',
        PUBLIC_URL: `https://localhost:${ports.site}`,
        DOCUMENT_WORKERS: '1',
        // The SDK's notice that its 2027 releases need Node 22 (ADR 040) is the one line on stderr
        // that is not the log's JSON; the log is read below.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      };
      // One after the other: the first migrates the new database and seeds the demo staff
      // (test mode; production never seeds), the second finds both done.
      for (const name of ['A', 'B']) {
        const own = join(work, name);
        mkdirSync(own);
        const env = { ...shared, SEED_DEMO: name === 'A' ? '1' : '0' };
        instances.push({ name, server: await startServer(own, env, compiled(build)) });
      }
      const site = renderSite({
        INSTANCES: instances
          .map((i) => `    server 127.0.0.1:${i.server.port} max_fails=3 fail_timeout=10s;`)
          .join('\n'),
        SITE_LISTEN: `127.0.0.1:${ports.site}`,
        SOCKET_LISTEN: `127.0.0.1:${ports.socket}`,
        SERVER_NAME: 'localhost',
        TLS_CERTIFICATE: cert.cert,
        TLS_CERTIFICATE_KEY: cert.key,
      });
      nginx = await startNginx(nginxDir, site, [ports.site, ports.socket]);
    }, 90_000);

    afterAll(async () => {
      const steps: Array<() => Promise<unknown> | unknown> = [
        () => {
          for (const client of [customer, author]) {
            if (!client) continue;
            client.stopped = true;
            for (const socket of client.sockets) socket.close();
          }
        },
        () => agent?.destroy(),
        () => nginx?.stop(),
        ...instances.map((i) => async () => {
          if (i.server.child.exitCode !== null || i.server.child.signalCode !== null) return;
          i.server.child.kill('SIGKILL');
          await i.server.exited;
        }),
        async () => {
          if (!databaseCreated) return;
          const admin = new pg.Client({ connectionString: pgUrl });
          await admin.connect();
          try {
            await admin.query(`drop database if exists ${database} with (force)`);
          } finally {
            await admin.end();
          }
        },
        () => (redis ? stopRedis(redis) : undefined),
        () => s3?.close(),
        () => outDir && rmSync(outDir, { recursive: true, force: true }),
        () => dir && rmSync(dir, { recursive: true, force: true }),
      ];
      const failures: unknown[] = [];
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          failures.push(err);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, 'the scale-out test did not clean up');
    }, 30_000);

    it('puts the customer’s socket on one instance and the author’s on the other, through nginx', async () => {
      const registered = await call('POST', api.profile.root, {
        json: { email: `scale-${randomUUID()}@example.com`, password: 'Zelenyi-Kit-2026', agree: true },
      });
      expect(registered.status, textOf(registered)).toBe(200);
      const customerToken = TokensResponseSchema.parse(jsonOf(registered)).tokens.access;
      const workTypes = await call('GET', referenceApi.workTypes, { token: customerToken });
      const workType = WorkTypeListSchema.parse(jsonOf(workTypes))[0]!;
      const placed = await call('POST', api.orders.root, { token: customerToken, json: orderBody(workType) });
      expect(placed.status, textOf(placed)).toBe(201);
      orderId = OrderCreatedSchema.parse(jsonOf(placed)).id;

      // The demo staff (src/db/seed-staff.ts): the manager gives the order to the first author.
      const signIn = async (email: string, password: string) => {
        const reply = await call('POST', staffApi.login, { json: { email, password } });
        expect(reply.status, textOf(reply)).toBe(200);
        return StaffTokenSchema.parse(jsonOf(reply));
      };
      const manager = await signIn('manager@example.com', 'manager12345');
      const performer = await signIn('performer@example.com', 'performer12345');
      const assigned = await call('POST', staffApi.assign(orderId), {
        token: manager.access,
        json: { performer_id: performer.staff.id },
      });
      expect(assigned.status, textOf(assigned)).toBe(200);

      customer = new ChatClient('customer', customerToken, socketBase, api.orders.messages(orderId), (f) =>
        api.orders.fileDownload(orderId, f),
      );
      author = new ChatClient('author', performer.access, siteSocketBase, staffApi.messages(orderId), (f) =>
        staffApi.fileDownload(orderId, f),
      );
      const counts = () => Promise.all(instances.map(socketsOn));
      await customer.connect();
      const afterCustomer = await counts();
      expect([...afterCustomer].sort()).toEqual([0, 1]);
      customerHome = instances[afterCustomer.indexOf(1)]!;
      // least_conn: the instance holding the customer's socket has one connection, the other none.
      await author.connect();
      expect(await counts()).toEqual([1, 1]);
      authorHome = instances.find((i) => i !== customerHome)!;

      const hello = await customer.say('Здравствуйте! Когда будет план?');
      await author.sockets[0]!.waitFor('message', (f) => f.payload.message.id === hello.id);
      const reply = await author.say('Добрый день! План пришлю сегодня.');
      await customer.sockets[0]!.waitFor('message', (f) => f.payload.message.id === reply.id);
    }, 30_000);

    it('downloads a file through the instance that did not store it, both ways', async () => {
      const toAuthor = multipart([{ name: 'Методичка.pdf', content: samples.pdf }]);
      const uploaded = await customer.request('POST', api.orders.ajaxFiles, {
        body: toAuthor.payload,
        headers: toAuthor.headers,
      });
      expect(uploaded.status, textOf(uploaded)).toBe(201);
      const customerFile = (jsonOf(uploaded) as Array<{ id: number }>)[0]!.id;
      const withFile = await customer.say('Вот методичка', [customerFile]);
      await author.sockets[0]!.waitFor('message', (f) => f.payload.message.id === withFile.id);

      const plan = Buffer.from('План работы:\n1. Введение\n2. Обзор литературы\n', 'utf8');
      const toCustomer = multipart([{ name: 'План.txt', content: plan, type: 'text/plain' }]);
      const staffUpload = await author.request('POST', `${staffApi.files(orderId)}?kind=intermediate`, {
        body: toCustomer.payload,
        headers: toCustomer.headers,
      });
      expect(staffUpload.status, textOf(staffUpload)).toBe(201);
      const authorFile = (jsonOf(staffUpload) as Array<{ id: number }>)[0]!.id;
      const withPlan = await author.say('План во вложении', [authorFile]);
      await customer.sockets[0]!.waitFor('message', (f) => f.payload.message.id === withPlan.id);

      for (const [from, upload, to, fileId, bytes] of [
        [customer, uploaded, author, customerFile, samples.pdf],
        [author, staffUpload, customer, authorFile, plan],
      ] as const) {
        const storedOn = await servedBy(upload);
        const { reply, by } = await downloadAvoiding(to, to.downloadPath(fileId), storedOn);
        expect(by).not.toBe(storedOn);
        expect(reply.body.equals(bytes)).toBe(true);
        files.push({ name: `${from.name}'s`, bytes, download: to.downloadPath(fileId), by: to });
      }
    }, 30_000);

    it('loses and doubles nothing when an instance stops mid-conversation: the clients reconnect through nginx to the other', async () => {
      const victim = customerHome;
      const survivor = authorHome;
      const other = (who: ChatClient) => (who === customer ? author : customer);
      /** Says it, and waits for the other side's live socket to be pushed it. */
      const sayLive = async (who: ChatClient, text: string) => {
        const m = await who.say(text);
        await other(who)
          .sockets.at(-1)!
          .waitFor('message', (f) => f.payload.message.id === m.id);
      };
      await sayLive(customer, 'Вопрос 1');
      await sayLive(author, 'Ответ 1');
      await sayLive(customer, 'Вопрос 2');
      await sayLive(author, 'Ответ 2');

      // A deploy stops the customer's instance while the customer is sending: the request goes
      // through nginx as the instance closes, and the customer's socket is told 1001.
      let release = () => {};
      customer.hold = new Promise<void>((r) => (release = r));
      const sending = customer.say('Вопрос 3');
      victim.server.child.kill('SIGTERM');
      await sending;
      expect(await customer.sockets[0]!.closed).toMatchObject({ code: CHAT_CLOSE.goingAway });
      expect(customer.reconnecting, 'the customer’s client reconnects').not.toBeNull();
      // While the customer's client is away (held before it reconnects), both sides go on.
      const offline = [
        await author.say('Ответ 3'),
        await customer.say('Вопрос 4'),
        await author.say('Ответ 4'),
      ];
      release();
      await customer.reconnecting;
      // What came meanwhile was fetched over REST, after the newest message the client had.
      expect(customer.resumed.map((m) => m.id)).toEqual(expect.arrayContaining(offline.map((m) => m.id)));
      expect(customer.sockets[1]!.of('message').map((f) => f.payload.message.id)).toEqual([]);
      // And the conversation goes on live, both sockets now on the survivor.
      for (let i = 5; i <= 7; i += 1) {
        await sayLive(customer, `Вопрос ${i}`);
        await sayLive(author, `Ответ ${i}`);
      }
      expect(await victim.server.exited).toEqual({ code: 0, signal: null });

      // The whole history, as the server keeps it.
      const history: ChatMessage[] = [];
      for (let cursor = 0, more = true; more;) {
        const reply = await author.request('GET', `${staffApi.messages(orderId)}?after=${cursor}&limit=50`);
        const page = ChatPageSchema.parse(jsonOf(reply));
        const oldestFirst = [...page.results].reverse();
        history.push(...oldestFirst);
        cursor = oldestFirst.at(-1)?.id ?? cursor;
        more = page.has_more;
      }
      expect(history.map((m) => m.text)).toEqual(said);
      expect(new Set(history.map((m) => m.client_id)).size).toBe(history.length);
      const ids = history.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));

      // Both clients end with every message, each once, in order: the pushes that still come and
      // what the reconnected client fetched.
      for (const client of [customer, author]) {
        for (const end = Date.now() + 10_000; client.view().length < history.length && Date.now() < end;) {
          await pause(50);
        }
        expect(
          client.view().map((m) => [m.id, m.text]),
          client.name,
        ).toEqual(history.map((m) => [m.id, m.text]));
        for (const socket of client.sockets) {
          const pushed = socket.of('message').map((f) => f.payload.message.id);
          expect(pushed, `${client.name}: pushed once each, in order`).toEqual(
            [...new Set(pushed)].sort((a, b) => a - b),
          );
        }
      }
      // The author's socket lived through it and was pushed every message, exactly once.
      expect(author.sockets).toHaveLength(1);
      expect(author.sockets[0]!.ws.readyState).toBe(author.sockets[0]!.ws.OPEN);
      expect(author.sockets[0]!.of('message').map((f) => f.payload.message.id)).toEqual(ids);
      // The customer's was closed with 1001, and its new one is on the survivor with the author's.
      expect(await customer.sockets[0]!.closed).toMatchObject({ code: CHAT_CLOSE.goingAway });
      expect(customer.sockets).toHaveLength(2);
      expect(await socketsOn(survivor)).toBe(2);

      const log = victim.server
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(log.filter((line) => line.level >= 50)).toEqual([]);
      expect(log.at(-1)?.msg).toBe('shut down');
    }, 40_000);

    it('still downloads both files, through the one instance left', async () => {
      const survivor = authorHome;
      for (const file of files) {
        const reply = await file.by.request('GET', file.download);
        expect(reply.status, textOf(reply)).toBe(200);
        expect(await servedBy(reply)).toBe(survivor);
        expect(reply.body.equals(file.bytes), file.name).toBe(true);
      }
    });
  },
);
