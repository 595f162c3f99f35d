import type { AnyDb } from './helpers';

/**
 * The originality report: a file of kind `report` (the checking system's PDF, uploaded by the
 * order's author or a manager) carries the percentage it measured. The column stays null on every
 * other file; the order's latest report is its newest `report` row, so no index beyond the
 * order's own is needed.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_files').addColumn('originality_percent', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_files').dropColumn('originality_percent').execute();
}
