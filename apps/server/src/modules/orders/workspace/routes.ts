import {
  CareCreateRequestSchema,
  CareDetailSchema,
  FileReviewRequestSchema,
  OrderSchema,
  ReworkCreateRequestSchema,
  ReworkDetailSchema,
  ThreadPostRequestSchema,
  TimelineSchema,
  WorkspaceFileListSchema,
  WorkspaceFileSchema,
  ZipRequestSchema,
  api,
  rowIdParamSchema,
} from '@cabinet/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/openapi';
import { requestReadRoutes } from '../requests/routes';

/** The customer's order workspace: paths as the contract's `api.orders` builds them. */

const tags = ['order workspace'];
const security = [{ bearer: [] }];

const id = rowIdParamSchema;
const IdParams = z.object({ id });
const FileParams = IdParams.extend({ fileId: id });
const CareParams = IdParams.extend({ request: id });

/** The options of a customer's write to a request (a new one, or a message): 201 with its thread. */
function requestWrite<P extends z.ZodTypeAny, B extends z.ZodTypeAny, R extends z.ZodTypeAny>(
  summary: string,
  params: P,
  body: B,
  detail: R,
) {
  return {
    schema: {
      tags,
      security,
      summary,
      params,
      body,
      response: { 201: detail, ...errorResponses(400, 401, 404, 409, 413) },
    },
  };
}

export default async function workspaceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ws = app.ordersService.workspace;

  requestReadRoutes(app, ws.ctx, {
    paths: {
      reworks: { list: api.orders.reworks.pattern, one: api.orders.rework.pattern },
      care: { list: api.orders.care.pattern, one: api.orders.careRequest.pattern },
    },
    face: 'customer',
    tags,
    security,
    summaries: {
      reworks: {
        list: 'Доработки заказа и можно ли запросить новую',
        one: 'Доработка с перепиской (ответ автора больше не новый)',
      },
      care: {
        list: 'Обращения в службу качества по заказу',
        one: 'Обращение с перепиской (ответы больше не новые)',
      },
    },
    errors: errorResponses(400, 401, 404),
    access: (request, orderId) => ws.own(request.userId, orderId),
  });

  app.get(
    api.orders.files.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Файлы заказа: ваши, без проверки, промежуточные и готовая работа',
        params: IdParams,
        response: { 200: WorkspaceFileListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => ws.files(request.userId, request.params.id),
  );

  app.patch(
    api.orders.file.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Отметить файл от автора просмотренным',
        params: FileParams,
        body: FileReviewRequestSchema,
        response: { 200: WorkspaceFileSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => ws.review(request.userId, request.params.id, request.params.fileId, request.log),
  );

  app.get(
    api.orders.filePreview.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Показать изображение или PDF в браузере (в песочнице); другие типы — 415',
        params: FileParams,
        response: { 200: z.unknown().describe('Содержимое файла'), ...errorResponses(400, 401, 404, 415) },
      },
    },
    // Only types a browser shows without running anything (never HTML or SVG, which uploads refuse
    // anyway), as sniffed at upload; the sandbox CSP keeps even a crafted PDF from scripting or
    // reaching the cabinet's origin, and nosniff keeps the browser to the stated type.
    async (request, reply) => {
      const { file, content } = await ws.preview(request.userId, request.params.id, request.params.fileId);
      return reply
        .type(file.mime)
        .header('content-disposition', contentDisposition(file.name, { type: 'inline' }))
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-cache')
        .send(content);
    },
  );

  app.post(
    api.orders.downloadZip.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Все файлы заказа (или выбранные) одним zip-архивом, по папкам',
        params: IdParams,
        body: ZipRequestSchema,
        response: { 200: z.unknown().describe('application/zip'), ...errorResponses(400, 401, 404, 409) },
      },
    },
    // Streamed while it is built: no length, no temporary file. The client going away (the
    // response closes before it is finished) stops the archive and closes the file being read.
    async (request, reply) => {
      const zip = await ws.zip(request.userId, request.params.id, request.body.file_ids);
      const name = `order-${request.params.id}.zip`;
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) zip.abort();
      });
      zip.stream.on('error', (err) => {
        request.log.error({ err }, 'order zip failed');
        zip.abort();
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${name}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(zip.stream);
    },
  );

  app.post(
    api.orders.reworks.pattern,
    requestWrite(
      'Запросить доработку (на проверке или в гарантийный срок после приёмки)',
      IdParams,
      ReworkCreateRequestSchema,
      ReworkDetailSchema,
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(await ws.createRework(request.userId, request.params.id, request.body, request.log)),
  );

  app.post(
    api.orders.care.pattern,
    requestWrite('Новое обращение: вопрос или жалоба', IdParams, CareCreateRequestSchema, CareDetailSchema),
    async (request, reply) =>
      reply.code(201).send(await ws.createCare(request.userId, request.params.id, request.body, request.log)),
  );

  app.post(
    api.orders.careMessages.pattern,
    requestWrite(
      'Написать в обращение (закрытое — 409)',
      CareParams,
      ThreadPostRequestSchema,
      CareDetailSchema,
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await ws.postCare(
            request.userId,
            request.params.id,
            request.params.request,
            request.body,
            request.log,
          ),
        ),
  );

  app.get(
    api.orders.timeline.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'История заказа',
        params: IdParams,
        response: { 200: TimelineSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ results: await ws.timeline(request.userId, request.params.id) }),
  );

  app.post(
    api.orders.accept.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Принять работу («Проверьте работу» → «Выполнен»)',
        params: IdParams,
        response: { 200: OrderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => ws.accept(request.userId, request.params.id, request.log),
  );
}

/** `POST {id}/files/` (multipart): registered inside the orders module's multipart scope. */
export async function workspaceUploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ws = app.ordersService.workspace;

  app.post(
    api.orders.files.pattern,
    {
      // Each upload is written to storage and read for its type: counted per client address.
      preHandler: app.rateLimits.route('order-files', { maxPerIp: app.config.UPLOADS_PER_IP }),
      schema: {
        tags,
        security,
        summary:
          'Добавить свои файлы к заказу (multipart): к заказу, пока он редактируемый, иначе без проверки',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: WorkspaceFileListSchema, ...errorResponses(400, 401, 404, 409, 413, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await ws.upload(request.userId, request.params.id, request)),
  );
}
