import multipartPlugin from '@fastify/multipart';
import type { StaffRole, WorkspaceFile } from '@cabinet/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { nowIso } from '../src/db/index';
import type { Actor } from '../src/modules/orders/lifecycle';
import { recordEvent, systemActor } from '../src/modules/orders/lifecycle';
import { storeStaffFiles } from '../src/modules/orders/workspace/files';
import errorsPlugin from '../src/plugins/errors';
import { multipart, type UploadFile } from './orders-fixtures';

/** A staff member written into the database, as an Actor of the lifecycle. */
export async function staffActor(app: FastifyInstance, role: StaffRole, name: string): Promise<Actor> {
  const row = await app.database.db
    .insertInto('staff_users')
    .values({
      email: `${role}-${Math.random().toString(36).slice(2)}@staff.test`,
      password_hash: 'x',
      role,
      name,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { role, staffId: row.id };
}

/** Moves an order in the database as the staff side or a payment will (status, columns, event). */
export async function staffMove(
  app: FastifyInstance,
  orderId: number,
  statusId: number,
  also: { paid?: number; performer_id?: number; price?: number } = {},
  event?: { kind: 'paid' | 'author_assigned' | 'priced'; actor?: Actor; data?: Record<string, unknown> },
): Promise<void> {
  await app.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ status_id: statusId, ...also })
      .where('id', '=', orderId)
      .execute();
    if (event) await recordEvent(trx, orderId, event.kind, event.actor ?? systemActor, event.data ?? {});
  });
}

/** Pays an order in the database (status 3, paid = price, event 'paid'), as the payment will. */
export async function payInDb(app: FastifyInstance, orderId: number): Promise<void> {
  const { price } = await app.database.db
    .selectFrom('orders')
    .select('price')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await staffMove(app, orderId, 3, { paid: price }, { kind: 'paid', data: { amount: price } });
}

/**
 * Uploads staff files through the shared service with a real multipart request: a small server
 * of its own hands the request to `storeStaffFiles` of the app under test (the staff routes are
 * another module's).
 */
export async function staffUploader(app: FastifyInstance) {
  const server = Fastify({ logger: false });
  await server.register(errorsPlugin);
  await server.register(multipartPlugin, { limits: { fileSize: 60 * 1024 * 1024 } });
  let pending: { actor: Actor; orderId: number; kind: 'intermediate' | 'final' } | null = null;
  server.post('/upload', async (request, reply) => {
    const p = pending as NonNullable<typeof pending>;
    const files = await storeStaffFiles(app.ordersService.ctx, p.actor, p.orderId, p.kind, request);
    return reply.code(201).send(files);
  });
  await server.ready();
  return {
    async upload(actor: Actor, orderId: number, kind: 'intermediate' | 'final', files: UploadFile[]) {
      pending = { actor, orderId, kind };
      const body = multipart(files);
      const res = await server.inject({
        method: 'POST',
        url: '/upload',
        payload: body.payload,
        headers: body.headers,
      });
      return res;
    },
    async uploadOk(actor: Actor, orderId: number, kind: 'intermediate' | 'final', files: UploadFile[]) {
      const res = await this.upload(actor, orderId, kind, files);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as WorkspaceFile[];
    },
    close: () => server.close(),
  };
}
