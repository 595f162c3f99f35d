import multipart from '@fastify/multipart';
import {
  CareDetailSchema,
  ReworkDetailSchema,
  StaffAssignRequestSchema,
  StaffCareAnswerRequestSchema,
  StaffCareListSchema,
  StaffCareQueueQuerySchema,
  StaffFileKindQuerySchema,
  StaffOrderListQuerySchema,
  StaffOrderListSchema,
  StaffOrderSchema,
  StaffOrderUpdateRequestSchema,
  StaffReworkAnswerRequestSchema,
  StaffStatusRequestSchema,
  TimelineSchema,
  UPLOAD_MAX_FILES,
  WorkspaceFileListSchema,
  staffApi,
  staffMessages,
  rowIdParamSchema,
} from '@cabinet/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/openapi';
import { HttpError } from '../../../plugins/errors';
import { requireManager, staffOf } from '../../staff';
import { careQueue, postCareMessage } from '../requests/care';
import { answerRework } from '../requests/reworks';
import { requestReadRoutes } from '../requests/routes';
import {
  actorOf,
  assignPerformer,
  changeStatus,
  requireStaffOrder,
  staffOrderDetail,
  updateStaffOrder,
} from './service';
import { getTimeline } from '../workspace/timeline';
import { listOrderFiles, openOrderFileAny, storeStaffFiles } from '../workspace/files';
import { staffQueue } from './queue';

const tags = ['staff'];
const security = [{ bearer: [] }];
const MB = 1024 * 1024;

const id = rowIdParamSchema;
const IdParams = z.object({ id });
const FileParams = IdParams.extend({ fileId: id });
const RequestParams = IdParams.extend({ request: id });

/**
 * The staff face of orders: every route behind `requireStaff` (the auth plugin's rule for
 * /api/staff/), the manager's behind `requireManager` too (403 for an author), and every
 * id-bearing one checks the order is the caller's to see (404) before anything else — a
 * manager's write on an order too, so that another author's order is as absent there as on a read.
 */
