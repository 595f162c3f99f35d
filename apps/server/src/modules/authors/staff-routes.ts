import {
  HideReviewRequestSchema,
  StaffAuthorSchema,
  StaffProfileSchema,
  StaffProfileUpdateSchema,
  StaffReviewSchema,
  StaffSubjectListSchema,
  rowIdParamSchema,
  staffApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { requireManager, staffOf } from '../staff';
import type { AuthorsService } from './service';

const tags = ['staff'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: rowIdParamSchema });

/** The staff face: one's own «О себе» and subjects, an author's reviews, a manager hiding one. */
export async function staffAuthorRoutes(fastify: FastifyInstance, opts: { service: AuthorsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  app.get(
    staffApi.profile,
    {
      schema: {
        tags,
        security,
        summary: '«О себе» и предметы сотрудника, которые видят заказчики',
        response: { 200: StaffProfileSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => service.staffProfile(staffOf(request).id),
  );

  app.put(
    staffApi.profile,
    {
      schema: {
        tags,
        security,
        summary: 'Сохранить «О себе» (до 500 символов) и предметы из справочника',
        body: StaffProfileUpdateSchema,
        response: { 200: StaffProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.saveStaffProfile(staffOf(request).id, request.body),
  );

  app.get(
    staffApi.subjects,
    {
      schema: {
        tags,
        security,
        summary: 'Предметы справочника, из которых сотрудник выбирает свои',
        response: { 200: StaffSubjectListSchema, ...errorResponses(401, 403) },
      },
    },
    () => service.subjects(),
  );

  app.get(
    staffApi.author.pattern,
    {
      schema: {
        tags,
        security,
        summary:
          'Автор и все его отзывы, скрытые с причиной: менеджеру — любой автор, автору — только он сам (иначе 404)',
        params: IdParams,
        response: { 200: StaffAuthorSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.staffAuthor(staffOf(request), request.params.id),
  );

  app.post(
    staffApi.reviewHide.pattern,
    {
      onRequest: requireManager,
      schema: {
        tags,
        security,
        summary:
          'Скрыть отзыв с причиной (менеджер): он перестаёт учитываться в рейтинге, автору уходит письмо',
        params: IdParams,
        body: HideReviewRequestSchema,
        response: { 200: StaffReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.hide(staffOf(request).id, request.params.id, request.body.reason),
  );
}
