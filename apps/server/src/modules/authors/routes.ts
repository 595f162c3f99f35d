import {
  AuthorProfileSchema,
  AuthorReviewsQuerySchema,
  OrderReviewStateSchema,
  OwnReviewSchema,
  ReviewRequestSchema,
  api,
  rowIdParamSchema,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import type { AuthorsService } from './service';

const security = [{ bearer: [] }];
const IdParams = z.object({ id: rowIdParamSchema });

/** The customer's face: an author's page, and the review of an order's author. */
export async function authorRoutes(fastify: FastifyInstance, opts: { service: AuthorsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  app.get(
    api.authors.byId.pattern,
    {
      schema: {
        tags: ['authors'],
        security,
        summary:
          'Автор: имя, рейтинг (среднее видимых отзывов, null при менее чем 3), выполненные заказы, предметы и отзывы (страницами). Только для заказчика, у которого есть или был заказ с этим автором, иначе 404',
        params: IdParams,
        querystring: AuthorReviewsQuerySchema,
        response: { 200: AuthorProfileSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.profileForCustomer(request.userId, request.params.id, request.query.page),
  );

  app.get(
    api.orders.review.pattern,
    {
      schema: {
        tags: ['orders'],
        security,
        summary: 'Можно ли оценить автора заказа сейчас, и отзыв заказчика, если он написан',
        params: IdParams,
        response: { 200: OrderReviewStateSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.reviewState(request.userId, request.params.id),
  );

  app.post(
    api.orders.review.pattern,
    {
      schema: {
        tags: ['orders'],
        security,
        summary:
          'Оценить автора заказа (1–5 и текст до 2 000 символов) после приёмки работы: 201 — отзыв написан, 200 — изменён (в течение 14 дней), 409 — до приёмки или позже 14 дней',
        params: IdParams,
        body: ReviewRequestSchema,
        response: { 200: OwnReviewSchema, 201: OwnReviewSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { review, created } = await service.review(request.userId, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );
}
