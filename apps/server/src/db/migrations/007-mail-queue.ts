import { withId, type AnyDb } from './helpers';

/**
 * Mail waiting to be delivered (`plugins/mailer.ts`). A request only writes its row, so an answer
 * never waits for SMTP — an existing e-mail answers as fast as an unknown one — and a mail
 * outlives a failing server or a restart. A worker claims due rows by switching them from
 * `pending` to `sending` in one UPDATE, which two instances cannot both win; a row still `sending`
 * after its lease belongs to a worker that died and is claimed again. A sent row is deleted (it
 * holds codes and passwords); a row that ran out of attempts stays `failed` without its body.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('mail_queue'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_queue_due')
    .on('mail_queue')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
}
