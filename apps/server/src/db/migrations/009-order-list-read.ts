import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers';

/**
 * The orders list's read model: each placed order's list item, its JSON written by the database
 * when the order is written, kept beside the order keyed by customer, so that a page of the list
 * is one range of a customer's rows — not a seek into `orders` per row, where a customer's orders
 * lie scattered — and a few values per row instead of twenty-one columns to convert and write as
 * JSON (`modules/orders/list.ts`, bench/README.md).
 *
 * `item` is the item's JSON text, the same bytes as JSON.stringify(toListItem(row))
 * (`modules/orders/mappers.ts`; a property test holds the two together on both databases). What
 * the lifecycle in the code decides — a status's Russian title, whether an order in it can be
 * edited — comes from `order_list_heads`: the text between an item's id and `"title"` for each
 * status, trashed or not, written here as the contract has it; a test holds the table to the code,
 * so a change of a status there needs a migration that writes this table (its triggers then write
 * the items again). `item` is null for a row whose JSON only the app writes exactly (a number
 * that is not an integer, links that are not a plain array of strings as JSON.stringify writes
 * them, a status the table does not know): the app then renders that row from `orders`.
 *
 * Kept in step by triggers on `orders`, whoever writes them (the API, staff SQL, another process),
 * in the statement that writes the order; drafts (`is_fake`) have no row. Reference titles (work
 * types, subjects, universities, verification systems) are effectively static: a change of one
 * rewrites the items that show it and gives their customers a new list version (migration 005), so
 * no cached page keeps the old title.
 */
