import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/index';
import { nowIso } from '../db/index';
import type { DB, MailQueueTable } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Queues the mail in the database; it is delivered after the answer and retried when delivery
   * fails, so a request never waits for SMTP nor reveals by its timing that it sent something.
   * `db`: the caller's transaction, so that the mail is queued only if the transaction commits.
   */
  send(mail: Mail, db?: Kysely<DB>): Promise<void>;
  /** Delivers every mail due now and waits until none is left (tests, the dev outbox). */
  flush(): Promise<void>;
}

/** Hands one mail over — to an SMTP server or the dev outbox — or throws when it was not taken. */
export type Deliver = (mail: Mail) => Promise<void>;

export interface MailQueueOptions {
  deliver: Deliver;
  /** Seconds before the first retry; each next one waits twice as long, up to an hour. */
  retrySeconds: number;
  /** Deliveries tried before a mail is given up as failed. */
  maxAttempts: number;
  log: FastifyBaseLogger;
}

type QueuedMail = Selectable<MailQueueTable>;

const BATCH = 10;
/** How often the queue looks for retries that came due and for mail another instance left. */
const POLL_MS = 5_000;
/** A `sending` row older than this belongs to a worker that died: well above an SMTP timeout. */
const LEASE_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * The mail queue: rows in `mail_queue` (migration 007), delivered by this process in rounds that
 * run one at a time, after each `send` and on a timer. Several instances share the table: a round
 * claims its rows in one UPDATE that only a row still due passes, so no two claim the same mail.
 */
export class MailQueue implements Mailer {
  private round: Promise<void> = Promise.resolve();
  private scheduled = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly opts: MailQueueOptions,
  ) {}

  async send(mail: Mail, db: Kysely<DB> = this.database.db): Promise<void> {
    const now = nowIso();
    await db
      .insertInto('mail_queue')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
    this.kick();
  }

  async flush(): Promise<void> {
    this.kick();
    await this.round;
  }

  /** Delivers what an earlier run left, then keeps polling. */
  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling and waits for the round under way (a new one would find the pool closed). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.round;
  }

  /**
   * Schedules a round after the ones under way. It starts from `setImmediate`, after the promise
   * callbacks that write the current answer: the visitor never waits for it.
   */
  private kick(): void {
    if (this.closed || this.scheduled) return;
    this.scheduled = true;
    this.round = this.round
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        this.scheduled = false;
        return this.drain();
      })
      .catch((err: unknown) => this.opts.log.error({ err }, 'mail queue round failed'));
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const batch = await this.claim();
      if (batch.length === 0) return;
      for (const mail of batch) await this.deliver(mail);
    }
  }

  /**
   * Takes up to a batch of due rows for this round. The rows are picked in a materialised CTE:
   * as a plain `IN (subquery … LIMIT)` PostgreSQL may run the pick again per row and claim far
   * more than a batch. There the pick also skips rows another worker's claim has locked (else this
   * claim would wait for them and come back empty while others were due), and the UPDATE's own
   * WHERE repeats the due condition, which PostgreSQL re-checks on a row changed since the pick.
   * SQLite runs one writer at a time.
   */
  private async claim(): Promise<QueuedMail[]> {
    const now = new Date();
    const nowText = now.toISOString();
    const staleText = new Date(now.getTime() - LEASE_MS).toISOString();
    const due = (eb: ExpressionBuilder<DB, 'mail_queue'>) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowText)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleText)]),
      ]);
    const postgres = this.database.dialect === 'postgres';
    return this.database.db
      .with(
        (cte) => cte('picked').materialized(),
        (db) => {
          const pick = db.selectFrom('mail_queue').select('id').where(due).orderBy('id').limit(BATCH);
          return postgres ? pick.forUpdate().skipLocked() : pick;
        },
      )
      .updateTable('mail_queue')
      .set((eb) => ({
        status: 'sending',
        claimed_by: randomUUID(),
        claimed_at: nowText,
        attempts: eb('attempts', '+', 1),
      }))
      .where((eb) => eb.and([eb('id', 'in', eb.selectFrom('picked').select('picked.id')), due(eb)]))
      .returningAll()
      .execute();
  }

  private async deliver(mail: QueuedMail): Promise<void> {
    const db = this.database.db;
    const mine = db
      .updateTable('mail_queue')
      .where('id', '=', mail.id)
      .where('claimed_by', '=', mail.claimed_by);
    try {
      await this.opts.deliver({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (err) {
      const lastError = err instanceof Error ? err.message : String(err);
      if (mail.attempts >= this.opts.maxAttempts) {
        this.opts.log.error({ err, mailId: mail.id, subject: mail.subject }, 'mail not delivered: gave up');
        // Kept to be seen, without the body: it may hold a code or a password.
        await mine
          .set({ status: 'failed', text: '', html: '', last_error: lastError, claimed_by: null })
          .execute();
        return;
      }
      const delayMs = Math.min(this.opts.retrySeconds * 1000 * 2 ** (mail.attempts - 1), MAX_BACKOFF_MS);
      this.opts.log.warn(
        { err, mailId: mail.id, subject: mail.subject, attempt: mail.attempts },
        'mail not delivered: will retry',
      );
      await mine
        .set({
          status: 'pending',
          next_attempt_at: nowIso(delayMs),
          last_error: lastError,
          claimed_by: null,
          claimed_at: null,
        })
        .execute();
      return;
    }
    await db
      .deleteFrom('mail_queue')
      .where('id', '=', mail.id)
      .where('claimed_by', '=', mail.claimed_by)
      .execute();
  }
}

/** Delivers to an SMTP server, with timeouts well inside the queue's lease. */
export function smtpDelivery(url: string, from: string): { deliver: Deliver; close(): void } {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    deliver: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP the mail is kept in the outbox table and, outside production, shown at /dev/outbox. */
function outboxDelivery(database: Database): Deliver {
  return async (mail) => {
    await database.db
      .insertInto('outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        created_at: nowIso(),
      })
      .execute();
  };
}

export default fp(
  async function mailerPlugin(app: FastifyInstance) {
    const { SMTP_URL, MAIL_FROM, MAIL_RETRY_SECONDS, MAIL_MAX_ATTEMPTS } = app.config;
    const smtp = SMTP_URL ? smtpDelivery(SMTP_URL, MAIL_FROM) : undefined;
    const queue = new MailQueue(app.database, {
      deliver: smtp?.deliver ?? outboxDelivery(app.database),
      retrySeconds: MAIL_RETRY_SECONDS,
      maxAttempts: MAIL_MAX_ATTEMPTS,
      log: app.log,
    });
    app.decorate('mailer', queue);
    app.addHook('onReady', async () => queue.start());
    // Runs before the database plugin's own onClose (hooks close in reverse order).
    app.addHook('onClose', async () => {
      await queue.close();
      smtp?.close();
    });
  },
  { name: 'mailer', dependencies: ['db'] },
);
