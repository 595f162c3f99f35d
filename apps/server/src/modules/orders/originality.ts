import type { OriginalityReport } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { latestReportRow } from './repo-originality';

/**
 * The order's originality report as its answers carry it (`originality_report`): the latest report
 * counts, against the originality the order requires. Below the requirement the customer may ask
 * for a rework whatever the guarantee says ({@link reworkEligibility} in guarantee.ts).
 */
export async function latestOriginalityReport(
  db: Kysely<DB>,
  orderId: number,
): Promise<OriginalityReport | null> {
  const row = await latestReportRow(db, orderId);
  if (!row) return null;
  const required = row.required ?? 0;
  return {
    percent: row.percent,
    required,
    system: row.system_id === null ? null : { id: row.system_id, name: row.system_name ?? '' },
    file_id: row.file_id,
    uploaded_at: row.uploaded_at,
    below_required: row.percent < required,
  };
}

/** Whether the order's latest report is below its required originality. */
export async function originalityBelowRequired(db: Kysely<DB>, orderId: number): Promise<boolean> {
  return (await latestOriginalityReport(db, orderId))?.below_required ?? false;
}
