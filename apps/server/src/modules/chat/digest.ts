import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomToken, sha256 } from '../../lib/crypto';
import type { DB } from '../../db/types';
import { chatDigestMail } from '../../mail';
import { insertOneTimeToken } from '../auth';
import { emailAllowed } from '../notifications';
import { lockOrder, namerFor } from '../orders';
import * as repo from './repo';
import type { ChatDeps } from './types';
import { runEvery } from '../../plugins/jobs';

/**
 * The chat's e-mail digest: a customer who leaves staff messages unread for CHAT_DIGEST_MINUTES
 * gets one mail per order listing them, then none until a new message restarts the clock (the
 * customer's `chat_reads.pending_since`). Any number of instances may run it at once: each row is
 * claimed by a compare-and-set, and the mail is queued in the claiming transaction.
 */

/** Messages listed in one mail; the rest are counted. */
const LISTED = 20;
/** Rows looked at per query of a run. */
const BATCH = 100;
/** The sign-in link lives as long as the other e-mailed ones (auth's AUTO_LOGIN_TTL_MS). */
const AUTO_LOGIN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type DigestDeps = Pick<ChatDeps, 'db' | 'config' | 'mailer'>;

/** Sends every digest due at `now`; returns how many mails were queued. */
export async function sendDigests(deps: DigestDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.CHAT_DIGEST_MINUTES * 60_000).toISOString();
  let sent = 0;
  const seen = new Set<number>();
  for (;;) {
    const due = (await repo.digestDue(deps.db, cutoff, BATCH)).filter((r) => !seen.has(r.order_id));
    if (due.length === 0) return sent;
    for (const row of due) {
      seen.add(row.order_id);
      if (row.pending_since === null) continue;
      const pendingSince = row.pending_since;
      const mailed = await deps.db
        .transaction()
        .execute((trx) => digestOne(deps, trx, row.order_id, pendingSince));
      if (mailed) sent += 1;
    }
  }
}

async function digestOne(deps: DigestDeps, trx: Kysely<DB>, orderId: number, pendingSince: string) {
  // The order's lock first, as a message being stored takes it: the two run one after the other.
  const order = await lockOrder(trx, orderId);
  if (!order) return false;
  const claim = await repo.claimDigest(trx, orderId, pendingSince);
  if (!claim || claim.user_id === null) return false;
  const from = Math.max(claim.last_read_id, claim.digest_up_to_id);
  const messages = await repo.staffMessagesAfter(trx, orderId, from, LISTED);
  const last = messages.at(-1);
  if (!last) return false;
  const waiting = await repo.countUnread(trx, orderId, repo.CUSTOMER_KEY, from);
  await repo.setDigestUpTo(trx, orderId, await repo.lastId(trx, orderId));

  const user = await repo.mailSettings(trx, claim.user_id);
  // Turned off (`email_delivery`, or chat messages in the notification settings): the period is
  // over all the same, so that turning mail on later sends no backlog.
  if (!user || !(await emailAllowed(trx, claim.user_id, 'message'))) return false;

  const files = await repo.filesOfMessages(
    trx,
    orderId,
    messages.map((m) => m.id),
  );
  const namer = await namerFor(
    trx,
    orderId,
    'customer',
    messages.map((m) => m.staff_id),
  );
  const token = randomToken();
  const at = new Date();
  // The link went to this address: following it also proves it (auth's autoLogin).
  await insertOneTimeToken(trx, {
    kind: 'auto_login',
    token_hash: sha256(token),
    user_id: claim.user_id,
    payload: user.email,
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + AUTO_LOGIN_TTL_MS).toISOString(),
  });
  const base = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  const link = `${base}/order/${orderId}/chat?al=${encodeURIComponent(token)}`;
  const mail = chatDigestMail(
    user.email,
    { id: orderId, topic: order.topic },
    messages.map((m) => ({
      author: namer.actor(m.author_role, m.staff_id).name,
      at: m.created_at,
      text: m.text,
      files: files.filter((f) => f.chat_message_id === m.id).map((f) => f.original_name),
    })),
    Math.max(0, waiting - messages.length),
    link,
  );
  await deps.mailer.send(mail, trx);
  return true;
}

/** Runs the digest every quarter of CHAT_DIGEST_MINUTES and at least once a minute. */
export function startDigest(app: FastifyInstance, chat: { runDigest(): Promise<number> }): void {
  runEvery(app, {
    name: 'chat digest',
    everyMs: Math.min(60_000, (app.config.CHAT_DIGEST_MINUTES * 60_000) / 4),
    run: () => chat.runDigest(),
    done: { message: 'chat digests queued', countKey: 'sent' },
  });
}
