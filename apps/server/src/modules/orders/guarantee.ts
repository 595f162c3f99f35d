import {
  OrderStatusId,
  earliestDeadline,
  workspaceMessages,
  type ReworkEligibility,
} from '@cabinet/contract';

/**
 * The guarantee and the reworks it allows (ADR 015): pure arithmetic over an order's status, its
 * guarantee and whether a rework is open, so the order's answer, the 409 of a refused request and
 * the tests all read the same rule.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The calendar day `YYYY-MM-DD` in Moscow (UTC+3 all year) at `at`. */
export function moscowDay(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** A day's end in Moscow as an ISO instant: what a deadline or a guarantee day means. */
export function endOfMoscowDay(day: string): string {
  return `${day}T20:59:59.999Z`;
}

/**
 * The end of the guarantee that the first final file, delivered at `at`, starts: the end (in
 * Moscow) of the day `days` days after the later of the delivery and the order's own deadline
 * day, so a customer always has whole days, and work delivered early never shortens it: it never
 * ends before the deadline + `days`.
 */
export function guaranteeUntil(at: Date, days: number, deadline: string | null = null): string {
  const delivered = moscowDay(at);
  const from = deadline !== null && deadline > delivered ? deadline : delivered;
  return endOfMoscowDay(moscowDay(new Date(Date.parse(`${from}T12:00:00Z`) + days * DAY_MS)));
}

/**
 * A guarantee after the order's deadline moved: never before the new deadline + `days` (a later
 * deadline extends it; an earlier one never shortens what the customer was told). Null stays null.
 */
export function guaranteeAfterDeadline(
  current: string | null,
  deadline: string,
  days: number,
): string | null {
  if (current === null) return null;
  const byDeadline = endOfMoscowDay(moscowDay(new Date(Date.parse(`${deadline}T12:00:00Z`) + days * DAY_MS)));
  return byDeadline > current ? byDeadline : current;
}

/** The earliest wished date of a rework: tomorrow in Moscow, as for deadlines. */
export function earliestWishedDate(now: Date): string {
  return earliestDeadline(now);
}

export interface EligibilityInput {
  status_id: number;
  guarantee_until: string | null;
}

/**
 * Whether the customer may ask for a rework now: while checking the delivered work (5), or after
 * accepting it (7) while the guarantee runs — or whenever the latest originality report is below
 * the order's requirement (`originalityBelow`: the work falls short of what was ordered, so the
 * rework counts as inside the guarantee); never twice at once. The reason is the 409's text.
 */
export function reworkEligibility(
  order: EligibilityInput,
  hasOpenRework: boolean,
  now: Date,
  originalityBelow = false,
): ReworkEligibility {
  const refuse = (reason: string): ReworkEligibility => ({ allowed: false, reason });
  if (hasOpenRework || order.status_id === OrderStatusId.rework)
    return refuse(workspaceMessages.reworkAlreadyOpen);
  if (order.status_id === OrderStatusId.review) return { allowed: true, reason: null };
  if (order.status_id === OrderStatusId.completed) {
    return originalityBelow || (order.guarantee_until !== null && now.toISOString() < order.guarantee_until)
      ? { allowed: true, reason: null }
      : refuse(workspaceMessages.reworkNoGuarantee);
  }
  return refuse(workspaceMessages.reworkNotDelivered);
}