export async function up(db: AnyDb): Promise<void> {
  // Clustered by customer: SQLite stores a WITHOUT ROWID table in its key's order; PostgreSQL
  // keeps the items as a heap, read through the key's index.
  await sql`
    create table order_list_items (
      user_id integer not null,
      id integer not null,
      status_id integer not null,
      is_trash integer not null,
      item text,
      primary key (user_id, id)
    )${sql.raw(isPostgres(db) ? '' : ' without rowid')}`.execute(db);
  await sql`
    create table order_list_heads (
      status_id integer not null,
      is_trash integer not null,
      head text not null,
      primary key (status_id, is_trash)
    )`.execute(db);
  await db
    .insertInto('order_list_heads')
    .values(
      STATUSES.flatMap(([id, title, editable]) =>
        [0, 1].map((isTrash) => ({
          status_id: id,
          is_trash: isTrash,
          head:
            `,"status":${JSON.stringify({ id, title })},"trash":{"is_trash":${isTrash === 1}},` +
            `"is_editable":${isTrash === 0 && editable},`,
        })),
      ),
    )
    .execute();
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

/** The lifecycle's statuses as the contract has them (ORDER_STATUSES): id, title, editable. */
const STATUSES: ReadonlyArray<readonly [number, string, boolean]> = [
  [1, 'Уточняем стоимость', true],
  [2, 'Ожидает оплаты', true],
  [3, 'Оплачен, подбираем автора', false],
  [4, 'Автор пишет работу', false],
  [5, 'Проверьте работу', false],
  [6, 'Автор дорабатывает', false],
  [7, 'Выполнен', false],
  [8, 'Отменён', false],
  [16, 'Архивный заказ', false],
];

/** A reference as the list shows it, or `null`. */
function refSqlite(id: string, title: string): string {
  return `case when ${id} is null then 'null' else '{"id":' || ${id} || ',"title":' || json_quote(coalesce(${title}, '')) || '}' end`;
}

const REFERENCES = [
  ['work_types', 'work_type_id', 'w'],
  ['subjects', 'subject_id', 's'],
  ['universities', 'university_id', 'u'],
  ['verification_systems', 'verification_system_id', 'v'],
] as const;

async function upSqlite(db: AnyDb): Promise<void> {
  // Every value the JSON shows, checked to be what the app writes the same way: integers where the
  // app writes numbers (SQLite would write a real other than JavaScript), texts where it writes
  // strings, and links already in JSON.stringify's form of an array of strings.
  const exact = `
    typeof(o.is_first_order) = 'integer'
    and typeof(o.cost) = 'integer' and typeof(o.discount) = 'integer' and typeof(o.price) = 'integer'
    and typeof(o.pages) in ('integer', 'null') and typeof(o.originality) in ('integer', 'null')
    and typeof(o.packet_id) in ('integer', 'null')
    and typeof(o.work_type_id) in ('integer', 'null') and typeof(o.subject_id) in ('integer', 'null')
    and typeof(o.university_id) in ('integer', 'null')
    and typeof(o.verification_system_id) in ('integer', 'null')
    and typeof(o.topic) = 'text' and typeof(o.requirements) = 'text'
    and typeof(o.created_at) = 'text' and typeof(o.updated_at) = 'text'
    and typeof(o.deadline) in ('text', 'null') and typeof(o.promo_code) in ('text', 'null')
    and (o.links = '[]' or (
      json_valid(o.links) and json_type(o.links) = 'array'
      and not exists (select 1 from json_each(o.links) where type <> 'text')
      and o.links = (select '[' || group_concat(json_quote(value), ',' order by key) || ']' from json_each(o.links))
    ))`;
  const item = `
    '{"id":' || o.id || h.head ||
    '"title":' || json_quote(coalesce(w.title, '')) ||
    ',"details":{"work_type":' || case when o.work_type_id is null then '{"id":0,"title":""}' else ${refSqlite('o.work_type_id', 'w.title')} end ||
    ',"subject":' || ${refSqlite('o.subject_id', 's.title')} ||
    ',"topic":' || json_quote(o.topic) ||
    ',"university":' || ${refSqlite('o.university_id', 'u.title')} ||
    ',"deadline":' || json_quote(coalesce(o.deadline, '')) ||
    ',"pages":' || coalesce(o.pages, 0) || ',"originality":' || coalesce(o.originality, 0) ||
    ',"verification_system":' || ${refSqlite('o.verification_system_id', 'v.title')} ||
    ',"requirements":' || json_quote(o.requirements) || ',"links":' || o.links ||
    ',"promo_code":' || json_quote(o.promo_code) ||
    '},"cost":' || o.cost || ',"discount":' || o.discount || ',"price":' || o.price ||
    ',"is_first_order":' || case when o.is_first_order = 1 then 'true' else 'false' end ||
    ',"packet_id":' || coalesce(o.packet_id, 'null') ||
    ',"created_at":' || json_quote(o.created_at) || ',"updated_at":' || json_quote(o.updated_at) || '}'`;
  await sql`
    create view order_list_render as
    select o.user_id, o.id, o.status_id, o.is_trash, case when ${sql.raw(exact)} then ${sql.raw(item)} end as item
    from orders o
    left join order_list_heads h on h.status_id = o.status_id and h.is_trash = o.is_trash
    ${sql.raw(REFERENCES.map(([table, column, alias]) => `left join ${table} ${alias} on ${alias}.id = o.${column}`).join('\n'))}
    where o.is_fake = 0`.execute(db);

  const insert = (id: string) =>
    `insert into order_list_items (user_id, id, status_id, is_trash, item)
      select user_id, id, status_id, is_trash, item from order_list_render where id = ${id};`;
  await sql`
    create trigger order_list_item_insert after insert on orders when new.is_fake = 0
    begin ${sql.raw(insert('new.id'))} end`.execute(db);
  await sql`
    create trigger order_list_item_delete after delete on orders when old.is_fake = 0
    begin delete from order_list_items where user_id = old.user_id and id = old.id; end`.execute(db);
  await sql`
    create trigger order_list_item_update after update on orders
    begin
      delete from order_list_items where user_id = old.user_id and id = old.id;
      ${sql.raw(insert('new.id'))}
    end`.execute(db);

  // A changed title, or a status's head: the items that show it are written again, and their
  // customers get a new list version (one new value of 005's clock for all of them: never given
  // before), so that no cached page keeps the old text.
  const rewrite = (which: string) => `
    update order_list_items set item = (select r.item from order_list_render r where r.id = order_list_items.id)
      where ${which};
    update order_list_clock set n = n + 1 where id = 1;
    update order_list_versions set version = (select n from order_list_clock where id = 1)
      where user_id in (select user_id from order_list_items where ${which});`;
  for (const [table, column] of REFERENCES) {
    await sql`
      create trigger ${sql.raw(`order_list_item_${table}`)} after update of title on ${sql.raw(table)}
      when new.title is not old.title
      begin ${sql.raw(rewrite(`id in (select id from orders where ${column} = new.id)`))} end`.execute(db);
  }
  for (const event of ['insert', 'update']) {
    await sql`
      create trigger ${sql.raw(`order_list_item_heads_${event}`)} after ${sql.raw(event)} on order_list_heads
      begin ${sql.raw(rewrite('status_id = new.status_id and is_trash = new.is_trash'))} end`.execute(db);
  }

  await sql`
    insert into order_list_items (user_id, id, status_id, is_trash, item)
    select user_id, id, status_id, is_trash, item from order_list_render`.execute(db);

  // A page's counters (migration 004) read from the index alone, not a seek into the table per
  // status: a third cheaper. Not on PostgreSQL, where indexing the counts would keep their
  // updates from being HOT.
  await sql`create index order_counts_list on order_counts (user_id, status_id, n)`.execute(db);
}

/** A reference as the list shows it, or `null` (PostgreSQL). */
function refPostgres(id: string, table: string): string {
  return `case when ${id} is null then 'null' else '{"id":' || ${id} || ',"title":' ||
    to_json(coalesce((select t.title from ${table} t where t.id = ${id}), ''))::text || '}' end`;
}

async function upPostgres(db: AnyDb): Promise<void> {
  // Integer columns there are integers, so only the links need checking; anything the JSON
  // functions refuse leaves the item to the app.
  await sql`
    create function order_list_item_json(o orders) returns text language plpgsql stable as $$
    begin
      if o.links <> '[]' then
        begin
          if json_typeof(o.links::json) <> 'array'
            or exists (select 1 from json_array_elements(o.links::json) e where json_typeof(e) <> 'string')
            or o.links <> (
              select '[' || coalesce(string_agg(to_json(e.v)::text, ',' order by e.n), '') || ']'
              from json_array_elements_text(o.links::json) with ordinality e(v, n))
          then
            return null;
          end if;
        exception when others then
          return null;
        end;
      end if;
      return '{"id":' || o.id ||
        (select h.head from order_list_heads h where h.status_id = o.status_id and h.is_trash = o.is_trash) ||
        '"title":' || to_json(coalesce((select t.title from work_types t where t.id = o.work_type_id), ''))::text ||
        ',"details":{"work_type":' || case when o.work_type_id is null then '{"id":0,"title":""}'
          else ${sql.raw(refPostgres('o.work_type_id', 'work_types'))} end ||
        ',"subject":' || ${sql.raw(refPostgres('o.subject_id', 'subjects'))} ||
        ',"topic":' || to_json(o.topic)::text ||
        ',"university":' || ${sql.raw(refPostgres('o.university_id', 'universities'))} ||
        ',"deadline":' || to_json(coalesce(o.deadline, ''))::text ||
        ',"pages":' || coalesce(o.pages, 0) || ',"originality":' || coalesce(o.originality, 0) ||
        ',"verification_system":' || ${sql.raw(refPostgres('o.verification_system_id', 'verification_systems'))} ||
        ',"requirements":' || to_json(o.requirements)::text || ',"links":' || o.links ||
        ',"promo_code":' || coalesce(to_json(o.promo_code)::text, 'null') ||
        '},"cost":' || o.cost || ',"discount":' || o.discount || ',"price":' || o.price ||
        ',"is_first_order":' || case when o.is_first_order = 1 then 'true' else 'false' end ||
        ',"packet_id":' || coalesce(o.packet_id::text, 'null') ||
        ',"created_at":' || to_json(o.created_at)::text || ',"updated_at":' || to_json(o.updated_at)::text || '}';
    end
    $$`.execute(db);
  await sql`
    create function order_list_item_sync() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        delete from order_list_items where user_id = old.user_id and id = old.id;
      end if;
      if tg_op <> 'DELETE' and new.is_fake = 0 then
        insert into order_list_items (user_id, id, status_id, is_trash, item)
          values (new.user_id, new.id, new.status_id, new.is_trash, order_list_item_json(new));
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger order_list_item_sync after insert or update or delete on orders
    for each row execute function order_list_item_sync()`.execute(db);
  await sql`
    create function order_list_item_truncate() returns trigger language plpgsql as $$
    begin
      truncate order_list_items;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger order_list_item_truncate after truncate on orders
    for each statement execute function order_list_item_truncate()`.execute(db);

  // A changed title: see the SQLite triggers.
  await sql`
    create function order_list_item_retitle() returns trigger language plpgsql as $$
    begin
      update order_list_items i set item = order_list_item_json(o)
        from orders o
        where o.id = i.id and o.is_fake = 0 and new.id = case tg_table_name
          when 'work_types' then o.work_type_id when 'subjects' then o.subject_id
          when 'universities' then o.university_id else o.verification_system_id end;
      update order_list_versions set version = nextval('order_list_version_seq')
        where user_id in (select i.user_id from order_list_items i join orders o on o.id = i.id
          where new.id = case tg_table_name
            when 'work_types' then o.work_type_id when 'subjects' then o.subject_id
            when 'universities' then o.university_id else o.verification_system_id end);
      return null;
    end
    $$`.execute(db);
  for (const [table] of REFERENCES) {
    await sql`
      create trigger ${sql.raw(`order_list_item_${table}`)} after update of title on ${sql.raw(table)}
      for each row when (new.title is distinct from old.title)
      execute function order_list_item_retitle()`.execute(db);
  }
  await sql`
    create function order_list_item_rehead() returns trigger language plpgsql as $$
    begin
      update order_list_items i set item = order_list_item_json(o)
        from orders o
        where o.id = i.id and i.status_id = new.status_id and i.is_trash = new.is_trash;
      update order_list_versions set version = nextval('order_list_version_seq')
        where user_id in (select i.user_id from order_list_items i
          where i.status_id = new.status_id and i.is_trash = new.is_trash);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger order_list_item_heads after insert or update on order_list_heads
    for each row execute function order_list_item_rehead()`.execute(db);

  await sql`
    insert into order_list_items (user_id, id, status_id, is_trash, item)
    select o.user_id, o.id, o.status_id, o.is_trash, order_list_item_json(o) from orders o where o.is_fake = 0`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const [table] of REFERENCES) {
      await sql`drop trigger ${sql.raw(`order_list_item_${table}`)} on ${sql.raw(table)}`.execute(db);
    }
    await sql`drop trigger order_list_item_heads on order_list_heads`.execute(db);
    await sql`drop trigger order_list_item_truncate on orders`.execute(db);
    await sql`drop trigger order_list_item_sync on orders`.execute(db);
    await sql`drop function order_list_item_rehead()`.execute(db);
    await sql`drop function order_list_item_retitle()`.execute(db);
    await sql`drop function order_list_item_truncate()`.execute(db);
    await sql`drop function order_list_item_sync()`.execute(db);
    await sql`drop function order_list_item_json(orders)`.execute(db);
  } else {
    const names = ['insert', 'delete', 'update', 'heads_insert', 'heads_update'];
    for (const name of [...names, ...REFERENCES.map(([table]) => table)]) {
      await sql`drop trigger ${sql.raw(`order_list_item_${name}`)}`.execute(db);
    }
    await sql`drop index order_counts_list`.execute(db);
    await sql`drop view order_list_render`.execute(db);
  }
  await db.schema.dropTable('order_list_items').execute();
  await db.schema.dropTable('order_list_heads').execute();
}
