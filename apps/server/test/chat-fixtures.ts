import {
  ChatMessageSchema,
  ChatPageSchema,
  api,
  type ChatMessage,
  type ChatPage,
  staffApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Delivery } from '../src/modules/chat/types';
import { TestSocket } from './chat-socket-client';
import { bearer, registerCustomer } from './helpers';
import { orderBody, placeOrder, workTypes } from './orders-fixtures';
import { createStaff, payInDb, type TestStaff } from './staff-fixtures';

export type Auth = { authorization: string };

/** A customer «Петрова Анна Сергеевна» with a paid order assigned to an author, and a manager. */
export async function chatOrder(app: FastifyInstance, staff?: { manager: TestStaff; author: TestStaff }) {
  const registered = await registerCustomer(app);
  const customer = bearer(registered.access);
  const user = await app.database.db
    .updateTable('users')
    .set({ fio: 'Петрова Анна Сергеевна' })
    .where('email', '=', registered.email)
    .returning('id')
    .executeTakeFirstOrThrow();
  const manager = staff?.manager ?? (await createStaff(app, 'manager'));
  const author = staff?.author ?? (await createStaff(app, 'performer'));
  const workType = (await workTypes(app, customer))[0]!;
  const orderId = (await placeOrder(app, customer, orderBody(workType))).id;
  await payInDb(app, orderId);
  await app.database.db
    .updateTable('orders')
    .set({ performer_id: author.id, status_id: 4 })
    .where('id', '=', orderId)
    .execute();
  return { customer, userId: user.id, email: registered.email, manager, author, orderId };
}

/**
 * The order of a chat across two instances sharing a database and a bus: «Анна Демидова» places it
 * on `one`, the manager «Ольга» prices it there, it is paid, and he assigns it on `two` to «Иван К.»
 * — through the API, so that both instances see it as a real one; then the customer's socket on
 * `one` (`base1`) and the author's on `two` (`base2`), each subscribed to the order.
 */
export async function clusterChatOrder(
  one: FastifyInstance,
  two: FastifyInstance,
  base1: string,
  base2: string,
) {
  const manager = await createStaff(one, 'manager', { name: 'Ольга' });
  const author = await createStaff(one, 'performer', { name: 'Иван К.' });
  const registered = await registerCustomer(one, { fio: 'Анна Демидова' });
  const customer = bearer(registered.access);
  const workType = (await workTypes(one, customer))[0]!;
  const orderId = (await placeOrder(one, customer, orderBody(workType))).id;
  const priced = await one.inject({
    method: 'PATCH',
    url: staffApi.order(orderId),
    headers: manager.auth,
    payload: { price: 300_000 },
  });
  expect(priced.statusCode, priced.body).toBe(200);
  await payInDb(one, orderId);
  const assigned = await two.inject({
    method: 'POST',
    url: staffApi.assign(orderId),
    headers: manager.auth,
    payload: { performer_id: author.id },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);

  const customerSocket = await TestSocket.ready(base1, registered.access);
  const authorSocket = await TestSocket.ready(base2, author.auth.authorization.replace(/^Bearer /, ''));
  for (const socket of [customerSocket, authorSocket]) {
    expect(await socket.subscribe(orderId)).toMatchObject({ type: 'subscribed' });
  }
  return { manager, author, customer, email: registered.email, orderId, customerSocket, authorSocket };
}

export const clientId = () => randomUUID();

/** POSTs a message as the customer (`staff` false) or a staff member; returns the answer. */
export function send(
  app: FastifyInstance,
  auth: Auth,
  orderId: number,
  body: { text?: string; client_id?: string; file_ids?: number[] },
  staff = false,
) {
  return app.inject({
    method: 'POST',
    url: staff ? staffApi.messages(orderId) : api.orders.messages(orderId),
    headers: auth,
    payload: { client_id: clientId(), ...body },
  });
}

export async function sendOk(
  app: FastifyInstance,
  auth: Auth,
  orderId: number,
  text: string,
  staff = false,
): Promise<ChatMessage> {
  const res = await send(app, auth, orderId, { text }, staff);
  expect(res.statusCode, res.body).toBe(201);
  return ChatMessageSchema.parse(res.json());
}

export async function history(
  app: FastifyInstance,
  auth: Auth,
  orderId: number,
  query = '',
  staff = false,
): Promise<ChatPage> {
  const url = `${staff ? staffApi.messages(orderId) : api.orders.messages(orderId)}${query}`;
  const res = await app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return ChatPageSchema.parse(res.json());
}

/** Everything the app publishes on its bus from now on. */
export function recordBus(app: FastifyInstance) {
  const seen: Delivery[] = [];
  const stop = app.chatBus.subscribe((batch) => seen.push(...batch));
  return {
    seen,
    stop,
    clear: () => seen.splice(0),
    /** Waits for the bus to hand over what was published (it may deliver on a later tick). */
    settle: () => new Promise((r) => setTimeout(r, 20)),
  };
}
