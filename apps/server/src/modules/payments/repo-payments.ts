import { OrderStatusId } from '@cabinet/contract';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, PaymentsTable } from '../../db/types';

/**
 * The `payments` rows of paying and settling (service.ts, plans.ts, invoices.ts, settle.ts) and
 * what they read of orders, packets and customers. A query here runs on whatever handle it is
 * given: the caller's transaction when the caller holds one.
 */

// Payments

export async function insertPayments(db: Kysely<DB>, rows: Insertable<PaymentsTable>[]): Promise<void> {
  await db.insertInto('payments').values(rows).execute();
}

/** Writes a payment row; returns its id. */
export async function insertPayment(db: Kysely<DB>, row: Insertable<PaymentsTable>): Promise<number> {
  const { id } = await db.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePayment(
  db: Kysely<DB>,
  id: number,
  set: Updateable<PaymentsTable>,
): Promise<void> {
  await db.updateTable('payments').set(set).where('id', '=', id).execute();
}

export async function deletePayment(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('payments').where('id', '=', id).execute();
}

/**
 * Settles a pending payment: one UPDATE naming `status = 'pending'`, so of concurrent settlers one
 * gets the row and the others undefined (settle.ts).
 */
export function claimPendingPayment(trx: Kysely<DB>, id: number, set: Updateable<PaymentsTable>) {
  return trx
    .updateTable('payments')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** What announcing a settled payment needs of it. */
export function findPaymentToAnnounce(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('payments')
    .select(['status', 'purpose', 'object_id', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Our payment the provider knows by its id. */
export function findPaymentByProviderId(db: Kysely<DB>, provider: string, providerPaymentId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'amount', 'provider_payment_id'])
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

/** Our payment `id` made through the provider (the id the provider keeps in its metadata). */
export function findProviderPayment(db: Kysely<DB>, id: number, provider: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'amount', 'provider_payment_id'])
    .where('id', '=', id)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** The customer's payments among `ids` (pay-many's invoices). */
export function selectUserPaymentsIn(db: Kysely<DB>, ids: number[], userId: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'object_id', 'purpose', 'status'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .execute();
}

/** The customer's pending payments of an order, invoices and attempts alike (invoices.ts). */
export function selectPendingOrderPayments(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'object_id', 'amount', 'bonus', 'title', 'provider'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'order')
    .where('status', '=', 'pending')
    .where('object_id', 'is not', null)
    .execute();
}

/** The customer's pending payments for one thing paid for, oldest first (plans.ts: one to reuse). */
function pendingPaymentsFor(
  db: Kysely<DB>,
  userId: number,
  purpose: PaymentsTable['purpose'],
  objectId: number,
) {
  return db
    .selectFrom('payments')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('object_id', '=', objectId)
    .where('status', '=', 'pending')
    .orderBy('id');
}

/** Of one order: its invoice or an earlier attempt. */
export function selectPendingPaymentsOfOrder(db: Kysely<DB>, userId: number, orderId: number) {
  return pendingPaymentsFor(db, userId, 'order', orderId)
    .select(['id', 'provider', 'payment_method', 'amount', 'bonus', 'data'])
    .execute();
}

/** Of one certificate: an earlier attempt. */
export function selectPendingPaymentsOfCertificate(db: Kysely<DB>, userId: number, certificateId: number) {
  return pendingPaymentsFor(db, userId, 'certificate', certificateId)
    .select(['id', 'provider', 'payment_method', 'amount'])
    .execute();
}

/** The invoices of an order (pending, no provider) other than the payment `exceptId`. */
export async function deleteOrderInvoices(trx: Kysely<DB>, orderId: number, exceptId: number): Promise<void> {
  await trx
    .deleteFrom('payments')
    .where('purpose', '=', 'order')
    .where('object_id', '=', orderId)
    .where('status', '=', 'pending')
    .where('provider', 'is', null)
    .where('id', '!=', exceptId)
    .execute();
}

/** The customer's pending payments among `ids` other than the payment `exceptId` (pay-many's invoices). */
export async function deletePendingPaymentsIn(
  trx: Kysely<DB>,
  ids: number[],
  userId: number,
  exceptId: number,
): Promise<void> {
  await trx
    .deleteFrom('payments')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('id', '!=', exceptId)
    .execute();
}

// Orders, packets, customers

/**
 * The customer's real orders waiting for payment — status 2, or in `owingStatuses` with part paid
 * — by id, with their work type's title; only those among `orderIds` when given.
 */
export function selectOrdersAwaitingPayment(
  db: Kysely<DB>,
  userId: number,
  owingStatuses: number[],
  orderIds?: number[],
) {
  let query = db
    .selectFrom('orders')
    .leftJoin('work_types', 'work_types.id', 'orders.work_type_id')
    .select(['orders.id', 'orders.topic', 'orders.price', 'orders.paid', 'work_types.title as work_type'])
    .where('orders.user_id', '=', userId)
    .where('orders.is_fake', '=', 0)
    .where((eb) =>
      eb.or([
        eb('orders.status_id', '=', OrderStatusId.awaitingPayment),
        // The second half of an order paid by halves, whatever stage the work is at.
        eb.and([
          eb('orders.status_id', 'in', owingStatuses),
          eb('orders.paid', '>', 0),
          eb('orders.paid', '<', eb.ref('orders.price')),
        ]),
      ]),
    )
    .orderBy('orders.id');
  if (orderIds) query = query.where('orders.id', 'in', orderIds.length ? orderIds : [0]);
  return query.execute();
}

/** The order a tip goes with: its performer. */
export function findOrderPerformer(db: Kysely<DB>, orderId: number) {
  return db.selectFrom('orders').select(['id', 'performer_id']).where('id', '=', orderId).executeTakeFirst();
}

/** A real order as a tip needs it: its customer, status and performer. */
export function findRealOrderForTip(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status_id', 'performer_id'])
    .where('id', '=', orderId)
    .where('is_fake', '=', 0)
    .executeTakeFirst();
}

export async function setOrderPaid(
  trx: Kysely<DB>,
  orderId: number,
  paid: number,
  at: string,
): Promise<void> {
  await trx.updateTable('orders').set({ paid, updated_at: at }).where('id', '=', orderId).execute();
}

export function findWorkTypeTitle(db: Kysely<DB>, workTypeId: number) {
  return db.selectFrom('work_types').select('title').where('id', '=', workTypeId).executeTakeFirst();
}

/** A placed packet with its customer and the packet's title. */
export function findPlacedPacket(db: Kysely<DB>, placedId: number) {
  return db
    .selectFrom('order_packets_placed')
    .innerJoin('order_packets', 'order_packets.id', 'order_packets_placed.packet_id')
    .select(['order_packets_placed.id', 'order_packets_placed.user_id', 'order_packets.title'])
    .where('order_packets_placed.id', '=', placedId)
    .executeTakeFirst();
}

/** The ids of the customer's real orders of a placed packet. */
export function selectPacketOrderIds(db: Kysely<DB>, placedId: number, userId: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('packet_id', '=', placedId)
    .where('user_id', '=', userId)
    .where('is_fake', '=', 0)
    .execute();
}

/** What a provider's payment names of its payer. */
export function findPayerContact(db: Kysely<DB>, userId: number) {
  return db.selectFrom('users').select(['email', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();
}
