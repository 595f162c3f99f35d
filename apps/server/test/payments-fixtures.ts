import {
  OrderPacketListSchema,
  OrderStatusId,
  api,
  referenceApi,
  type WorkType,
  paymentsApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { nowIso } from '../src/db/index';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { dayIn, orderBody, placeOrder, workTypes } from './orders-fixtures';
import { accounts, checkLedger, financesOf, postTxn } from '../src/modules/ledger';

/**
 * Shared fixtures of the payments tests: an app, customers, orders waiting for payment
 * with a price, money and bonuses given through the ledger, and the books' check.
 */

export type Auth = { authorization: string };

export interface PayCustomer {
  id: number;
  email: string;
  auth: Auth;
}

export async function buildPaymentsApp(env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({ INSTALLMENTS_ENABLED: 'true', ...env });
}

/** Registers a customer through the API. */
export async function payCustomer(app: FastifyInstance): Promise<PayCustomer> {
  const c = await registerCustomer(app);
  const row = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', c.email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: c.email, auth: bearer(c.access) };
}

let cachedWorkType: WorkType | undefined;

/** The order placed through the API, then priced as a manager does (status 2, the price in kopecks). */
export async function awaitingOrder(
  app: FastifyInstance,
  customer: PayCustomer,
  price: number,
  over: { paid?: number; status?: number; performer_id?: number | null } = {},
): Promise<number> {
  cachedWorkType ??= (await workTypes(app, customer.auth))[0]!;
  const { id } = await placeOrder(app, customer.auth, orderBody(cachedWorkType));
  await app.database.db
    .updateTable('orders')
    .set({
      status_id: over.status ?? OrderStatusId.awaitingPayment,
      price,
      paid: over.paid ?? 0,
      performer_id: over.performer_id ?? null,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A catalog packet placed by the customer, its orders priced and waiting for payment. */
export async function awaitingPacket(
  app: FastifyInstance,
  customer: PayCustomer,
  pricePerOrder: number,
): Promise<{ placedId: number; orderIds: number[] }> {
  const packets = OrderPacketListSchema.parse(
    (await app.inject({ method: 'GET', url: referenceApi.orderPackets, headers: customer.auth })).json(),
  );
  const res = await app.inject({
    method: 'POST',
    url: api.orders.root,
    headers: customer.auth,
    payload: { topic: 'Маркетинговая стратегия компании', deadline: dayIn(45), packet_id: packets[0]!.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { packet_order_ids: number[] };
  const orderIds = body.packet_order_ids;
  const row = await app.database.db
    .selectFrom('orders')
    .select('packet_id')
    .where('id', '=', orderIds[0]!)
    .executeTakeFirstOrThrow();
  await app.database.db
    .updateTable('orders')
    .set({ status_id: OrderStatusId.awaitingPayment, price: pricePerOrder, paid: 0 })
    .where('id', 'in', orderIds)
    .execute();
  return { placedId: row.packet_id!, orderIds };
}

/** A performer (staff_users row) to own completed orders (tips). */
export async function performer(app: FastifyInstance): Promise<number> {
  const row = await app.database.db
    .insertInto('staff_users')
    .values({
      email: `performer-${randomUUID()}@staff.test`,
      password_hash: 'x',
      role: 'performer',
      name: 'Иван К.',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives the customer money on the balance through the ledger (a top-up the provider collected). */
export async function giveMoney(app: FastifyInstance, userId: number, amount: number): Promise<void> {
  await app.database.db.transaction().execute(async (trx) => {
    await postTxn(trx, { kind: 'replenish', user_id: userId, title: 'Пополнение баланса' }, [
      { account: accounts.providerClearing, amount: -amount },
      { account: accounts.customerMoney(userId), amount },
    ]);
  });
}

/** Gives the customer bonuses through the ledger. */
export async function giveBonus(app: FastifyInstance, userId: number, amount: number): Promise<void> {
  await app.database.db.transaction().execute(async (trx) => {
    await postTxn(trx, { kind: 'bonus_accrual', user_id: userId, title: 'Бонусы' }, [
      { account: accounts.bonusPool, amount: -amount },
      { account: accounts.customerBonus(userId), amount },
    ]);
  });
}

export function finances(app: FastifyInstance, userId: number) {
  return financesOf(app.database.db, userId);
}

export async function orderRow(app: FastifyInstance, id: number) {
  return app.database.db
    .selectFrom('orders')
    .select(['id', 'status_id', 'price', 'paid', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The books balance: every txn sums to zero, cached balances match, no customer below zero. */
export async function expectLedgerOk(app: FastifyInstance): Promise<void> {
  const check = await checkLedger(app.database.db);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true });
}

/** A fresh Idempotency-Key. */
export const idemKey = () => randomUUID();

/** `POST pay/` with an Idempotency-Key (a fresh one unless given). */
export function pay(
  app: FastifyInstance,
  auth: Auth,
  payload: Record<string, unknown>,
  key: string | null = idemKey(),
) {
  return app.inject({
    method: 'POST',
    url: paymentsApi.pay,
    headers: key === null ? auth : { ...auth, 'idempotency-key': key },
    payload,
  });
}
