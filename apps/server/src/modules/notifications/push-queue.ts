import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { backoffMs, DeliveryLoop } from '../../lib/queue/delivery';
import * as queue from '../../lib/queue/repo';
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
/** A push service answers well within this, or the attempt counts as failed. */
const SEND_TIMEOUT_MS = 10_000;
/** A `sending` row older than this belongs to a worker that died. */
const LEASE_MS = 2 * 60_000;
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
 * The push queue: rows of `push_queue` (migration 026) claimed and retried as every delivery queue
 * is (lib/queue: one UPDATE only a due row passes, so instances sharing the table never claim the
 * same push; a round after each kick and on a one-second poll). Each push is encrypted for its
 * subscription (RFC 8291, aes128gcm) and signed (VAPID) by web-push, and posted with fetch:
 * web-push's own sender speaks only https, while a test's local push service is http on the
 * loopback. 404 and 410 mean the subscription is gone: it is removed with its other pushes.
 * Another 4xx will not get better: given up. The rest (429, 5xx, the network) is retried with
 * back-off.
 */
export class PushQueue {
  private readonly loop: DeliveryLoop<repo.QueuedPush>;

  constructor(private readonly opts: PushQueueOptions) {
    const { db, postgres } = opts;
    this.loop = new DeliveryLoop('push queue', opts.log, {
      claim: async () =>
        repo.claimedPushes(
          db,
          await queue.claimDue(db, 'push_queue', postgres, randomUUID(), BATCH, new Date(), LEASE_MS),
        ),
      anyDue: () => queue.anyDue(db, 'push_queue', new Date(), LEASE_MS),
      deliver: (push) => this.deliver(push),
    });
  }

  /** Delivers what is due, after the answer that queued it has been written. */
  kick(): void {
    this.loop.kick();
  }

  /** Delivers every push due now and waits until none is left (tests). */
  flush(): Promise<void> {
    return this.loop.flush();
  }

  start(): void {
    this.loop.start();
  }

  close(): Promise<void> {
    return this.loop.close();
  }

  private async deliver(push: repo.QueuedPush): Promise<void> {
    const { db, log } = this.opts;
    const claimed = { id: push.id, attempts: push.attempts, claimed_by: push.claimed_by ?? '' };
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
        await queue.giveUp(db, 'push_queue', claimed, message);
        return;
      }
      log.warn({ err, pushId: push.id, attempt: push.attempts, status }, 'push not delivered: will retry');
      const nextAt = nowIso(backoffMs(this.opts.retrySeconds, push.attempts));
      await queue.retryLater(db, 'push_queue', claimed, nextAt, message);
      return;
    }
    await queue.deleteDone(db, 'push_queue', claimed);
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
