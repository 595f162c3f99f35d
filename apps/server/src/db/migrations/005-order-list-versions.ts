import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers';

/**
 * A version of each customer's orders, for the server's cache of rendered list pages
 * (`modules/orders/list-cache.ts`). Triggers give the customer a new version in the same statement
 * that writes any of their orders — placing, editing, the trash, a status set by staff in SQL, a
 * draft — and whoever writes it, so no code path can leave a cached page in place.
 *
 * A page depends only on the rows of `orders` with the customer's id (and on reference data that
 * changes only with a migration). A version is never given twice in one database — SQLite takes it
 * from a one-row clock (writers there are serialised anyway), PostgreSQL from a sequence (no lock
 * shared between customers) — so a version stands for one state of those rows, even across a
 * rolled-back write or a user id given again. No foreign key: deleting a user deletes their
 * orders, whose triggers then write this table for that user.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_list_versions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();

  if (isPostgres(db)) {
    await sql`create sequence order_list_version_seq`.execute(db);
    await sql`
      create function order_list_version_bump(uid integer) returns void language sql as $$
        insert into order_list_versions (user_id, version) values (uid, nextval('order_list_version_seq'))
          on conflict (user_id) do update set version = excluded.version
      $$`.execute(db);
    await sql`
      create function order_list_version_sync() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform order_list_version_bump(old.user_id);
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.user_id <> old.user_id) then
          perform order_list_version_bump(new.user_id);
        end if;
        return null;
      end
      $$`.execute(db);
    // Named to sort before order_counts_sync: triggers of one event fire in name order, so every
    // writer of a customer's orders locks that customer's version row first, and two writers of
    // the same customer queue there instead of taking the counter rows in opposite orders.
    await sql`
      create trigger order_a_list_version after insert or update or delete on orders
      for each row execute function order_list_version_sync()`.execute(db);
    await sql`
      create function order_list_version_truncate() returns trigger language plpgsql as $$
      begin
        update order_list_versions set version = nextval('order_list_version_seq');
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger order_list_version_truncate after truncate on orders
      for each statement execute function order_list_version_truncate()`.execute(db);
    await sql`
      insert into order_list_versions (user_id, version)
      select user_id, nextval('order_list_version_seq') from orders group by user_id`.execute(db);
  } else {
    await db.schema
      .createTable('order_list_clock')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('n', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into order_list_clock (id, n) values (1, 1)`.execute(db);
    const bump = (who: 'new.user_id' | 'old.user_id') => sql`
        update order_list_clock set n = n + 1 where id = 1;
        insert into order_list_versions (user_id, version)
          values (${sql.raw(who)}, (select n from order_list_clock where id = 1))
          on conflict (user_id) do update set version = excluded.version;`;
    await sql`
      create trigger order_list_version_insert after insert on orders
      begin ${bump('new.user_id')} end`.execute(db);
    await sql`
      create trigger order_list_version_delete after delete on orders
      begin ${bump('old.user_id')} end`.execute(db);
    await sql`
      create trigger order_list_version_update after update on orders
      begin ${bump('old.user_id')} end`.execute(db);
    await sql`
      create trigger order_list_version_move after update of user_id on orders
      when new.user_id <> old.user_id
      begin ${bump('new.user_id')} end`.execute(db);
    await sql`
      insert into order_list_versions (user_id, version)
      select distinct user_id, 1 from orders`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger order_list_version_truncate on orders`.execute(db);
    await sql`drop trigger order_a_list_version on orders`.execute(db);
    await sql`drop function order_list_version_truncate()`.execute(db);
    await sql`drop function order_list_version_sync()`.execute(db);
    await sql`drop function order_list_version_bump(integer)`.execute(db);
    await sql`drop sequence order_list_version_seq`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update', 'move']) {
      await sql`drop trigger ${sql.raw(`order_list_version_${name}`)}`.execute(db);
    }
    await db.schema.dropTable('order_list_clock').execute();
  }
  await db.schema.dropTable('order_list_versions').execute();
}
