import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * What the migrations write into a fresh database, as fingerprints of each table's rows (in any
 * order, without `created_at`, the moment the migration ran). They were taken while migration 015
 * still called the content module's seeding and 002 the contract's search folding, and again once
 * both wrote their frozen copies (db/reference-data): the same on SQLite and on PostgreSQL. A
 * migration that has run must go on writing the same (eslint.config.js keeps live code out of
 * them); only a new migration may change these rows, and then its commit says so here.
 */
const FINGERPRINTS: Record<string, { rows: number; sha256: string }> = {
  banners: { rows: 3, sha256: 'c51b1f846f5693be' },
  content_spaces: { rows: 2, sha256: 'e9f0094b1f65df79' },
  faq_items: { rows: 18, sha256: '379aade5aa21719d' },
  order_list_heads: { rows: 20, sha256: 'ffbcbf60f4e72e6d' },
  order_packet_items: { rows: 20, sha256: 'e9ffab56a34e13b6' },
  order_packets: { rows: 7, sha256: 'aa3e0c39cfd1070f' },
  promo_codes: { rows: 3, sha256: '7b46275631cc51b0' },
  subject_groups: { rows: 14, sha256: '66061c6ec832cb82' },
  subjects: { rows: 307, sha256: '3178017c4ebddddb' },
  universities: { rows: 435, sha256: '91cccc8730c5df0d' },
  verification_systems: { rows: 8, sha256: '0fceb470d0a64ba1' },
  work_types: { rows: 22, sha256: '2026eabb68f1a2db' },
};

describe('a fresh database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('holds the rows the migrations wrote when they were frozen', async () => {
    const found: typeof FINGERPRINTS = {};
    for (const table of Object.keys(FINGERPRINTS)) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        t.app.database.db,
      );
      const lines = rows
        .map((row) =>
          JSON.stringify(
            Object.fromEntries(
              Object.entries(row)
                .filter(([column]) => column !== 'created_at')
                .sort(([a], [b]) => a.localeCompare(b)),
            ),
          ),
        )
        .sort();
      const sha256 = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
      found[table] = { rows: rows.length, sha256 };
    }
    expect(found).toEqual(FINGERPRINTS);
  });
});
