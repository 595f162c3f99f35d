import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/index';
import { InlineLimitPlugin } from '../src/db/inline-limit';

interface T {
  items: { id: number; name: string };
}

function open() {
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<T>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new InlineLimitPlugin()],
  });
  return { sqlite, db };
}

describe('InlineLimitPlugin', () => {
  it('writes an integer LIMIT into the SQL and keeps every other value bound', () => {
    const { db } = open();
    const q = db.selectFrom('items').select('id').where('name', '=', 'x').limit(20).offset(40).compile();
    expect(q.sql).toBe('select "id" from "items" where "name" = ? limit 20 offset ?');
    expect(q.parameters).toEqual(['x', 40]);
  });

  it('leaves anything but a safe integer bound', () => {
    const { db } = open();
    for (const value of [1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      const q = db.selectFrom('items').select('id').limit(value).compile();
      expect(q.sql).toBe('select "id" from "items" limit ?');
      expect(q.parameters).toEqual([value]);
    }
    const raw = db
      .selectFrom('items')
      .select('id')
      .limit(sql<number>`${'3'}`)
      .compile();
    expect(raw.sql).not.toMatch(/limit 3/);
  });

  it('returns the same rows as the bound query', async () => {
    const { sqlite, db } = open();
    sqlite.exec('create table items (id integer primary key, name text)');
    const insert = sqlite.prepare('insert into items (name) values (?)');
    for (let i = 0; i < 30; i += 1) insert.run(`n${i}`);
    const bound = sqlite
      .prepare('select id from items order by id desc limit ? offset ?')
      .pluck()
      .all(7, 3) as number[];
    for (let round = 0; round < 2; round += 1) {
      const rows = await db
        .selectFrom('items')
        .select('id')
        .orderBy('id', 'desc')
        .limit(7)
        .offset(3)
        .execute();
      expect(rows.map((r) => r.id)).toEqual(bound);
    }
    // Another limit is another statement, with its own rows.
    const five = await db.selectFrom('items').select('id').orderBy('id').limit(5).execute();
    expect(five.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
