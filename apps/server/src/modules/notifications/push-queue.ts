import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import * as repo from './repo';

/** The application server's identity towards the push services (RFC 8292). */
export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushQueueOptions {
  db: Kysely<DB>;
  postgres: boolean;
  vapid: Vapid;
  log: FastifyBaseLogger;
  /** Seconds before the first retry; each next one waits twice as long, up to an hour. */
  retrySeconds: number;
  maxAttempts: number;
}

const BATCH = 20;
/** How often the queue looks for pushes another request or instance queued: they are meant to be prompt. */
const POLL_MS = 1_000;
/** A push service answers well within this, or the attempt counts as failed. */
const SEND_TIMEOUT_MS = 10_000;
/** A `sending` row older than this belongs to a worker that died. */
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** How long a push service keeps a push for a browser that is offline: a day. */
const TTL_SECONDS = 24 * 60 * 60;

/** What a push service answered when it did not take the push. */
class PushRefused extends Error {
  constructor(
    readonly statusCode: number,
    text: string,
  ) {
    super(`push service answered ${statusCode}${text ? `: ${text.slice(0, 200)}` : ''}`);
  }
}

/**
 * The push queue: rows of `push_queue` (migration 026) delivered in rounds, one at a time, after a
 * kick and on a timer, exactly as the mail queue (plugins/mailer.ts) delivers `mail_queue`: a round
 * claims its rows in one UPDATE only a due row passes, so instances sharing the table never claim
 * the same push. Each push is encrypted for its subscription (RFC 8291, aes128gcm) and signed
 * (VAPID) by web-push, and posted with fetch: web-push's own sender speaks only https, while a
 * test's local push service is http on the loopback. 404 and 410 mean the subscription is gone:
 * it is removed with its other pushes. Another 4xx will not get better: given up. The rest
 * (429, 5xx, the network) is retried with back-off.
 */
export class PushQueue {
  private round: Promise<void> = Promise.resolve();
  private scheduled = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: PushQueueOptions) {}

  /** Delivers what is due, after the answer that queued it has been written. */
  kick(): void {
    if (this.closed || this.scheduled) return;
    this.scheduled = true;
    this.round = this.round
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        this.scheduled = false;
        return this.drain();
      })
      .catch((err: unknown) => this.opts.log.error({ err }, 'push queue round failed'));
  }

  /** Delivers every push due now and waits until none is left (tests). */
  async flush(): Promise<void> {
    this.kick();
    await this.round;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.scheduled) return;
      repo
        .anyDue(this.opts.db, new Date(), LEASE_MS)
        .then((due) => {
          if (due) this.kick();
        })
        .catch((err: unknown) => this.opts.log.error({ err }, 'push queue poll failed'));
    }, POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.round;
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const batch = await repo.claimDue(
        this.opts.db,
        this.opts.postgres,
        randomUUID(),
        BATCH,
        new Date(),
        LEASE_MS,
      );
      if (batch.length === 0) return;
      await Promise.all(batch.map((push) => this.deliver(push)));
    }
  }

  private async deliver(push: repo.QueuedPush): Promise<void> {
    const { db, log } = this.opts;
    const claimedBy = push.claimed_by ?? '';
    try {
      await this.send(push);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const status = err instanceof PushRefused ? err.statusCode : 0;
      if (status === 404 || status === 410) {
        log.info({ subscription: push.subscription_id, status }, 'push subscription gone: removed');
        await repo.deleteSubscriptionById(db, push.subscription_id);
        return;
      }
      const retryable = status === 0 || status === 429 || status >= 500;
      if (!retryable || push.attempts >= this.opts.maxAttempts) {
        log.error({ err, pushId: push.id, status }, 'push not delivered: gave up');
        await repo.giveUp(db, push.id, claimedBy, message);
        return;
      }
      const delayMs = Math.min(this.opts.retrySeconds * 1000 * 2 ** (push.attempts - 1), MAX_BACKOFF_MS);
      log.warn({ err, pushId: push.id, attempt: push.attempts, status }, 'push not delivered: will retry');
      await repo.retryLater(db, push.id, claimedBy, nowIso(delayMs), message);
      return;
    }
    await repo.deleteSent(db, push.id, claimedBy);
  }

  private async send(push: repo.QueuedPush): Promise<void> {
    const details = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      push.payload,
      { vapidDetails: this.opts.vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'high' },
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      // A copy in an ArrayBuffer of its own: the DOM's BodyInit (the bench's types) takes no Buffer.
      body: details.body && new Uint8Array(details.body),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (res.status >= 200 && res.status < 300) {
      await res.body?.cancel();
      return;
    }
    throw new PushRefused(res.status, await res.text().catch(() => ''));
  }
}
