import { CHAT_CLOSE, api } from '@cabinet/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import { MailQueue, type Mail } from '../src/plugins/mailer';
import { TestSocket } from './chat-socket-client';
import { PASSWORD, uniqueEmail } from './helpers';
import { send, startServer } from './support/server-process';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-shutdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const registration = () =>
  JSON.stringify({ email: uniqueEmail('shutdown'), password: PASSWORD, agree: true });

describe('SIGTERM', () => {
  it('finishes the request in flight, closes the sockets with 1001, stops accepting and exits 0', async () => {
    const server = await startServer(dir, { SHUTDOWN_GRACE_SECONDS: '10' });
    try {
      const firstBody = registration();
      const first = send(server.port, 'POST', api.profile.root, { body: firstBody });
      first.req.end(firstBody);
      const registered = await first.response;
      expect(registered.status, registered.body).toBe(200);
      const { tokens } = JSON.parse(registered.body) as { tokens: { access: string } };
      const socket = await TestSocket.ready(`ws://127.0.0.1:${server.port}${api.socket}`, tokens.access);

      // A slow client: the headers and half the body are sent, the rest comes after SIGTERM.
      const body = registration();
      const slow = send(server.port, 'POST', api.profile.root, { body });
      slow.req.write(body.slice(0, 10));
      await pause(300);

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      const closed = await socket.closed;
      expect(closed.code).toBe(CHAT_CLOSE.goingAway);
      expect(closed.code).toBe(1001);

      // No new connection is taken while the slow request is still being answered.
      let refused = false;
      for (const end = Date.now() + 5_000; !refused && Date.now() < end;) {
        const probe = send(server.port, 'GET', '/healthz');
        probe.req.end();
        refused = await probe.response.then(
          () => false,
          (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED',
        );
        if (!refused) await pause(100);
      }
      expect(refused).toBe(true);
      expect(server.child.exitCode).toBeNull();

      slow.req.end(body.slice(10));
      const answered = await slow.response;
      expect(answered.status, answered.body).toBe(200);
      expect(JSON.parse(answered.body)).toHaveProperty('tokens.access');

      const { code, signal } = await server.exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(server.output()).toMatch(/"signal":"SIGTERM".*shutting down/);
      expect(server.output()).toMatch(/"msg":"shut down"/);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });

  it('cuts a request still running when SHUTDOWN_GRACE_SECONDS is over, and still exits 0', async () => {
    const server = await startServer(dir, { SHUTDOWN_GRACE_SECONDS: '1' });
    try {
      const body = registration();
      const stuck = send(server.port, 'POST', api.profile.root, { body });
      stuck.req.write(body.slice(0, 10));
      await pause(300);
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await expect(stuck.response).rejects.toThrow(/socket hang up|ECONNRESET/);
      const { code } = await server.exited;
      expect(code).toBe(0);
      const took = Date.now() - signalledAt;
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(6_000);
      expect(server.output()).toMatch(/grace period is over/);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});

describe('the mail queue at shutdown', () => {
  it('delivers the whole batch it holds before the close resolves, and takes no new one', async () => {
    const database = openDatabase({ sqlitePath: join(dir, 'mail-queue.sqlite') });
    await migrateToLatest(database);
    const delivered: string[] = [];
    const waiting: Array<() => void> = [];
    const queue = new MailQueue(database, {
      // An SMTP server that takes each mail only when the test says so.
      deliver: async (mail: Mail) => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        delivered.push(mail.to);
      },
      retrySeconds: 30,
      maxAttempts: 3,
      log: Fastify({ logger: false }).log,
    });
    try {
      const mail = (to: string): Mail => ({ to, subject: 'Письмо', text: 'text', html: '<p>html</p>' });
      // Three mails waiting when the queue starts: its first round claims them as one batch.
      for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
        const now = new Date().toISOString();
        await database.db
          .insertInto('mail_queue')
          .values({
            to_address: to,
            subject: 'Письмо',
            text: 'text',
            html: '<p>html</p>',
            next_attempt_at: now,
            created_at: now,
          })
          .execute();
      }
      queue.start();
      while (waiting.length === 0) await pause(10);

      // SIGTERM while the first of the three claimed mails is being handed over.
      let closed = false;
      const closing = queue.close().then(() => (closed = true));
      await queue.send(mail('late@example.com'));
      for (let i = 0; i < 3; i += 1) {
        while (waiting.length === 0) await pause(10);
        expect(closed).toBe(false);
        waiting.shift()!();
      }
      await closing;
      expect(delivered).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
      // The batch is done (delivered rows are deleted); the mail queued during the close waits
      // for the next start or another instance.
      const left = await database.db.selectFrom('mail_queue').select(['to_address', 'status']).execute();
      expect(left).toEqual([{ to_address: 'late@example.com', status: 'pending' }]);
    } finally {
      await database.close();
    }
  });
});
