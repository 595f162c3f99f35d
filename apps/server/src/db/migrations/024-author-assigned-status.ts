import { sql } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Status 9 «Автор назначен» (ADR 004): an order paid while an author is already assigned waits
 * for that author to take it into work, instead of claiming «Оплачен, подбираем автора» beside
 * the author's name. The list read model learns the status's head (migration 009's format, frozen
 * here), and every order paid and waiting with an author moves to it (the triggers write its list
 * item and counters again).
 *
 * And `order_files.rework_id`: a final file an author uploads while a rework is open belongs to
 * that rework's answer (ADR 015): the customer sees it with the answer, the answer form finds it
 * after a reload.
 */
const STATUS = 9;
const TITLE = 'Автор назначен';

export async function up(db: AnyDb): Promise<void> {
  await db
    .insertInto('order_list_heads')
    .values(
      [0, 1].map((isTrash) => ({
        status_id: STATUS,
        is_trash: isTrash,
        head:
          `,"status":${JSON.stringify({ id: STATUS, title: TITLE })},"trash":{"is_trash":${isTrash === 1}},` +
          `"is_editable":false,`,
      })),
    )
    .execute();
  await sql`update orders set status_id = ${STATUS} where status_id = 3 and performer_id is not null`.execute(
    db,
  );
  await db.schema.alterTable('order_files').addColumn('rework_id', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_files').dropColumn('rework_id').execute();
  await sql`update orders set status_id = 3 where status_id = ${STATUS}`.execute(db);
  await db.deleteFrom('order_list_heads').where('status_id', '=', STATUS).execute();
}
