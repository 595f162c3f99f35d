import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, OrderFileKind, OrderFilesTable, OrdersTable, PromoCodesTable } from '../../db/types';

export type OrderRow = Selectable<OrdersTable>;
export type FileRow = Selectable<OrderFilesTable>;

/**
 * Orders without their reference titles: the service names work types, subjects and the rest
 * from its in-memory copy of the reference data, which keeps these queries on the orders index.
 */
function selectOrders(db: Kysely<DB>) {
  return db.selectFrom('orders as o').selectAll('o');
}

/** Id → title of every reference list an order points at; they change only with a migration. */
export async function referenceTitles(db: Kysely<DB>) {
  const [workTypes, subjects, universities, systems] = await Promise.all([
    db.selectFrom('work_types').select(['id', 'title']).execute(),
    db.selectFrom('subjects').select(['id', 'title']).execute(),
    db.selectFrom('universities').select(['id', 'title']).execute(),
    db.selectFrom('verification_systems').select(['id', 'title']).execute(),
  ]);
  const toMap = (rows: Array<{ id: number; title: string }>) => new Map(rows.map((r) => [r.id, r.title]));
  return {
    workTypes: toMap(workTypes),
    subjects: toMap(subjects),
    universities: toMap(universities),
    verificationSystems: toMap(systems),
  };
}
export type ReferenceTitles = Awaited<ReturnType<typeof referenceTitles>>;

/** An order or a draft of the customer's; another customer's id finds nothing. */
export function findOrder(db: Kysely<DB>, userId: number, id: number, fake: boolean) {
  return selectOrders(db)
    .where('o.id', '=', id)
    .where('o.user_id', '=', userId)
    .where('o.is_fake', '=', fake ? 1 : 0)
    .executeTakeFirst();
}

export function latestDraft(db: Kysely<DB>, userId: number) {
  return selectOrders(db)
    .where('o.user_id', '=', userId)
    .where('o.is_fake', '=', 1)
    .orderBy('o.updated_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One page of a tab, newest first (the `orders_user_list` index gives the order). */
export function listOrders(
  db: Kysely<DB>,
  userId: number,
  statusIds: number[],
  limit: number,
  offset: number,
) {
  return selectOrders(db)
    .where('o.user_id', '=', userId)
    .where('o.is_fake', '=', 0)
    .where('o.status_id', 'in', statusIds)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function countByStatus(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('orders')
    .select(['status_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('is_fake', '=', 0)
    .groupBy('status_id')
    .execute();
}

export async function hasPlacedOrders(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_fake', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOrder(db: Kysely<DB>, values: Insertable<OrdersTable>): Promise<number> {
  const row = await db.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrder(
  db: Kysely<DB>,
  id: number,
  values: Updateable<OrdersTable>,
): Promise<void> {
  await db.updateTable('orders').set(values).where('id', '=', id).execute();
}

export function filesOf(db: Kysely<DB>, orderIds: number[]): Promise<FileRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_files').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

/** Bytes already held by an order, or — for null — by the customer's uploads waiting for one. */
export async function bytesHeld(db: Kysely<DB>, userId: number, orderId: number | null): Promise<number> {
  let q = db
    .selectFrom('order_files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('bytes'))
    .where('user_id', '=', userId);
  q =
    orderId === null
      ? q.where('order_id', 'is', null).where('kind', '=', 'ajax')
      : q.where('order_id', '=', orderId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.bytes);
}

export async function insertFiles(
  db: Kysely<DB>,
  rows: Array<Insertable<OrderFilesTable>>,
): Promise<FileRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('order_files').values(rows).returningAll().execute();
}

/** The customer's uploads still waiting for an order, among the given ids. */
export function pendingUploads(db: Kysely<DB>, userId: number, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'ajax')
    .where('order_id', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

export async function attachFiles(db: Kysely<DB>, ids: number[], orderId: number, kind: OrderFileKind) {
  if (ids.length === 0) return;
  await db.updateTable('order_files').set({ order_id: orderId, kind }).where('id', 'in', ids).execute();
}

export function findFile(db: Kysely<DB>, userId: number, id: number) {
  return db
    .selectFrom('order_files')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteFile(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('order_files').where('id', '=', id).execute();
}

export function findPromo(db: Kysely<DB>, code: string): Promise<Selectable<PromoCodesTable> | undefined> {
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Counts one use unless the code has run out meanwhile; false when it has. */
export async function usePromo(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('promo_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPacketPlacement(db: Kysely<DB>, userId: number, packetId: number, now: string) {
  const row = await db
    .insertInto('order_packets_placed')
    .values({ user_id: userId, packet_id: packetId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The discount of the packet an order was placed in (0 for a single order). */
export async function packetPercentOf(db: Kysely<DB>, placementId: number | null): Promise<number> {
  if (placementId === null) return 0;
  const row = await db
    .selectFrom('order_packets_placed as pp')
    .innerJoin('order_packets as p', 'p.id', 'pp.packet_id')
    .select('p.discount_percent')
    .where('pp.id', '=', placementId)
    .executeTakeFirst();
  return row?.discount_percent ?? 0;
}

export async function findPacket(db: Kysely<DB>, packetId: number) {
  const packet = await db
    .selectFrom('order_packets')
    .select(['id', 'discount_percent'])
    .where('id', '=', packetId)
    .executeTakeFirst();
  if (!packet) return undefined;
  const items = await db
    .selectFrom('order_packet_items')
    .select(['work_type_id', 'pages'])
    .where('packet_id', '=', packetId)
    .orderBy('position')
    .execute();
  return { ...packet, items };
}

export function findWorkType(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('work_types')
    .select(['id', 'price_per_page', 'min_pages', 'min_days'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findVerificationSystem(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('verification_systems')
    .select(['id', 'price_factor_percent'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function exists(
  db: Kysely<DB>,
  table: 'subjects' | 'universities' | 'work_types' | 'verification_systems',
  id: number,
): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
