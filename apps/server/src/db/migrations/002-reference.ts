import { orderPackets } from '../reference-data/order-packets';
import { subjectGroups } from '../reference-data/subjects';
import { universities } from '../reference-data/universities';
import { verificationSystems } from '../reference-data/verification-systems';
import { workTypes } from '../reference-data/work-types';
import { withId, type AnyDb } from './helpers';

/**
 * Reference data the order form is built from, seeded here because it is part of the product,
 * not demo content: every database, production included, starts with it. Later changes to the
 * lists come as new migrations.
 */

/** Well under the bound-parameter limits of both engines (SQLite 32 766, PostgreSQL 65 535). */
const BATCH = 100;

async function insertInBatches(
  db: AnyDb,
  table: string,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/** Stored so that one LIKE finds a query at the start of the short name, the name or the city. */
function universitySearchKey(title: string, shortTitle: string, city: string): string {
  return `|${[shortTitle, title, city].map(normalizeAsWritten).join('|')}`;
}

/**
 * The search folding as this migration wrote it, frozen here rather than taken from the contract: a
 * migration that has run must write the same on a new database (the contract's normalizeSearchText
 * folds queries the same way; reference.test.ts holds the two together).
 */
export function normalizeAsWritten(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[«»"“”„'’.,()|%_\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('work_types'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price_per_page', 'integer', (c) => c.notNull())
    .addColumn('min_pages', 'integer', (c) => c.notNull())
    .addColumn('typical_pages', 'integer', (c) => c.notNull())
    .addColumn('min_days', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('order_packets'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('discount_percent', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('order_packet_items')
    .addColumn('packet_id', 'integer', (c) => c.notNull().references('order_packets.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('work_type_id', 'integer', (c) => c.notNull().references('work_types.id'))
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_packet_items_pk', ['packet_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('subject_groups'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('subjects'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('subject_groups.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('subjects_group_title', ['group_id', 'title'])
    .execute();

  await withId(db, db.schema.createTable('universities'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('short_title', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('search_key', 'text', (c) => c.notNull())
    // Popularity among customers: lower comes first when nothing better tells results apart.
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('universities_sort').on('universities').column('sort').execute();

  await withId(db, db.schema.createTable('verification_systems'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price_factor_percent', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await seed(db);
}

async function seed(db: AnyDb): Promise<void> {
  const workTypeIds = new Map<string, number>();
  for (const [sort, w] of workTypes.entries()) {
    const row = await db
      .insertInto('work_types')
      .values({ ...w, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    workTypeIds.set(w.slug, row.id as number);
  }

  for (const [sort, { items, ...packet }] of orderPackets.entries()) {
    const row = await db
      .insertInto('order_packets')
      .values({ ...packet, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertInBatches(
      db,
      'order_packet_items',
      items.map((item, position) => {
        const workTypeId = workTypeIds.get(item.work_type);
        if (workTypeId === undefined)
          throw new Error(`packet ${packet.slug}: unknown work type ${item.work_type}`);
        return { packet_id: row.id, position, work_type_id: workTypeId, pages: item.pages };
      }),
    );
  }

  for (const [sort, group] of subjectGroups.entries()) {
    const row = await db
      .insertInto('subject_groups')
      .values({ slug: group.slug, title: group.title, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    const titles = [...group.subjects].sort((a, b) => a.localeCompare(b, 'ru'));
    await insertInBatches(
      db,
      'subjects',
      titles.map((title, i) => ({ group_id: row.id, title, sort: i })),
    );
  }

  await insertInBatches(
    db,
    'universities',
    universities.map(([title, shortTitle, city], sort) => ({
      title,
      short_title: shortTitle,
      city,
      search_key: universitySearchKey(title, shortTitle, city),
      sort,
    })),
  );

  await insertInBatches(
    db,
    'verification_systems',
    verificationSystems.map((v, sort) => ({ ...v, sort })),
  );
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'verification_systems',
    'universities',
    'subjects',
    'subject_groups',
    'order_packet_items',
    'order_packets',
    'work_types',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
