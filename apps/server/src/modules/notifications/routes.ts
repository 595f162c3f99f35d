import {
  NotificationSettingsPatchSchema,
  NotificationSettingsSchema,
  PushSubscriptionRequestSchema,
  PushUnsubscribeRequestSchema,
  VapidPublicKeySchema,
  api,
  notificationMessages,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { notFound } from '../../plugins/errors';
import { patchSettings, readSettings } from './settings';
import { subscribe, unsubscribe } from './subscriptions';
import type { Notifications } from './plugin';

const bearer = [{ bearer: [] }];
const NoContent = z.null().describe('Удалено');
const Subscribed = z.object({ endpoint: z.string() });

/** Web push subscriptions and the profile's notification settings (ADR 044). */
export default async function notificationRoutes(
  fastify: FastifyInstance,
  { notifications }: { notifications: Notifications },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const production = app.config.NODE_ENV === 'production';
  const { vapidPublicKey } = notifications;
  const pushOn = vapidPublicKey !== null;
  const on = { push: pushOn, telegram: app.config.TELEGRAM_BOT_TOKEN !== undefined };

  app.get(
    api.push.vapidPublicKey,
    {
      schema: {
        tags: ['push'],
        summary: 'Открытый ключ VAPID для подписки браузера на уведомления; 404, когда их нет на сервере',
        security: bearer,
        response: { 200: VapidPublicKeySchema, ...errorResponses(401, 404) },
      },
    },
    async () => {
      if (vapidPublicKey === null) throw notFound(notificationMessages.pushUnavailable);
      return { key: vapidPublicKey };
    },
  );

  app.post(
    api.push.subscriptions,
    {
      schema: {
        tags: ['push'],
        summary: 'Подписать браузер на уведомления (повтор того же адреса обновляет ключи)',
        security: bearer,
        body: PushSubscriptionRequestSchema,
        response: { 200: Subscribed, 201: Subscribed, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      if (!pushOn) throw notFound(notificationMessages.pushUnavailable);
      const outcome = await subscribe(db, request.userId, request.body, production);
      return reply.code(outcome === 'created' ? 201 : 200).send({ endpoint: request.body.endpoint });
    },
  );

  app.delete(
    api.push.subscriptions,
    {
      schema: {
        tags: ['push'],
        summary: 'Отписать браузер от уведомлений',
        security: bearer,
        body: PushUnsubscribeRequestSchema,
        response: { 204: NoContent, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await unsubscribe(db, request.userId, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.get(
    api.profile.notifications,
    {
      schema: {
        tags: ['profile'],
        summary: 'Настройки уведомлений: каналы по видам событий',
        security: bearer,
        response: { 200: NotificationSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => readSettings(db, request.userId, on),
  );

  app.patch(
    api.profile.notifications,
    {
      schema: {
        tags: ['profile'],
        summary: 'Изменить настройки уведомлений (только переданные переключатели)',
        security: bearer,
        body: NotificationSettingsPatchSchema,
        response: { 200: NotificationSettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => patchSettings(db, request.userId, request.body, on),
  );
}
