import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import type { Config } from '../../config';
import { PushQueue, type Vapid } from './push-queue';
import notificationRoutes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

export interface Notifications {
  /** The VAPID public key browsers subscribe with; null when push is off (production without keys). */
  vapidPublicKey: string | null;
  /** Delivers what is due now, after the current answer: call after a commit that queued pushes. */
  kick(): void;
  /** Delivers every push due now and waits (tests, the bench). */
  flush(): Promise<void>;
}

/**
 * The VAPID pair: the configured one; outside production one made up for this process (browsers
 * subscribed with it stop receiving after a restart, which a developer can bear); in production
 * without keys none, and push is off (ADR 044).
 */
export function vapidOf(
  config: Pick<Config, 'NODE_ENV' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
): Vapid | null {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  if (config.NODE_ENV === 'production') return null;
  const keys = webpush.generateVAPIDKeys();
  return { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** Push subscriptions, the push queue and the notification settings. */
export default fp(
  async function notificationsModule(app: FastifyInstance) {
    const vapid = vapidOf(app.config);
    const queue = vapid
      ? new PushQueue({
          db: app.database.db,
          postgres: app.database.dialect === 'postgres',
          vapid,
          log: app.log,
          retrySeconds: app.config.MAIL_RETRY_SECONDS,
          maxAttempts: app.config.MAIL_MAX_ATTEMPTS,
        })
      : null;
    if (!vapid) app.log.warn('web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (ADR 044)');
    const notifications: Notifications = {
      vapidPublicKey: vapid?.publicKey ?? null,
      kick: () => {
        queue?.kick();
        // Telegram's queue too (ADR 046): notify() queues there as well; registered after this module.
        if (app.hasDecorator('telegram')) app.telegram.kick();
      },
      flush: async () => queue?.flush(),
    };
    app.decorate('notifications', notifications);
    if (queue) {
      app.addHook('onReady', async () => queue.start());
      app.addHook('onClose', async () => queue.close());
    }
    await app.register(notificationRoutes, { notifications });
  },
  { name: 'notifications', dependencies: ['db', 'auth'] },
);
