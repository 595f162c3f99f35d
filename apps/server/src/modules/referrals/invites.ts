import {
  authMessages,
  referralMessages,
  type Friends,
  type Invite,
  type InviteChannel,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { HttpError, badRequest } from '../../plugins/errors';
import { escapeHtml } from '../../mail';
import type { Mail, Mailer } from '../../plugins/mailer';
import type { RateLimits } from '../../plugins/rate-limit';
import { CUSTOMER_FALLBACK_NAME, firstName } from '../orders';
import { maskPhone, smsPhone, type SmsSender } from '../payments';
import { isUniqueViolation } from '../users';
import { ensureReferralCode, referralLink } from './codes';
import { maskEmail, shortName } from './names';
import {
  countInvitesSince,
  findInvite,
  findInviter,
  findOldestInviteSince,
  findUserIdBy,
  insertInvite,
  selectInvites,
  selectReferredFriends,
} from './repo';
import { lockCustomer } from '../ledger';

const DAY_MS = 24 * 60 * 60 * 1000;
const SERVICE = 'Кабинет студента';

export interface InviteDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  /**
   * Made per transaction: without a gateway the SMS is written to sms_outbox with the invite. A
   * gateway's failure is logged to the request's logger, with its id (ADR 034).
   */
  sms: (db: Kysely<DB>) => SmsSender;
  publicUrl: string;
  perDay: number;
  /** Kopecks each side gets. */
  reward: number;
  /** The shared limiter: what one address or number receives from all customers together. */
  limits: Pick<RateLimits, 'invitationTo'>;
}

const rub = (kopecks: number) => `${Math.floor(kopecks / 100).toLocaleString('ru-RU')} ₽`;

export function inviteMail(to: string, inviter: string, link: string, reward: number): Mail {
  const lines = [
    `${inviter} приглашает вас в «${SERVICE}» — сервис помощи с учебными работами.`,
    reward > 0
      ? `Зарегистрируйтесь по ссылке и оплатите первый заказ: вы и ${inviter} получите по ${rub(reward)} бонусами.`
      : 'Зарегистрируйтесь по ссылке — это займёт минуту.',
    'Если вы не знаете отправителя, просто проигнорируйте это письмо: больше писать не будем.',
  ];
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;line-height:1.5">\n${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join(
      '\n',
    )}\n<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0b5f5a;color:#fff;border-radius:6px;text-decoration:none">Зарегистрироваться</a></p>\n<p style="color:#555">Если кнопка не открывается, скопируйте ссылку в браузер:<br>${escapeHtml(link)}</p>\n<p style="color:#555">— ${SERVICE}</p></body></html>`;
  return {
    to,
    subject: `${inviter} приглашает вас в «${SERVICE}»`,
    text: [...lines, '', `Зарегистрироваться: ${link}`, '', `— ${SERVICE}`].join('\n'),
    html,
  };
}

export function inviteSms(inviter: string, link: string, reward: number): string {
  return reward > 0
    ? `${inviter} приглашает вас в «${SERVICE}»: ${rub(reward)} бонусами за первый заказ. ${link}`
    : `${inviter} приглашает вас в «${SERVICE}»: ${link}`;
}

function masked(channel: InviteChannel, recipient: string): string {
  return channel === 'email' ? maskEmail(recipient) : maskPhone(recipient);
}

/**
 * Sends an invitation and records it, in one transaction holding the customer's lock (so that
 * INVITES_PER_DAY holds under parallel requests): refused for oneself (400 on the field), for an
 * address or number already a customer's (409), for a recipient this customer invited before (409,
 * also when two such requests race: the unique index), past the day's limit (429), and past what
 * one recipient may receive from everybody (429, ADR 009). The e-mail is queued in the transaction;
 * the SMS goes to the gateway (or sms_outbox) inside it, so a failed SMS records nothing (503).
 * A number is compared and stored as E.164, the form users.phone holds (ADR 023).
 */
