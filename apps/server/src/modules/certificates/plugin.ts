import {
  CertificateCreateSchema,
  CertificateListQuerySchema,
  CertificateListSchema,
  CertificateRedeemResultSchema,
  CertificateRedeemSchema,
  CertificateSchema,
  api,
  rowIdParamSchema,
} from '@cabinet/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi';
import { siblingFile } from '../../plugins/documents';
import { HttpError } from '../../plugins/errors';
import { registerPurposeOwner } from '../payments';
import { certificatePurpose } from './purpose';
import type renderCertificate from './render';
import { toCertificate } from './repo';
import {
  certificateDownload,
  certificateOf,
  createCertificate,
  listCertificates,
  redeemCertificate,
} from './service';

const tags = ['certificates'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: rowIdParamSchema });

/** Wrong codes a customer, and an address, may try in a window (RATE_WINDOW_MINUTES) before 429. */
export const REDEEM_MAX_FAILURES_PER_USER = 10;
export const REDEEM_MAX_FAILURES_PER_IP = 30;

// Paying a certificate is the payments module's work on this module's terms.
registerPurposeOwner('certificate', certificatePurpose);

/** Gift certificates: purchase, list, PDF, redemption (spec §3, §7 "Certificates"). */
export default fp(
  async function certificatesModule(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const db = app.database.db;
    const publicUrl = app.config.PUBLIC_URL;
    // Built in a worker thread, like the title pages (ADR 024).
    const renderPdf = app.documents.renderer<typeof renderCertificate>(
      siblingFile(import.meta.url, './render'),
    );

    app.post(
      api.certificates.root,
      {
        schema: {
          tags,
          security,
          summary:
            'Купить подарочный сертификат: номинал в копейках (целые рубли, от 500 ₽ до 50 000 ₽). Ответ — сертификат, ожидающий оплаты (pay/ с purpose certificate)',
          body: CertificateCreateSchema,
          response: { 201: CertificateSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createCertificate(db, request.userId, request.body.value)),
    );

    app.get(
      api.certificates.root,
      {
        schema: {
          tags,
          security,
          summary:
            'Купленные сертификаты: active — ожидают оплаты и действующие, trash — использованные и истёкшие; счётчики обеих вкладок',
          querystring: CertificateListQuerySchema,
          response: { 200: CertificateListSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        listCertificates(db, request.userId, request.query, publicUrl, api.certificates.root),
    );

    app.post(
      api.certificates.redeem,
      {
        // Every request per address first; then wrong codes per customer and per address (below).
        preHandler: app.rateLimits.route('certificate-redeem'),
        schema: {
          tags,
          security,
          summary:
            'Активировать сертификат по коду: сумма — на баланс или сразу на оплату своего заказа, ожидающего оплаты (остаток — на балансе). Код действует один раз',
          body: CertificateRedeemSchema,
          response: { 200: CertificateRedeemResultSchema, ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request) => {
        const windowMs = app.config.RATE_WINDOW_MINUTES * 60_000;
        // Reserved before the code is looked at, so that parallel guesses count too; given back
        // unless the code itself was refused.
        const reservation = await app.rateLimits.reserve([
          { key: `certificate-redeem:user:${request.userId}`, max: REDEEM_MAX_FAILURES_PER_USER, windowMs },
          {
            key: app.rateLimits.ipKey('certificate-redeem', request.ip),
            max: REDEEM_MAX_FAILURES_PER_IP,
            windowMs,
          },
        ]);
        try {
          const result = await redeemCertificate(db, request.userId, request.body);
          if (result.order_id !== null && result.order_paid > 0) {
            await app.orderEvents.changed(result.order_id, ['payments', 'status', 'timeline'], {
              log: request.log,
            });
          }
          await reservation.release();
          return result;
        } catch (err) {
          const wrongCode = err instanceof HttpError && err.statusCode === 400 && Boolean(err.errors?.code);
          if (!wrongCode) await reservation.release();
          throw err;
        }
      },
    );

    app.get(
      api.certificates.one.pattern,
      {
        schema: {
          tags,
          security,
          summary: 'Сертификат (только свой): номинал, статус, код — после оплаты, срок действия',
          params: IdParams,
          response: { 200: CertificateSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => toCertificate(await certificateOf(db, request.userId, request.params.id)),
    );

    app.get(
      api.certificates.download.pattern,
      {
        schema: {
          tags,
          security,
          summary:
            'Сертификат в PDF (код, номинал, срок, как использовать) — только оплаченный и действующий',
          params: IdParams,
          response: { 200: z.unknown().describe('PDF'), ...errorResponses(401, 404, 409, 429, 503) },
        },
      },
      async (request, reply) => {
        const file = await certificateDownload(db, request.userId, request.params.id, publicUrl, renderPdf);
        return reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.pdf);
      },
    );
  },
  { name: 'certificates-module', dependencies: ['db', 'auth', 'documents'] },
);
