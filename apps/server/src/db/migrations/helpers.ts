import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations are typed against no schema: they describe it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own migration signature
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key in both engines. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
