import { russianZodErrors } from '@cabinet/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';

// Every 400 carries the field messages zod gives: in Russian, where a schema sets none itself.
z.config({ localeError: russianZodErrors });

export const errorMessages = {
  invalid: 'Проверьте введённые данные',
  unauthorized: 'Требуется вход в кабинет',
  forbidden: 'Недостаточно прав',
  notFound: 'Не найдено',
  conflict: 'Конфликт с текущим состоянием данных',
  tooLarge: 'Слишком большой запрос',
  tooMany: 'Слишком много запросов. Попробуйте позже',
  internal: 'Внутренняя ошибка сервера. Мы уже разбираемся',
  badJson: 'Некорректный формат запроса',
  badUrl: 'Некорректный адрес запроса',
  longUrl: 'Слишком длинный адрес запроса',
  databaseUnavailable: 'База данных временно недоступна. Повторите запрос через минуту',
  serviceUnavailable: 'Сервис временно недоступен. Повторите запрос через минуту',
  storageUnavailable: 'Хранилище файлов временно недоступно. Загрузите файл ещё раз позже',
} as const;

/** Seconds a client is asked to wait after a 503 for a database that cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A deliberate HTTP answer: the one error handler turns it into `{detail, errors}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Body to send instead of `{detail, errors}` (spec: social token errors carry no detail). */
    readonly body?: unknown,
  ) {
    super(detail);
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, message, { [field]: [message] });
export const notFound = (detail: string = errorMessages.notFound) => new HttpError(404, detail);

const LONE_SURROGATES = /\p{Cs}/gu;

function fieldErrors(issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') ??
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    // A path names what the client sent, a record's key included: a lone surrogate there would
    // fail ErrorBodySchema's own text check on the way out, so it is replaced as UTF-8 would.
    const key = path ? path.replace(LONE_SURROGATES, '\uFFFD') : 'non_field_errors';
    (errors[key] ??= []).push(issue.message ?? errorMessages.invalid);
  }
  return errors;
}

/**
 * What the router refuses before any route or hook runs — a path segment that is not valid
 * percent-encoded UTF-8 (`%`, `%ED%A0%80`: 400) or one longer than maxParamLength (414): the same
 * `{detail}` as every other error, in Russian. Fastify's own answer to these is an English body
 * of another shape (`{error, code, message, statusCode}`). Fastify's `frameworkErrors` option
 * (app.ts).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode === 414 ? 414 : 400;
  // No route, so no hook runs: the request id app.ts's onSend hook echoes and the security
  // headers (plugins/security.ts) are set here.
  void reply.header('x-request-id', request.id);
  if (request.server.hasDecorator('securityHeaders'))
    for (const [name, value] of request.server.securityHeaders) void reply.header(name, value);
  void reply.status(status).send({ detail: status === 414 ? errorMessages.longUrl : errorMessages.badUrl });
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Every answer here is JSON, whatever the route had set: a file's answer sets its type,
    // disposition and length before its stream is read, and a stream that fails before the first
    // byte (the stored object is gone) lands here — Fastify would refuse to send the object as a PDF.
    reply.removeHeader('content-disposition');
    reply.removeHeader('content-length');
    void reply.type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.body ?? { detail: error.detail, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0]?.[0];
      return reply.status(400).send({ detail: first ?? errorMessages.invalid, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.status(500).send({ detail: errorMessages.internal });
    }
    // PostgreSQL restarting or unreachable (ADR 041): a 503 the client may repeat as it is, not a
    // 500. The transaction of the request rolled back, and the pool reconnects by itself.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ detail: errorMessages.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: errorMessages.internal });
    }
    const byStatus: Record<number, string> = {
      400: errorMessages.badJson,
      401: errorMessages.unauthorized,
      403: errorMessages.forbidden,
      404: errorMessages.notFound,
      409: errorMessages.conflict,
      413: errorMessages.tooLarge,
      415: errorMessages.badJson,
      429: errorMessages.tooMany,
    };
    return reply.status(status).send({ detail: byStatus[status] ?? errorMessages.invalid });
  });
});
