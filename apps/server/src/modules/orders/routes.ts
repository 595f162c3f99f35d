import multipart from '@fastify/multipart';
import {
  CalculateCostRequestSchema,
  CalculateDiscountRequestSchema,
  CostBreakdownSchema,
  DiscountBreakdownSchema,
  DraftCreateRequestSchema,
  DraftListSchema,
  DraftSchema,
  DraftUpdateRequestSchema,
  IdQuerySchema,
  NotEditableOrderRequestSchema,
  OptionalIdQuerySchema,
  OrderCreateRequestSchema,
  OrderCreatedSchema,
  OrderFileListSchema,
  OrderGreetingSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  OrderUpdateRequestSchema,
  UPLOAD_MAX_FILES,
  type OrderList,
  api,
  rowIdParamSchema,
} from '@cabinet/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { HttpError, errorMessages } from '../../plugins/errors';
import { attributionOf, orderAttribution } from '../attribution';
import workspaceRoutes, { workspaceUploadRoutes } from './workspace/routes';

const tags = ['orders'];
const security = [{ bearer: [] }];
const MB = 1024 * 1024;

const IdParams = z.object({ id: rowIdParamSchema });
const FileParams = z.object({ fileId: rowIdParamSchema });
const OrderFileParams = IdParams.extend({ fileId: rowIdParamSchema });
const NoContent = z.null().describe('Удалено');
const JSON_UTF8 = 'application/json; charset=utf-8';

/** Validates with a contract schema in the handler, answering 400 with the same field errors as the rest. */
function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  throw new HttpError(400, result.error.issues[0]?.message ?? errorMessages.invalid, errors);
}

