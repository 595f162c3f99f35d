import {
  CareDetailSchema,
  CareListSchema,
  ReworkDetailSchema,
  ReworkListSchema,
  type ErrorBodySchema,
  rowIdParamSchema,
} from '@cabinet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCare, listCare } from './care';
import type { OrdersContext } from '../context';
import { getRework, listReworks } from './reworks';
import type { Face } from '../workspace/people';

/**
 * The read routes of order requests, the same for both kinds and both faces: an order's requests
 * of one kind (`…/{id}/reworks/`, `…/{id}/care/`) and one of them with its thread
 * (`…/{id}/reworks/{request}/`, `…/{id}/care/{request}/`). The kinds' writes differ and are
 * declared beside the other routes of each face.
 */

const id = rowIdParamSchema;
const IdParams = z.object({ id });
const RequestParams = IdParams.extend({ request: id });

const kinds = [
  { name: 'reworks', list: ReworkListSchema, detail: ReworkDetailSchema, read: listReworks, one: getRework },
  { name: 'care', list: CareListSchema, detail: CareDetailSchema, read: listCare, one: getCare },
] as const;

type KindName = (typeof kinds)[number]['name'];

export function requestReadRoutes(
  fastify: FastifyInstance,
  ctx: OrdersContext,
  face: {
    /** The contract's patterns of each kind's list and of one request (its id is `:request`). */
    paths: Record<KindName, { list: string; one: string }>;
    face: Face;
    tags: string[];
    security: Array<Record<string, string[]>>;
    summaries: Record<KindName, { list: string; one: string }>;
    errors: Record<number, typeof ErrorBodySchema>;
    /** Refuses a caller who may not see the order (404, or 403 by role). */
    access: (request: FastifyRequest, orderId: number) => Promise<unknown>;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { tags, security } = face;
  /** A read route's options: its summary, its parameters and its answer, with the face's errors. */
  const read = <P extends z.ZodTypeAny, R extends z.ZodTypeAny>(summary: string, params: P, response: R) => ({
    schema: { tags, security, summary, params, response: { 200: response, ...face.errors } },
  });
  for (const kind of kinds) {
    const paths = face.paths[kind.name];
    const summaries = face.summaries[kind.name];
    app.get(paths.list, read(summaries.list, IdParams, kind.list), async (request) => {
      await face.access(request, request.params.id);
      return kind.read(ctx, request.params.id, face.face);
    });
    app.get(paths.one, read(summaries.one, RequestParams, kind.detail), async (request) => {
      await face.access(request, request.params.id);
      return kind.one(ctx, request.params.id, request.params.request, face.face);
    });
  }
}
