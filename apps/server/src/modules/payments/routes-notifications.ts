import { paymentsApi } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError, notFound } from '../../plugins/errors';
import { changesLoggedTo } from '../chat';
import { parseAddressRanges } from './notify-ips';
import { YookassaError } from './providers/yookassa';
import { applyProviderPayment } from './settle';

export const notificationMessages = {
  notFromProvider: 'Уведомления принимаются только с адресов платёжного сервиса',
} as const;

/**
 * YooKassa's notification (webhook): `{type: 'notification', event, object}`. Only the event and
 * the object's id are read — the body is a hint of what to re-fetch, never a fact.
 */
const YookassaNotificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().min(1).max(100),
  object: z.looseObject({ id: z.string().min(1).max(100) }),
});

/**
 * The providers' notifications. Open to anyone by the route guard's public list (the
 * provider has no token), so three doors stand instead: the route answers 404 unless
 * PAYMENTS_PROVIDER is yookassa; it takes requests only from YOOKASSA_NOTIFY_IPS, judged by
 * `request.ip` (TRUST_PROXY decides whether X-Forwarded-For counts); and it trusts nothing the
 * body says — a payment event re-fetches the payment from the API and settles what the API says
 * (`applyProviderPayment`), so a forged «succeeded» of a pending payment changes nothing, and a
 * repeated one finds the payment settled.
 *
 * A 200 tells YooKassa to stop retrying: it answers every notification that was handled or can
 * never be (an object unknown to the API or to us, an event we do not act on). When the API cannot
 * be asked (a timeout, a 5xx) the answer is 503, so YooKassa delivers the notification again.
 */
export default async function notificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ranges = parseAddressRanges(app.config.YOOKASSA_NOTIFY_IPS);

  app.post(
    paymentsApi.notifications('yookassa'),
    {
      schema: {
        tags: ['payments'],
        summary:
          'Уведомление ЮKassa (payment.succeeded, payment.canceled, refund.succeeded…): только с её адресов; платёж перечитывается из API',
        body: YookassaNotificationSchema,
        response: { 200: z.object({}), ...errorResponses(400, 403, 404, 503) },
      },
      // Before the body is read: a stranger's request costs nothing.
      onRequest: async (request) => {
        if (app.paymentProvider.name !== 'yookassa') throw notFound();
        if (!ranges.has(request.ip)) {
          request.log.warn({ ip: request.ip }, 'yookassa notification from outside its ranges refused');
          throw new HttpError(403, notificationMessages.notFromProvider);
        }
      },
    },
    async (request) => {
      const { event, object } = request.body;
      const log = request.log.child({ event, object_id: object.id });
      if (!event.startsWith('payment.')) {
        // Refunds and payouts are booked when we ask for them (refunds.ts, payouts.ts); their
        // notifications only confirm it.
        log.info('yookassa notification: nothing to do for this event');
        return {};
      }
      let outcome: Awaited<ReturnType<typeof applyProviderPayment>>;
      try {
        outcome = await applyProviderPayment(
          app.database.db,
          app.paymentProvider,
          object.id,
          changesLoggedTo(app.orderEvents, log),
        );
      } catch (err) {
        if (err instanceof YookassaError && err.status === 404) {
          log.warn('yookassa notification: the API knows no such payment');
          return {};
        }
        log.error({ err }, 'yookassa notification: the payment could not be re-fetched');
        throw new HttpError(503, 'Платёжный сервис недоступен, повторите уведомление позже');
      }
      if (outcome === 'unknown') log.warn('yookassa notification: a payment we never created');
      else if (outcome === 'mismatch') log.error('yookassa notification: the paid amount differs from ours');
      else log.info({ outcome }, 'yookassa notification handled');
      return {};
    },
  );
}
