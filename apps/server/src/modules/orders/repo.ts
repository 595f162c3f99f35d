import type { Database as SQLiteDatabase, Statement as SQLiteStatement } from 'better-sqlite3';
import {
  PostgresAdapter,
  type Compilable,
  type CompiledQuery,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type Updateable,
} from 'kysely';
import { jsonBuildObject as pgJsonObject } from 'kysely/helpers/postgres';
import { jsonBuildObject as sqliteJsonObject } from 'kysely/helpers/sqlite';
import type { DB, OrderFilesTable, OrdersTable, PromoCodesTable } from '../../db/types';

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

/** The customer's drafts, the one touched last first. */
export function listDrafts(db: Kysely<DB>, userId: number, limit: number) {
  return selectOrders(db)
    .where('o.user_id', '=', userId)
    .where('o.is_fake', '=', 1)
    .orderBy('o.updated_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countDrafts(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('is_fake', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a draft and its files' rows; returns the files' stored names. */
export async function deleteDraftRows(trx: Kysely<DB>, id: number): Promise<string[]> {
  const stored = await trx
    .selectFrom('order_files')
    .select('stored_name')
    .where('order_id', '=', id)
    .execute();
  await trx.deleteFrom('order_files').where('order_id', '=', id).execute();
  await trx.deleteFrom('orders').where('id', '=', id).where('is_fake', '=', 1).execute();
  return stored.map((f) => f.stored_name);
}

/** Stands for the `index`-th argument of a {@link precompiled} query until it is bound. */
class Slot {
  constructor(readonly index: number) {}
}
/** A placeholder typed as the value it stands for, so that the builder accepts it. */
const slot = <T>(index: number) => new Slot(index) as unknown as T;

/**
 * A query built and compiled once per database handle and shape; each call only binds its values.
 * The list and its counters run on every page view, and building and compiling the same query
 * again cost more than running it.
 */
function precompiled<A extends readonly unknown[], R>(build: (db: Kysely<DB>) => Compilable<R>) {
  const cache = new WeakMap<Kysely<DB>, CompiledQuery<R>>();
  return async (db: Kysely<DB>, ...args: A): Promise<R[]> => {
    let compiled = cache.get(db);
    if (!compiled) {
      compiled = build(db).compile();
      cache.set(db, compiled);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/**
 * The columns a row of the list shows (mappers' toListItem and listItemJson), in the order the
 * SQLite reader selects them: every column but the owner, the draft flag and the status an order
 * was trashed from, which the list never shows — each column read costs on every page rendered.
 */
export const LIST_COLUMNS = [
  'id',
  'status_id',
  'is_trash',
  'work_type_id',
  'subject_id',
  'topic',
  'university_id',
  'deadline',
  'pages',
  'originality',
  'verification_system_id',
  'requirements',
  'links',
  'promo_code',
  'cost',
  'discount',
  'price',
  'is_first_order',
  'packet_id',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof OrderRow>;
export type ListRow = Pick<OrderRow, (typeof LIST_COLUMNS)[number]>;

type ListQuery = (db: Kysely<DB>, userId: number, limit: number, offset: number) => Promise<ListRow[]>;
const listQueries = new Map<string, ListQuery>();

/**
 * One page of a tab, newest first (the `orders_user_list` index gives the order). Each row comes
 * as one JSON object built by the database: better-sqlite3 makes a JS object of a 24-column row
 * field by field, several times slower than JSON.parse of the same row (PostgreSQL's driver
 * parses `json` itself), and this is the query every view of the list runs. Slots: the customer,
 * the limit, the offset; the status list is part of the shape.
 */
function listPageQuery(d: Kysely<DB>, statusIds: readonly number[]) {
  const jsonObject = d.getExecutor().adapter instanceof PostgresAdapter ? pgJsonObject : sqliteJsonObject;
  return listPageOf(d, statusIds).select((eb) => {
    const fields: Record<string, Expression<unknown>> = {};
    for (const column of LIST_COLUMNS) fields[column] = eb.ref(`o.${column}`);
    // The helper's result type is built from `fields`, which are typed loosely here.
    return jsonObject(fields).$castTo<ListRow | string>().as('row');
  });
}

/** The rows of one page of a tab, before any column is selected. */
function listPageOf(d: Kysely<DB>, statusIds: readonly number[]) {
  return d
    .selectFrom('orders as o')
    .where('o.user_id', '=', slot<number>(0))
    .where('o.is_fake', '=', 0)
    .where('o.status_id', 'in', [...statusIds])
    .orderBy('o.id', 'desc')
    .limit(slot<number>(1))
    .offset(slot<number>(2));
}

/** One page of a tab; see {@link listPageQuery}. */
export function listOrders(
  db: Kysely<DB>,
  userId: number,
  statusIds: readonly number[],
  limit: number,
  offset: number,
): Promise<ListRow[]> {
  // One compiled query per tab.
  const key = statusIds.join(',');
  let query = listQueries.get(key);
  if (!query) {
    const page = precompiled<[number, number, number], { row: ListRow | string }>((d) =>
      listPageQuery(d, statusIds),
    );
    query = async (d, ...args) =>
      (await page(d, ...args)).map(({ row }) =>
        typeof row === 'string' ? (JSON.parse(row) as ListRow) : row,
      );
    listQueries.set(key, query);
  }
  return query(db, userId, limit, offset);
}

const countsOf = (db: Kysely<DB>) =>
  db.selectFrom('order_counts').select(['status_id', 'n']).where('user_id', '=', slot<number>(0));
const countsQuery = precompiled<[number], { status_id: number; n: number }>(countsOf);

/** Placed orders per status: a few rows the triggers of migration 004 keep up to date. */
export function countByStatus(db: Kysely<DB>, userId: number) {
  return countsQuery(db, userId);
}

/**
 * A list row from its columns in {@link LIST_COLUMNS}' order, as better-sqlite3's raw mode gives
 * them: one object literal, some twenty times cheaper than setting the fields in a loop.
 */
export function listRowOf(v: readonly unknown[]): ListRow {
  return {
    id: v[0],
    status_id: v[1],
    is_trash: v[2],
    work_type_id: v[3],
    subject_id: v[4],
    topic: v[5],
    university_id: v[6],
    deadline: v[7],
    pages: v[8],
    originality: v[9],
    verification_system_id: v[10],
    requirements: v[11],
    links: v[12],
    promo_code: v[13],
    cost: v[14],
    discount: v[15],
    price: v[16],
    is_first_order: v[17],
    packet_id: v[18],
    created_at: v[19],
    updated_at: v[20],
  } satisfies Record<keyof ListRow, unknown> as ListRow;
}

/** What rendering a page of the list reads: the counters of the tabs and the page's orders. */
export interface ListReads {
  counts: Array<{ status_id: number; n: number }>;
  rows: ListRow[];
}

/**
 * {@link countByStatus} and {@link listOrders}, compiled by Kysely, but run on SQLite's read-only
 * second connection (`Database.reader`): synchronously — Kysely's queue, promises and result
 * objects cost more than the two queries — and in one read transaction, so the counters always
 * match the page. Like that connection's version read, it sees committed data only. The page's
 * rows come in better-sqlite3's raw mode, as arrays of the bare columns: cheaper than the row as
 * JSON, whose JSON.parse was a fifth of rendering a page.
 */
export function sqliteListReader(
  db: Kysely<DB>,
  reader: SQLiteDatabase,
): (userId: number, statusIds: readonly number[], limit: number, offset: number) => ListReads {
  const bind = (parameters: readonly unknown[], args: readonly unknown[]) =>
    parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
  let counts: { statement: SQLiteStatement; parameters: readonly unknown[] } | undefined;
  const pages = new Map<string, { statement: SQLiteStatement; parameters: readonly unknown[] }>();
  return reader.transaction(
    (userId: number, statusIds: readonly number[], limit: number, offset: number): ListReads => {
      if (!counts) {
        const compiled = countsOf(db).compile();
        counts = { statement: reader.prepare(compiled.sql), parameters: compiled.parameters };
      }
      const key = statusIds.join(',');
      let page = pages.get(key);
      if (!page) {
        const compiled = listPageOf(db, statusIds)
          .select(LIST_COLUMNS.map((column) => `o.${column}` as const))
          .compile();
        page = { statement: reader.prepare(compiled.sql).raw(), parameters: compiled.parameters };
        pages.set(key, page);
      }
      const args = [userId, limit, offset];
      return {
        counts: counts.statement.all(...bind(counts.parameters, args)) as ListReads['counts'],
        rows: (page.statement.all(...bind(page.parameters, args)) as unknown[][]).map(listRowOf),
      };
    },
  );
}

const versionQuery = precompiled<[number], { version: number | string }>((db) =>
  db.selectFrom('order_list_versions').select('version').where('user_id', '=', slot<number>(0)),
);

/**
 * The version of the customer's orders (migration 005), new after every write to any of them;
 * undefined while the customer has none written since the migration.
 */
export async function listVersion(db: Kysely<DB>, userId: number): Promise<number | undefined> {
  const row = (await versionQuery(db, userId))[0];
  return row === undefined ? undefined : Number(row.version);
}

/**
 * The same read on SQLite's read-only second connection (`Database.reader`): synchronous, with no
 * turn through Kysely's queue. It sees the last committed version, as another process would.
 */
export function sqliteListVersion(reader: SQLiteDatabase): (userId: number) => number | undefined {
  let statement: SQLiteStatement | undefined;
  return (userId) => {
    statement ??= reader.prepare('select version from order_list_versions where user_id = ?').pluck();
    const version = statement.get(userId) as number | bigint | undefined;
    return version === undefined ? undefined : Number(version);
  };
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
    .select(['id', 'title', 'discount_percent'])
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