export async function sendInvite(
  deps: InviteDeps,
  userId: number,
  channel: InviteChannel,
  given: string,
): Promise<Invite> {
  const field = channel === 'email' ? 'email' : 'phone';
  const column = channel === 'email' ? 'email' : 'phone';
  const recipient = channel === 'email' ? given.trim().toLowerCase() : smsPhone(given);
  if (recipient === null) throw badRequest('phone', authMessages.phoneInvalid);
  const code = await ensureReferralCode(deps.db, userId);
  const link = referralLink(deps.publicUrl, code);
  const repeated = () =>
    new HttpError(
      409,
      channel === 'email' ? referralMessages.repeatedEmail : referralMessages.repeatedPhone,
      undefined,
    );
  // Taken just before the invitation is recorded; given back if nothing is sent after all.
  let received: Awaited<ReturnType<InviteDeps['limits']['invitationTo']>> | undefined;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockCustomer(trx, userId);
      const me = await findInviter(trx, userId);
      if (me[column] === recipient) {
        throw badRequest(field, channel === 'email' ? referralMessages.self : referralMessages.selfPhone);
      }
      const before = await findInvite(trx, userId, channel, recipient);
      if (before) throw repeated();
      const customer = await findUserIdBy(trx, column, recipient);
      if (customer) {
        throw new HttpError(
          409,
          channel === 'email' ? referralMessages.existingEmail : referralMessages.existingPhone,
        );
      }
      const since = new Date(Date.now() - DAY_MS).toISOString();
      const today = await countInvitesSince(trx, userId, since);
      if (Number(today.n) >= deps.perDay) {
        const oldest = await findOldestInviteSince(trx, userId, since);
        const retryMs = oldest ? Date.parse(oldest.sent_at) + DAY_MS - Date.now() : DAY_MS;
        throw new HttpError(429, referralMessages.perDay(deps.perDay), undefined, {
          'retry-after': String(Math.max(1, Math.ceil(retryMs / 1000))),
        });
      }
      received = await deps.limits.invitationTo(
        channel === 'email' ? 'email' : 'phone',
        recipient,
        referralMessages.perRecipient,
      );
      const at = nowIso();
      await insertInvite(trx, { user_id: userId, channel, recipient, sent_at: at });
      const inviter = firstName(me.fio);
      const name = inviter === CUSTOMER_FALLBACK_NAME ? 'Ваш друг' : inviter;
      if (channel === 'email') {
        await deps.mailer.send(inviteMail(recipient, name, link, deps.reward), trx);
      } else {
        try {
          await deps.sms(trx).send(recipient, inviteSms(name, link, deps.reward));
        } catch {
          throw new HttpError(503, referralMessages.smsFailed);
        }
      }
      return { channel, to: masked(channel, recipient), sent_at: at, status: 'sent' as const };
    });
  } catch (err) {
    await received?.release();
    if (isUniqueViolation(err)) throw repeated();
    throw err;
  }
}

/** GET add-friend/: the code and link, the invitations sent and the friends who came. */
export async function friendsOf(
  deps: Pick<InviteDeps, 'db' | 'publicUrl' | 'reward'>,
  userId: number,
): Promise<Friends> {
  const { db } = deps;
  const code = await ensureReferralCode(db, userId);
  const referred = await selectReferredFriends(db, userId);
  const invites = await selectInvites(db, userId);
  const byAddress = new Map<string, (typeof referred)[number]>();
  for (const r of referred) {
    byAddress.set(`email:${r.email}`, r);
    if (r.phone) byAddress.set(`sms:${r.phone}`, r);
  }
  return {
    code,
    link: referralLink(deps.publicUrl, code),
    reward: deps.reward,
    invites: invites.map((i) => {
      const friend = byAddress.get(`${i.channel}:${i.recipient}`);
      return {
        channel: i.channel,
        to: masked(i.channel, i.recipient),
        sent_at: i.sent_at,
        status: friend ? (friend.rewarded_at ? 'paid' : 'registered') : 'sent',
      };
    }),
    friends: referred.map((r) => ({
      name: shortName(r.fio),
      registered_at: r.registered_at,
      first_order_paid: r.rewarded_at !== null,
      brought: r.rewarded_at !== null && r.referrer_txn_id !== null ? Number(r.reward) : 0,
    })),
  };
}
