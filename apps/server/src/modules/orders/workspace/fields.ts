import { OrderStatusId, isOrderStatusId, mayAct, type OrderWorkspaceFields } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types';
import { orderAuthor } from '../../authors';
import { endOfMoscowDay, reworkEligibility } from '../guarantee';
import { orderDiscounts } from '../discounts';
import { latestOriginalityReport } from '../originality';
import { type OrderRow } from '../repo';
import { careWithNewAnswers, reworkStates, unreviewedReceived } from './repo';

/**
 * What the customer's order answer tells of its workspace: payment, the author (name, rating), when the
 * work is due, the guarantee, what is new on each tab, whether a rework may be asked or the work
 * accepted now, and the latest originality report.
 */
export async function workspaceFields(
  db: Kysely<DB>,
  row: OrderRow,
  now: Date = new Date(),
): Promise<OrderWorkspaceFields> {
  const [author, files, reworks, care, report] = await Promise.all([
    row.performer_id === null ? undefined : orderAuthor(db, row.performer_id),
    unreviewedReceived(db, row.id),
    reworkStates(db, row.id),
    careWithNewAnswers(db, row.id),
    latestOriginalityReport(db, row.id),
  ]);
  const newAnswers = reworks.filter(
    (r) =>
      r.state === 'answered' &&
      r.answered_at !== null &&
      (r.customer_seen_at === null || r.customer_seen_at < r.answered_at),
  ).length;
  // The list's trash state decides; a trashed order offers nothing.
  const trashed = row.is_trash === 1 || row.status_id === OrderStatusId.trashed;
  const eligibility = trashed
    ? reworkEligibility({ status_id: OrderStatusId.trashed, guarantee_until: null }, false, now)
    : reworkEligibility(
        row,
        reworks.some((r) => r.state === 'open'),
        now,
        report?.below_required ?? false,
      );
  return {
    paid: row.paid,
    author: author ?? null,
    deadline_at: row.deadline ? endOfMoscowDay(row.deadline) : null,
    guarantee_until: row.guarantee_until,
    attention: { chat: 0, files, care, reworks: newAnswers },
    rework: eligibility,
    discounts: await orderDiscounts(db, row.id),
    can_accept: !trashed && isOrderStatusId(row.status_id) && mayAct(row.status_id, 'customer', 'accept'),
    originality_report: report,
  };
}