export default async function staffOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The orders module's own context: one set of dependencies for both faces. The routes that
  // change an order hand it the request's logger (OrdersContext.withLog).
  const ctx = app.ordersService.ctx;

  /**
   * `requireManager` for a route that names an order: an author is told the order is not found
   * (404) unless it is theirs, and only then that the route is a manager's (403) — a 403 on
   * another author's order said that it exists. Before the body is read, like `requireManager`;
   * the id is still the raw text there, and a malformed one is left to the params' 400.
   */
  async function requireManagerOfOrder(request: FastifyRequest) {
    const staff = staffOf(request);
    if (staff.role === 'manager') return;
    const parsed = id.safeParse((request.params as { id?: unknown }).id);
    if (parsed.success) await requireStaffOrder(ctx, staff, parsed.data);
    throw new HttpError(403, staffMessages.managerOnly);
  }

  requestReadRoutes(app, ctx, {
    paths: {
      reworks: { list: staffApi.reworks.pattern, one: staffApi.rework.pattern },
      care: { list: staffApi.care.pattern, one: staffApi.careRequest.pattern },
    },
    face: 'staff',
    tags,
    security,
    summaries: {
      reworks: { list: 'Доработки заказа', one: 'Доработка с перепиской' },
      care: { list: 'Обращения в службу качества по заказу', one: 'Обращение с перепиской' },
    },
    errors: errorResponses(401, 403, 404),
    access: (request, orderId) => requireStaffOrder(ctx, staffOf(request), orderId),
  });

  app.get(
    staffApi.orders,
    {
      schema: {
        tags,
        security,
        summary: 'Очередь заказов: менеджер видит все, автор — свои',
        querystring: StaffOrderListQuerySchema,
        response: { 200: StaffOrderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => staffQueue(ctx, staffOf(request), request.query),
  );

  app.get(
    staffApi.order.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Заказ глазами сотрудника',
        params: IdParams,
        response: { 200: StaffOrderSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => staffOrderDetail(ctx, staffOf(request), request.params.id),
  );

  app.patch(
    staffApi.order.pattern,
    {
      onRequest: requireManagerOfOrder,
      schema: {
        tags,
        security,
        summary: 'Цена (в копейках) и/или срок заказа (менеджер)',
        params: IdParams,
        body: StaffOrderUpdateRequestSchema,
        response: { 200: StaffOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      updateStaffOrder(ctx.withLog(request.log), staffOf(request), request.params.id, request.body),
  );

  app.post(
    staffApi.assign.pattern,
    {
      onRequest: requireManagerOfOrder,
      schema: {
        tags,
        security,
        summary: 'Назначить или сменить автора (менеджер); оплаченный заказ уходит в работу',
        params: IdParams,
        body: StaffAssignRequestSchema,
        response: { 200: StaffOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      assignPerformer(
        ctx.withLog(request.log),
        staffOf(request),
        request.params.id,
        request.body.performer_id,
      ),
  );

  app.post(
    staffApi.status.pattern,
    {
      // The state machine decides who (ADR 004): a manager's moves, and the assigned author's
      // «Взять в работу»; any other move by an author is 403, another author's order 404.
      schema: {
        tags,
        security,
        summary: 'Сменить статус вручную по жизненному циклу заказа (менеджер; автор — «Взять в работу»)',
        params: IdParams,
        body: StaffStatusRequestSchema,
        response: { 200: StaffOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => changeStatus(ctx.withLog(request.log), staffOf(request), request.params.id, request.body),
  );

  app.get(
    staffApi.files.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Файлы заказа: заказчика и авторов',
        params: IdParams,
        response: { 200: WorkspaceFileListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await requireStaffOrder(ctx, staffOf(request), request.params.id);
      return listOrderFiles(ctx, request.params.id, 'staff');
    },
  );

  app.get(
    staffApi.fileDownload.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Скачать файл заказа (всегда как вложение)',
        params: FileParams,
        response: { 200: z.unknown().describe('Содержимое файла'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    // As the customer's download: an attachment under its own name, as the type its content told.
    async (request, reply) => {
      await requireStaffOrder(ctx, staffOf(request), request.params.id);
      const { file, content } = await openOrderFileAny(ctx, request.params.id, request.params.fileId);
      return reply
        .type(file.mime)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-cache')
        .send(content);
    },
  );

  app.post(
    staffApi.reworkAnswer.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Ответить на доработку: текст и загруженные итоговые файлы; заказ уходит на проверку',
        params: RequestParams,
        body: StaffReworkAnswerRequestSchema,
        response: { 200: ReworkDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await requireStaffOrder(ctx, staff, request.params.id);
      return answerRework(
        ctx.withLog(request.log),
        actorOf(staff),
        request.params.id,
        request.params.request,
        request.body,
      );
    },
  );

  app.post(
    staffApi.careMessages.pattern,
    {
      onRequest: requireManagerOfOrder,
      schema: {
        tags,
        security,
        summary: 'Ответить на обращение (менеджер); close закрывает его',
        params: RequestParams,
        body: StaffCareAnswerRequestSchema,
        response: { 200: CareDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await requireStaffOrder(ctx, staff, request.params.id);
      const { close, ...body } = request.body;
      return postCareMessage(
        ctx.withLog(request.log),
        actorOf(staff),
        request.params.id,
        request.params.request,
        body,
        { close },
      );
    },
  );

  app.get(
    staffApi.timeline.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'История заказа: кто и что сделал',
        params: IdParams,
        response: { 200: TimelineSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await requireStaffOrder(ctx, staffOf(request), request.params.id);
      return { results: await getTimeline(ctx, request.params.id, 'staff') };
    },
  );

  app.get(
    staffApi.careQueue,
    {
      onRequest: requireManager,
      schema: {
        tags,
        security,
        summary: 'Обращения в службу качества по всем заказам (менеджер), ждущие дольше — первыми',
        querystring: StaffCareQueueQuerySchema,
        response: { 200: StaffCareListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) =>
      careQueue(ctx, {
        state: request.query.state,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  // Multipart only on the upload route (see the customer's routes for why).
  await app.register(async function staffUploadRoutes(scope: FastifyInstance) {
    await scope.register(multipart, {
      limits: {
        fileSize: Math.floor(scope.config.UPLOAD_MAX_FILE_MB * MB) + 1,
        files: UPLOAD_MAX_FILES,
        fields: 20,
        parts: 40,
      },
      throwFileSizeLimit: false,
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      staffApi.files.pattern,
      {
        schema: {
          tags,
          security,
          summary:
            'Загрузить файлы автора (multipart, ?kind=intermediate|final|report); итоговый отправляет работу на проверку, ' +
            'отчёт об оригинальности (один PDF) — с процентом ?percent=0…100',
          consumes: ['multipart/form-data'],
          params: IdParams,
          querystring: StaffFileKindQuerySchema,
          response: { 201: WorkspaceFileListSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request, reply) => {
        const staff = staffOf(request);
        await requireStaffOrder(ctx, staff, request.params.id);
        const files = await storeStaffFiles(
          ctx.withLog(request.log),
          actorOf(staff),
          request.params.id,
          request.query.kind,
          request,
          request.query.percent,
        );
        return reply.code(201).send(files);
      },
    );
  });
}
