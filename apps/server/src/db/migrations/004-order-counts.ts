import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers';

/**
 * Placed orders per customer and status, for the tab counters of the orders list. The list asked
 * for them with a grouped COUNT on every page view, a scan of all the customer's orders; here they
 * are a few rows read by key. Triggers keep them in step with `orders` in the same statement that
 * changes an order, whoever writes it (the service, the demo seed, a hand-made fix), so no code path
 * can forget them. Drafts (`is_fake = 1`) are not counted, as the list does not show them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_counts_pk', ['user_id', 'status_id'])
    .execute();

  if (isPostgres(db)) {
    // Two changes of status in opposite directions for one customer would otherwise lock the
    // two counter rows in opposite orders: the lower status is always touched first.
    await sql`
      create function order_counts_sync() returns trigger language plpgsql as $$
      declare
        dec boolean := tg_op <> 'INSERT' and old.is_fake = 0;
        inc boolean := tg_op <> 'DELETE' and new.is_fake = 0;
      begin
        if dec and inc and old.user_id = new.user_id and old.status_id = new.status_id then
          return null;
        end if;
        if inc and dec and new.status_id < old.status_id then
          insert into order_counts (user_id, status_id, n) values (new.user_id, new.status_id, 1)
            on conflict (user_id, status_id) do update set n = order_counts.n + 1;
          inc := false;
        end if;
        if dec then
          update order_counts set n = n - 1 where user_id = old.user_id and status_id = old.status_id;
        end if;
        if inc then
          insert into order_counts (user_id, status_id, n) values (new.user_id, new.status_id, 1)
            on conflict (user_id, status_id) do update set n = order_counts.n + 1;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger order_counts_sync
      after insert or delete or update of user_id, status_id, is_fake on orders
      for each row execute function order_counts_sync()`.execute(db);
  } else {
    await sql`
      create trigger order_counts_insert after insert on orders when new.is_fake = 0
      begin
        insert into order_counts (user_id, status_id, n) values (new.user_id, new.status_id, 1)
          on conflict (user_id, status_id) do update set n = n + 1;
      end`.execute(db);
    await sql`
      create trigger order_counts_delete after delete on orders when old.is_fake = 0
      begin
        update order_counts set n = n - 1 where user_id = old.user_id and status_id = old.status_id;
      end`.execute(db);
    // An update is a delete of the old row and an insert of the new one, as far as counts go.
    await sql`
      create trigger order_counts_update_old after update of user_id, status_id, is_fake on orders
      when old.is_fake = 0
      begin
        update order_counts set n = n - 1 where user_id = old.user_id and status_id = old.status_id;
      end`.execute(db);
    await sql`
      create trigger order_counts_update_new after update of user_id, status_id, is_fake on orders
      when new.is_fake = 0
      begin
        insert into order_counts (user_id, status_id, n) values (new.user_id, new.status_id, 1)
          on conflict (user_id, status_id) do update set n = n + 1;
      end`.execute(db);
  }

  await sql`
    insert into order_counts (user_id, status_id, n)
    select user_id, status_id, count(*) from orders where is_fake = 0 group by user_id, status_id`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger order_counts_sync on orders`.execute(db);
    await sql`drop function order_counts_sync()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update_old', 'update_new']) {
      await sql`drop trigger ${sql.raw(`order_counts_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('order_counts').execute();
}
