import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

// The rows of the originality report (migration 027): the order's newest `report` file with the
// percentage it carries, the order's requirement and the name of the checking system it names.

export interface LatestReportRow {
  file_id: number;
  percent: number;
  uploaded_at: string;
  required: number | null;
  system_id: number | null;
  system_name: string | null;
}

/** The order's latest originality report (the newest `report` file), or undefined. */
export function latestReportRow(db: Kysely<DB>, orderId: number): Promise<LatestReportRow | undefined> {
  return db
    .selectFrom('order_files as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .leftJoin('verification_systems as v', 'v.id', 'o.verification_system_id')
    .select([
      'f.id as file_id',
      'f.originality_percent as percent',
      'f.created_at as uploaded_at',
      'o.originality as required',
      'v.id as system_id',
      'v.title as system_name',
    ])
    .where('f.order_id', '=', orderId)
    .where('f.kind', '=', 'report')
    .where('f.originality_percent', 'is not', null)
    .orderBy('f.id', 'desc')
    .limit(1)
    .$narrowType<{ percent: number }>()
    .executeTakeFirst();
}
