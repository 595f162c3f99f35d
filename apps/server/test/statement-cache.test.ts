import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../src/db/index';

describe('withStatementCache', () => {
  it('prepares each SQL text once and reuses the statement', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite);
    const a = db.prepare('select 1 as one');
    const b = db.prepare('select 1 as one');
    expect(a).toBe(b);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(db.prepare('select 2 as two')).not.toBe(a);
    expect(prepare).toHaveBeenCalledTimes(2);
    db.close();
  });

  it('keeps at most 500 statements, dropping the oldest', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    const first = db.prepare('select 0');
    for (let i = 1; i <= 500; i++) db.prepare(`select ${i}`);
    expect(db.prepare('select 0')).not.toBe(first);
    db.close();
  });
});
