import {
  OrderPacketListSchema,
  SubjectListSchema,
  UniversityListSchema,
  UniversitySearchQuerySchema,
  VerificationSystemListSchema,
  WorkTypeListSchema,
  referenceApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi';

const tags = ['reference'];
const security = [{ bearer: [] }];

/** The lists change only with a release; five minutes in the browser spares a request per form. */
const REFERENCE_CACHE_CONTROL = 'private, max-age=300';

/** Reference data for the order form. Every call needs a signed-in customer (the auth plugin's default). */
export default async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reference = app.referenceService;

  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 200) void reply.header('cache-control', REFERENCE_CACHE_CONTROL);
    return payload;
  });

  app.get(
    referenceApi.workTypes,
    {
      schema: {
        tags,
        summary: 'Типы работ с ценой за страницу и сроками',
        security,
        response: { 200: WorkTypeListSchema, ...errorResponses(401) },
      },
    },
    () => reference.workTypes(),
  );

  app.get(
    referenceApi.orderPackets,
    {
      schema: {
        tags,
        summary: 'Пакеты заказов (несколько работ со скидкой)',
        security,
        response: { 200: OrderPacketListSchema, ...errorResponses(401) },
      },
    },
    () => reference.orderPackets(),
  );

  app.get(
    referenceApi.subjects,
    {
      schema: {
        tags,
        summary: 'Предметы с группами',
        security,
        response: { 200: SubjectListSchema, ...errorResponses(401) },
      },
    },
    () => reference.subjects(),
  );

  app.get(
    referenceApi.universities,
    {
      schema: {
        tags,
        summary: 'Поиск вуза по названию, сокращению или городу (не больше 20)',
        security,
        querystring: UniversitySearchQuerySchema,
        response: { 200: UniversityListSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => reference.searchUniversities(request.query.q),
  );

  app.get(
    referenceApi.verificationSystems,
    {
      schema: {
        tags,
        summary: 'Системы проверки на антиплагиат',
        security,
        response: { 200: VerificationSystemListSchema, ...errorResponses(401) },
      },
    },
    () => reference.verificationSystems(),
  );
}
