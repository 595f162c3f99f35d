import { SEED_BANNERS, SEED_FAQ, SEED_SPACES } from '../reference-data/content';
import { withId, type AnyDb } from './helpers';

/**
 * The cabinet's editorial content: spaces (landing-type pages as structured blocks in
 * JSON, never HTML), FAQ items with a folded copy of their text for search (SQLite's lower() is
 * ASCII-only, so the folding happens in JS when the row is written), and banners. The starting
 * content is real text, written here so that every database has it, production included.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('content_spaces'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    // JSON: [{type: 'heading' | 'text' | 'list' | 'image' | 'cta', …}]
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('faq_items'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    // question and answer folded by foldForSearch (lower case, ё → е), matched with LIKE
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faq_items_position').on('faq_items').column('position').execute();

  await withId(db, db.schema.createTable('banners'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto('content_spaces')
    .values(
      SEED_SPACES.map((s) => ({
        slug: s.slug,
        title: s.title,
        blocks: JSON.stringify(s.blocks),
        created_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('faq_items')
    .values(
      SEED_FAQ.map((f, i) => ({
        question: f.question,
        answer: f.answer,
        search_text: foldAsWritten(`${f.question} ${f.answer}`),
        position: i + 1,
      })),
    )
    .execute();
  await db
    .insertInto('banners')
    .values(SEED_BANNERS.map((b, i) => ({ ...b, image: null, position: i + 1 })))
    .execute();
}

/**
 * The search folding as this migration wrote it (the contract's foldForSearch folds queries the
 * same way; content.test.ts holds the two together).
 */
export function foldAsWritten(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}
