import {
  AFFILIATE_PARTNER,
  type AttributionReport,
  type AttributionReportQuery,
  type AttributionReportRow,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { selectBonusesSpentByCampaign, selectOrdersByCampaign, selectRegistrationsByCampaign } from './repo';

type Counts = Omit<AttributionReportRow, 'campaign' | 'partner'>;

const empty = (): Counts => ({ orders_placed: 0, orders_paid: 0, money_paid: 0, customers_registered: 0 });

/** The period's bounds as stored timestamps: `from` 00:00 UTC up to the day after `to`. */
function bounds(q: AttributionReportQuery): { start: string; end: string } {
  const end = new Date(`${q.to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${q.from}T00:00:00.000Z`, end: end.toISOString() };
}

interface Grouped {
  campaign: string | null;
  affiliated: number | string;
}

/**
 * Which campaign tag and partner brought orders and customers in a period: the orders
 * placed in it (drafts are not orders), how many of them are paid and what their customers paid
 * for them, and the customers who registered in it, grouped by the campaign tag and the partner
 * (`admitad` when an affiliate uid was recorded). Money is what the payments settled on the
 * orders (`orders.paid`, kept by the ledger's settlement) less the bonuses spent on them: only
 * money. Rows with the most money first.
 */
export async function attributionReport(
  db: Kysely<DB>,
  q: AttributionReportQuery,
): Promise<AttributionReport> {
  const { start, end } = bounds(q);
  const orders = await selectOrdersByCampaign(db, start, end);
  const bonuses = await selectBonusesSpentByCampaign(db, start, end);
  const users = await selectRegistrationsByCampaign(db, start, end);

  const rows = new Map<string, AttributionReportRow>();
  const rowOf = (g: Grouped): AttributionReportRow => {
    const partner = Number(g.affiliated) === 1 ? AFFILIATE_PARTNER : null;
    const key = JSON.stringify([g.campaign, partner]);
    let row = rows.get(key);
    if (!row) {
      row = { campaign: g.campaign, partner, ...empty() };
      rows.set(key, row);
    }
    return row;
  };
  for (const o of orders) {
    const row = rowOf(o);
    row.orders_placed += Number(o.placed);
    row.orders_paid += Number(o.paid_count);
    row.money_paid += Number(o.paid_sum);
  }
  for (const b of bonuses) {
    const row = rowOf(b);
    row.money_paid = Math.max(0, row.money_paid - Number(b.spent));
  }
  for (const u of users) rowOf(u).customers_registered += Number(u.registered);

  const results = [...rows.values()].sort(
    (a, b) =>
      b.money_paid - a.money_paid ||
      b.orders_placed - a.orders_placed ||
      b.customers_registered - a.customers_registered ||
      (a.campaign ?? '').localeCompare(b.campaign ?? ''),
  );
  const total = empty();
  for (const r of results) {
    total.orders_placed += r.orders_placed;
    total.orders_paid += r.orders_paid;
    total.money_paid += r.money_paid;
    total.customers_registered += r.customers_registered;
  }
  return { from: q.from, to: q.to, results, total };
}
