import { TitlePageRequestSchema, api, titlePageFileName, type TitlePageRequest } from '@cabinet/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { siblingFile } from '../../plugins/documents';
import { titlePageLayout, type StudentSex } from './layout';
import type renderTitlePage from './render';

const CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/** The title page generator: the customer's fields → a DOCX or a PDF, as an attachment. */
export default async function titlePageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Built in a worker thread: a page of long unbroken fields costs a noticeable time (ADR 024).
  const render = app.documents.renderer<typeof renderTitlePage>(siblingFile(import.meta.url, './render'));

  app.post(
    api.content.titlePage,
    {
      // Building a PDF costs a font subset: a script looping on it is slowed down per address.
      preHandler: app.rateLimits.route<TitlePageRequest>('title-page'),
      schema: {
        tags: ['content'],
        security: [{ bearer: [] }],
        summary: 'Титульный лист (ГОСТ 7.32) в DOCX или PDF, файлом для скачивания',
        body: TitlePageRequestSchema,
        response: { 200: z.unknown().describe('DOCX или PDF'), ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const { format, ...fields } = request.body;
      // «студент» or «студентка» as the customer's profile says; both forms only when it does not.
      const user = await app.database.db
        .selectFrom('users')
        .select('sex')
        .where('id', '=', request.userId)
        .executeTakeFirst();
      const sex: StudentSex = user?.sex === 'male' || user?.sex === 'female' ? user.sex : '';
      const file = await render({ format, layout: titlePageLayout(fields, sex) });
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition(titlePageFileName(fields.topic, format)))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
}
