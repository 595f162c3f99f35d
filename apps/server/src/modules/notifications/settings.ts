import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { lockCustomer } from '../ledger';
import * as repo from './repo';

/**
 * A customer's channels per event kind (ADR 044): a stored row where they chose otherwise than the
 * default, the default elsewhere. Two choices live where they lived before this grid: promotions
 * by e-mail is the newsletter of `/api/client/profile/subscribe/` (users.unisender_status_id, 1 =
 * subscribed, 2 = unsubscribed), and e-mail about orders also needs the spec's `email_delivery`.
 */

type Grid = Record<NotificationEvent, Record<NotificationChannel, boolean>>;

const NEWSLETTER_SUBSCRIBED = 1;
const NEWSLETTER_UNSUBSCRIBED = 2;

function isEvent(v: string): v is NotificationEvent {
  return (NOTIFICATION_EVENTS as readonly string[]).includes(v);
}
function isChannel(v: string): v is NotificationChannel {
  return (NOTIFICATION_CHANNELS as readonly string[]).includes(v);
}

/** The stored choices over the defaults; promotions by e-mail from the newsletter. */
async function grid(db: Kysely<DB>, userId: number): Promise<Grid> {
  const [rows, flags] = await Promise.all([repo.settingRows(db, userId), repo.mailFlags(db, userId)]);
  const out = Object.fromEntries(
    NOTIFICATION_EVENTS.map((e) => [e, { ...NOTIFICATION_DEFAULTS[e] }]),
  ) as Grid;
  for (const r of rows)
    if (isEvent(r.event) && isChannel(r.channel)) out[r.event][r.channel] = r.enabled === 1;
  out.promotions.email = flags?.unisender_status_id === NEWSLETTER_SUBSCRIBED;
  return out;
}

/** The channels this server offers: push with VAPID keys, Telegram with a bot. */
export interface ChannelsOn {
  push: boolean;
  telegram: boolean;
}

export async function readSettings(
  db: Kysely<DB>,
  userId: number,
  on: ChannelsOn,
): Promise<NotificationSettings> {
  return {
    events: await grid(db, userId),
    channels: NOTIFICATION_CHANNELS.filter((c) => c === 'email' || on[c]),
  };
}

/** Saves the switches given, under the customer's lock (as the profile's own changes are). */
export async function patchSettings(
  db: Kysely<DB>,
  userId: number,
  patch: NotificationSettingsPatch,
  on: ChannelsOn,
): Promise<NotificationSettings> {
  await db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    for (const event of NOTIFICATION_EVENTS) {
      const flags = patch.events[event];
      if (!flags) continue;
      for (const channel of NOTIFICATION_CHANNELS) {
        const value = flags[channel];
        if (value === undefined) continue;
        if (event === 'promotions' && channel === 'email') {
          const current = (await repo.mailFlags(trx, userId))?.unisender_status_id ?? 0;
          const next = value
            ? NEWSLETTER_SUBSCRIBED
            : current === NEWSLETTER_SUBSCRIBED
              ? NEWSLETTER_UNSUBSCRIBED
              : current;
          if (next !== current) await repo.setNewsletter(trx, userId, next);
          continue;
        }
        await repo.saveSetting(trx, { user_id: userId, event, channel, enabled: value ? 1 : 0 });
      }
    }
  });
  return readSettings(db, userId, on);
}

/** Where an event of this kind reaches the customer now: e-mail about orders also needs `email_delivery`. */
export async function channelsFor(
  db: Kysely<DB>,
  userId: number,
  event: NotificationEvent,
): Promise<Record<NotificationChannel, boolean>> {
  const [rows, flags] = await Promise.all([repo.settingRows(db, userId), repo.mailFlags(db, userId)]);
  const out = { ...NOTIFICATION_DEFAULTS[event] };
  for (const r of rows) if (r.event === event && isChannel(r.channel)) out[r.channel] = r.enabled === 1;
  out.email =
    event === 'promotions'
      ? flags?.unisender_status_id === NEWSLETTER_SUBSCRIBED
      : out.email && flags?.email_delivery === 1;
  return out;
}