/** The orders of spec §7, all for a signed-in customer (the auth plugin's default). */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const orders = app.ordersService;

  app.get(
    api.orders.root,
    {
      schema: {
        tags,
        security,
        summary: 'Заказы вкладки (active, archive, done) постранично, со счётчиками вкладок',
        querystring: OrderListQuerySchema,
        response: { 200: OrderListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    // The page comes already rendered (the service keeps pages until the customer's orders change),
    // so no serializer runs for it: it is written from typed rows as JSON text (the mappers'
    // ListItemWriter, held byte for byte to JSON.stringify of toListItem's item); the schema
    // describes it in the OpenAPI document, and the list's tests hold the shape to it. A Buffer
    // with its content type set is sent as it is.
    async (request, reply) => {
      const page = await orders.listJson(request.userId, request.query);
      return reply.type(JSON_UTF8).send(page as unknown as OrderList);
    },
  );

  app.post(
    api.orders.root,
    {
      // The body is one of two schemas told apart by `is_fake`; the handler picks the right one
      // so that field errors name the fields of that schema, not of a failed union.
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Новый заказ (цена считается на сервере), заказ пакета или, с is_fake, черновик',
        body: z.union([DraftCreateRequestSchema, OrderCreateRequestSchema]),
        response: { 201: z.union([OrderCreatedSchema, DraftSchema]), ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const raw: unknown = request.body;
      const isDraft =
        typeof raw === 'object' && raw !== null && (raw as { is_fake?: unknown }).is_fake === true;
      const result = isDraft
        ? await orders.createDraft(request.userId, parseWith(DraftCreateRequestSchema, raw))
        : await orders.create(
            request.userId,
            parseWith(OrderCreateRequestSchema, raw),
            await orderAttribution(app.database.db, request.userId, attributionOf(request.cookies)),
          );
      return reply.code(201).send(result);
    },
  );

  app.get(
    api.orders.continue,
    {
      schema: {
        tags,
        security,
        summary: 'Незаконченный заказ: последний или ?id=',
        querystring: OptionalIdQuerySchema,
        response: { 200: DraftSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => orders.continueDraft(request.userId, request.query.id),
  );

  app.get(
    api.orders.drafts,
    {
      schema: {
        tags,
        security,
        summary: 'Черновики заказов: последний изменённый первым; нет черновиков — пустой список',
        response: { 200: DraftListSchema, ...errorResponses(401) },
      },
    },
    (request) => orders.listDrafts(request.userId),
  );

  app.delete(
    api.orders.fake.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Удалить черновик заказа вместе с его файлами',
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await orders.deleteDraft(request.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    api.orders.fake.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Черновик заказа',
        params: IdParams,
        response: { 200: DraftSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => orders.getDraft(request.userId, request.params.id),
  );

  app.patch(
    api.orders.fake.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Сохранить черновик по мере заполнения формы',
        params: IdParams,
        body: DraftUpdateRequestSchema,
        response: { 200: DraftSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    (request) => orders.updateDraft(request.userId, request.params.id, request.body),
  );

  app.delete(
    api.orders.deleteFakeFile.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Удалить файл черновика',
        params: OrderFileParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await orders.deleteDraftFile(request.userId, request.params.id, request.params.fileId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    api.orders.deleteAjaxFile.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Удалить загруженный, но ещё не прикреплённый файл',
        params: FileParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await orders.deletePendingFile(request.userId, request.params.fileId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    api.orders.calculateCost,
    {
      schema: {
        tags,
        security,
        summary: 'Расчёт стоимости с разбивкой (копейки)',
        body: CalculateCostRequestSchema,
        response: { 200: CostBreakdownSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => orders.calculateCost(request.userId, request.body),
  );

  app.post(
    api.orders.calculateDiscount,
    {
      schema: {
        tags,
        security,
        summary:
          'Скидки (первый заказ, пакет, промокод; с order_id — те, что у заказа) к пересчитанной стоимости',
        body: CalculateDiscountRequestSchema,
        response: { 200: DiscountBreakdownSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => orders.calculateDiscount(request.userId, request.body),
  );

  for (const screen of ['success', 'welcome'] as const) {
    app.get(
      api.orders[screen],
      {
        schema: {
          tags,
          security,
          summary:
            screen === 'success'
              ? 'Данные экрана «Заказ оформлен»'
              : 'Данные приветствия по ссылке из письма',
          querystring: IdQuerySchema,
          response: { 200: OrderGreetingSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => orders.greeting(request.userId, request.query.id),
    );
  }

  app.get(
    api.orders.byId.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Заказ',
        params: IdParams,
        response: { 200: OrderSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => orders.get(request.userId, request.params.id),
  );

  app.patch(
    api.orders.byId.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Изменить заказ, пока он редактируемый (иначе 409)',
        params: IdParams,
        body: OrderUpdateRequestSchema,
        response: { 200: OrderSchema, ...errorResponses(400, 401, 404, 409, 413) },
      },
    },
    (request) => orders.update(request.userId, request.params.id, request.body, request.log),
  );

  app.delete(
    api.orders.byId.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Переместить заказ в архив (статус 16 «Архивный заказ»)',
        params: IdParams,
        response: { 200: OrderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => orders.trash(request.userId, request.params.id, request.log),
  );

  app.patch(
    api.orders.restore.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Вернуть заказ из архива',
        params: IdParams,
        response: { 200: OrderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => orders.restore(request.userId, request.params.id, request.log),
  );

  app.patch(
    api.orders.notEditable.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Добавить файлы без проверки качества к заказу, который уже нельзя редактировать',
        params: IdParams,
        body: NotEditableOrderRequestSchema,
        response: { 200: OrderSchema, ...errorResponses(400, 401, 404, 409, 413) },
      },
    },
    (request) =>
      orders.addFilesWithoutQc(request.userId, request.params.id, request.body.files_without_qc, request.log),
  );

  app.get(
    api.orders.fileDownload.pattern,
    {
      schema: {
        tags,
        security,
        summary: 'Скачать файл заказа или черновика (всегда как вложение)',
        params: OrderFileParams,
        response: { 200: z.unknown().describe('Содержимое файла'), ...errorResponses(400, 401, 404) },
      },
    },
    // Never shown in the browser: saved under its own name (RFC 6266/5987 for Cyrillic names), as
    // the type told by its content when it was uploaded, which the browser must not second-guess.
    async (request, reply) => {
      const { file, content } = await orders.openOrderFile(
        request.userId,
        request.params.id,
        request.params.fileId,
      );
      return reply
        .type(file.mime)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-cache')
        .send(content);
    },
  );

  // The order workspace (files, zip, preview, reworks, care, accept, timeline).
  await app.register(workspaceRoutes);

  // Multipart bodies only on the upload routes: the plugin's hooks (an async onRequest that
  // listens for the socket closing, an async onResponse that cleans temporary files) would
  // otherwise run on every request of the orders module, the list included.
  await app.register(async function uploadRoutes(scope: FastifyInstance) {
    await scope.register(multipart, {
      // A byte above the per-file limit, so that the upload's own check fires first with its message.
      limits: {
        fileSize: Math.floor(scope.config.UPLOAD_MAX_FILE_MB * MB) + 1,
        files: UPLOAD_MAX_FILES,
        fields: 20,
        parts: 40,
      },
      throwFileSizeLimit: false,
    });
    const uploads = scope.withTypeProvider<ZodTypeProvider>();

    uploads.post(
      api.orders.fakeFiles.pattern,
      {
        schema: {
          tags,
          security,
          summary: 'Загрузить файлы в черновик (multipart)',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 201: OrderFileListSchema, ...errorResponses(400, 401, 404, 413) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await orders.uploadDraftFiles(request.userId, request.params.id, request)),
    );

    uploads.post(
      api.orders.ajaxFiles,
      {
        schema: {
          tags,
          security,
          summary: 'Загрузить файлы до появления черновика (multipart); их id передаются потом в files',
          consumes: ['multipart/form-data'],
          response: { 201: OrderFileListSchema, ...errorResponses(400, 401, 413) },
        },
      },
      async (request, reply) => reply.code(201).send(await orders.uploadPending(request.userId, request)),
    );

    await scope.register(workspaceUploadRoutes);
  });
}
