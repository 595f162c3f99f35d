import { text } from '../common/input';
import { z } from '../common/zod';

/**
 * Web push subscriptions and the per-event notification settings (ADR 044): which kinds of event a
 * customer hears about, and over which channels. A channel is a column of the settings' grid, so a
 * new one (Telegram) is a new entry of NOTIFICATION_CHANNELS, not a new shape.
 */

export const notificationMessages = {
  endpointInvalid: 'Адрес подписки — ссылка https:// службы уведомлений браузера',
  endpointLoopbackOnly:
    'По http:// принимается только адрес этого компьютера (127.0.0.1, localhost), и не в рабочем режиме',
  p256dhInvalid: 'Ключ p256dh — 65 байт открытого ключа в base64url',
  authInvalid: 'Ключ auth — 16 байт в base64url',
  pushUnavailable: 'Уведомления в браузере на этом сервере не настроены',
} as const;

/** The kinds of event a customer may choose channels for, in the grid's order. */
export const NOTIFICATION_EVENTS = ['message', 'status', 'files', 'payments', 'promotions'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The channels, in the grid's order. */
export const NOTIFICATION_CHANNELS = ['email', 'push', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_EVENT_TITLES: Record<NotificationEvent, string> = {
  message: 'Новые сообщения в чате',
  status: 'Смена статуса заказа',
  files: 'Готовые файлы',
  payments: 'Оплаты',
  promotions: 'Акции и новости',
};

export const NOTIFICATION_CHANNEL_TITLES: Record<NotificationChannel, string> = {
  email: 'E-mail',
  push: 'Уведомления в браузере',
  telegram: 'Telegram',
};

/** What a customer who never chose gets: every order event on every channel, nothing promotional. */
export const NOTIFICATION_DEFAULTS: Record<NotificationEvent, Record<NotificationChannel, boolean>> = {
  message: { email: true, push: true, telegram: true },
  status: { email: true, push: true, telegram: true },
  files: { email: true, push: true, telegram: true },
  payments: { email: true, push: true, telegram: true },
  promotions: { email: false, push: false, telegram: false },
};

const channelFlags = z.object({ email: z.boolean(), push: z.boolean(), telegram: z.boolean() });

/**
 * `GET`/`PATCH /api/client/profile/notifications/`. `channels`: the channels this server offers
 * (`push` is missing when it has no VAPID keys, `telegram` when it has no bot). `promotions.email` is the newsletter subscription
 * of `/api/client/profile/subscribe/`; the e-mail of the order events also needs `email_delivery`.
 */
export const NotificationSettingsSchema = z.object({
  events: z.object({
    message: channelFlags,
    status: channelFlags,
    files: channelFlags,
    payments: channelFlags,
    promotions: channelFlags,
  }),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

const channelPatch = z.strictObject({
  email: z.boolean().optional(),
  push: z.boolean().optional(),
  telegram: z.boolean().optional(),
});

/** `PATCH /api/client/profile/notifications/`: only the switches that change. */
export const NotificationSettingsPatchSchema = z.strictObject({
  events: z.strictObject({
    message: channelPatch.optional(),
    status: channelPatch.optional(),
    files: channelPatch.optional(),
    payments: channelPatch.optional(),
    promotions: channelPatch.optional(),
  }),
});
export type NotificationSettingsPatch = z.infer<typeof NotificationSettingsPatchSchema>;

/** Bytes a base64url text (padding optional) decodes to, or -1 when it is not base64url. */
export function base64urlBytes(value: string): number {
  const m = /^([A-Za-z0-9_-]*)(=*)$/.exec(value);
  if (!m || (m[2] ?? '').length > 2) return -1;
  const chars = (m[1] ?? '').length;
  if (chars % 4 === 1) return -1;
  return Math.floor((chars * 3) / 4);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for an http:// URL of this computer (a test's local push service). */
export function isLoopbackHttp(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  } catch {
    return false;
  }
}

function isHttps(endpoint: string): boolean {
  try {
    return new URL(endpoint).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * `POST /api/client/push/subscriptions/`: what the browser's `PushSubscription.toJSON()` gives. An
 * http:// endpoint passes here only on the loopback; the server refuses even that in production.
 * p256dh is an uncompressed P-256 point (65 bytes, the first 0x04: base64url «B…»).
 */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: text({ error: notificationMessages.endpointInvalid })
    .max(2048, notificationMessages.endpointInvalid)
    .refine((v) => isHttps(v) || isLoopbackHttp(v), notificationMessages.endpointInvalid),
  keys: z.object(
    {
      p256dh: text({ error: notificationMessages.p256dhInvalid }).refine(
        (v) => base64urlBytes(v) === 65 && v.startsWith('B'),
        notificationMessages.p256dhInvalid,
      ),
      auth: text({ error: notificationMessages.authInvalid }).refine(
        (v) => base64urlBytes(v) === 16,
        notificationMessages.authInvalid,
      ),
    },
    { error: notificationMessages.p256dhInvalid },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

/** `DELETE /api/client/push/subscriptions/`. */
export const PushUnsubscribeRequestSchema = z.object({
  endpoint: text({ error: notificationMessages.endpointInvalid }).max(
    2048,
    notificationMessages.endpointInvalid,
  ),
});
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequestSchema>;

/** `GET /api/client/push/vapid-public-key/`: the application server key, base64url. */
export const VapidPublicKeySchema = z.object({ key: text() });
export type VapidPublicKey = z.infer<typeof VapidPublicKeySchema>;

/** What the service worker receives in a push's payload. */
export const PushMessageSchema = z.object({ title: text(), body: text(), url: text() });
export type PushMessage = z.infer<typeof PushMessageSchema>;

/** The at most so many subscriptions a customer keeps (browsers, devices); the oldest goes. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
