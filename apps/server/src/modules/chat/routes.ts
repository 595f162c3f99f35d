import {
  ChatMessageSchema,
  ChatPageQuerySchema,
  ChatPageSchema,
  ChatPostRequestSchema,
  ChatReadRequestSchema,
  ChatReadResultSchema,
  ChatUnreadSchema,
  api,
  chatMessages,
  staffApi,
  rowIdParamSchema,
} from '@cabinet/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError } from '../../plugins/errors';
import { staffOf } from '../staff';
import type { Principal } from './types';

/**
 * The order chat over HTTP: the customer's face under /api/client/, the staff's under
 * /api/staff/ (the auth plugin guards each by its path), both over the one ChatService. The
 * socket only pushes; everything is read, sent and marked read here.
 */

const tags = ['order chat'];
const security = [{ bearer: [] }];

const id = rowIdParamSchema;
const IdParams = z.object({ id });

/**
 * Messages one sender may post to one order's chat a minute: far above anyone typing, and what an
 * offline queue sends at once; a staff member answering in many orders is counted per order.
 */
export const CHAT_SENDS_PER_MINUTE = 120;

const faces = [
  {
    messages: api.orders.messages.pattern,
    read: api.orders.messagesRead.pattern,
    unread: api.chatUnread,
    who: 'клиент',
    principal: (request: FastifyRequest): Principal => ({ kind: 'customer', userId: request.userId }),
  },
  {
    messages: staffApi.messages.pattern,
    read: staffApi.messagesRead.pattern,
    unread: staffApi.chatUnread,
    who: 'сотрудник',
    principal: (request: FastifyRequest): Principal => {
      const staff = staffOf(request);
      return { kind: 'staff', staffId: staff.id, role: staff.role };
    },
  },
] as const;

export default async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const chat = app.chatService;

  /** A flood of messages (a stuck client, a script) is refused with 429 and Retry-After. */
  const limitSends = async (p: Principal, orderId: number, log: FastifyBaseLogger) => {
    const who = p.kind === 'customer' ? `customer:${p.userId}` : `staff:${p.staffId}`;
    const key = `chat-send:${who}:${orderId}`;
    let hit: { count: number; ttlMs: number };
    try {
      hit = await app.rateLimits.store.incr(key, 60_000);
    } catch (err) {
      // The counter's store (Redis) is down: a message is worth more than the limit, so it goes
      // through; the outage is logged, and the sign-in limits fail on their own paths.
      log.warn({ err }, 'chat: send limit unavailable, message let through');
      return;
    }
    if (hit.count > CHAT_SENDS_PER_MINUTE) {
      throw new HttpError(429, chatMessages.tooManyFrames, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(hit.ttlMs / 1000))),
      });
    }
  };

  for (const face of faces) {
    const staffSide = face.who === 'сотрудник';
    const notFor = staffSide ? 'другого автора — 404' : 'чужой — 404';

    app.get(
      face.messages,
      {
        schema: {
          tags,
          security,
          summary: `Чат заказа (${face.who}): сообщения, новые сверху; before — раньше, after — после (догрузка); ${notFor}`,
          params: IdParams,
          querystring: ChatPageQuerySchema,
          response: { 200: ChatPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => chat.page(face.principal(request), request.params.id, request.query),
    );

    app.post(
      face.messages,
      {
        schema: {
          tags,
          security,
          summary: `Написать в чат заказа (${face.who}): 201 — новое, 200 — повтор того же client_id; заказ в корзине — 409`,
          params: IdParams,
          body: ChatPostRequestSchema,
          response: {
            200: ChatMessageSchema,
            201: ChatMessageSchema,
            ...errorResponses(400, 401, 403, 404, 409, 413, 429),
          },
        },
      },
      async (request, reply) => {
        const p = face.principal(request);
        await limitSends(p, request.params.id, request.log);
        const { message, created } = await chat.post(p, request.params.id, request.body, request.log);
        return reply.code(created ? 201 : 200).send(message);
      },
    );

    app.post(
      face.read,
      {
        schema: {
          tags,
          security,
          summary: `Отметить прочитанным всё до up_to_id включительно (${face.who}); отметка не движется назад`,
          params: IdParams,
          body: ChatReadRequestSchema,
          response: { 200: ChatReadResultSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) =>
        chat.markRead(face.principal(request), request.params.id, request.body.up_to_id, request.log),
    );

    app.get(
      face.unread,
      {
        schema: {
          tags,
          security,
          summary: `Непрочитанные сообщения чатов (${face.who}): по заказам и всего`,
          response: { 200: ChatUnreadSchema, ...errorResponses(401, 403) },
        },
      },
      (request) => chat.unread(face.principal(request)),
    );
  }
}
