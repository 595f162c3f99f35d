import {
  api,
  BannerListSchema,
  FaqListSchema,
  FaqQuerySchema,
  SpaceSchema,
  text,
  z,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi';
import type { ContentService } from './service';

const tags = ['content'];
const security = [{ bearer: [] }];

/** The cabinet's content. Every call needs a signed-in customer (the auth plugin's default). */
export default async function contentRoutes(fastify: FastifyInstance, opts: { service: ContentService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  app.get(
    api.content.space.pattern,
    {
      schema: {
        tags,
        summary: 'Страница-спецпредложение (space) по id или slug, блоками',
        security,
        params: z.object({ x: text().max(100) }),
        response: { 200: SpaceSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.space(request.params.x),
  );

  app.get(
    api.content.faq,
    {
      schema: {
        tags,
        summary: 'Частые вопросы; ?answer= ищет по вопросу и ответу без учёта регистра и ё',
        security,
        querystring: FaqQuerySchema,
        response: { 200: FaqListSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => service.faq(request.query.answer),
  );

  app.get(
    api.content.banners,
    {
      schema: {
        tags,
        summary:
          'Баннеры для карусели (предложение дипломной со скидкой — только тем, у кого есть выполненный заказ)',
        security,
        response: { 200: BannerListSchema, ...errorResponses(401) },
      },
    },
    (request) => service.banners(request.userId),
  );
}
