import { withId, type AnyDb } from './helpers';

/**
 * The discounts an order was placed with, as part of the order (ADR 027): one row per discount —
 * its reason (first_order | packet | promo), the name the customer reads, its rule (a percent of
 * the price or a fixed sum in kopecks) as it was at placement, and `amount`, the part of the
 * order's `discount` it gives at the order's present `cost`. The price function writes the amounts
 * with `cost`, `discount` and `price` whenever the price changes, so they always add up to
 * `discount`.
 *
 * Orders placed before get their rows from what they kept (frozen here: the first-order 10 %, the
 * packet's percent, the promo code's rule); their stored `discount` is shared among them as the
 * price function shares it, so what each customer owes stays as it is.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('order_discounts'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // first_order | packet | promo
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // percent | fixed
    .addColumn('rule', 'text', (c) => c.notNull())
    // percent, or kopecks for 'fixed'
    .addColumn('value', 'integer', (c) => c.notNull())
    // kopecks, whole roubles
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('order_discounts_order')
    .on('order_discounts')
    .columns(['order_id', 'position'])
    .unique()
    .execute();
  await backfill(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_discounts').execute();
}

const FIRST_ORDER_PERCENT = 10;
const ROUBLE = 100;

interface Rule {
  kind: string;
  name: string;
  rule: 'percent' | 'fixed';
  value: number;
}

interface Placed {
  id: number;
  cost: number;
  discount: number;
  is_first_order: number;
  promo_code: string | null;
  packet_percent: number | null;
  packet_title: string | null;
}

async function backfill(db: AnyDb): Promise<void> {
  const promos = new Map<string, { kind: 'percent' | 'fixed'; value: number }>();
  for (const p of (await db.selectFrom('promo_codes').select(['code', 'kind', 'value']).execute()) as Array<{
    code: string;
    kind: 'percent' | 'fixed';
    value: number;
  }>) {
    promos.set(p.code, { kind: p.kind, value: Number(p.value) });
  }
  const orders = (await db
    .selectFrom('orders as o')
    .leftJoin('order_packets_placed as pp', 'pp.id', 'o.packet_id')
    .leftJoin('order_packets as p', 'p.id', 'pp.packet_id')
    .select([
      'o.id',
      'o.cost',
      'o.discount',
      'o.is_first_order',
      'o.promo_code',
      'p.discount_percent as packet_percent',
      'p.title as packet_title',
    ])
    .where('o.is_fake', '=', 0)
    .where((eb) =>
      eb.or([
        eb('o.is_first_order', '=', 1),
        eb('o.promo_code', 'is not', null),
        eb('o.packet_id', 'is not', null),
      ]),
    )
    .orderBy('o.id')
    .execute()) as Placed[];
  for (const o of orders) {
    const rules: Rule[] = [];
    if (Number(o.is_first_order) === 1) {
      rules.push({
        kind: 'first_order',
        name: 'Скидка на первый заказ',
        rule: 'percent',
        value: FIRST_ORDER_PERCENT,
      });
    }
    const packetPercent = Number(o.packet_percent ?? 0);
    if (packetPercent > 0) {
      const title = o.packet_title ?? '';
      rules.push({
        kind: 'packet',
        name: title ? `Скидка пакета «${title}»` : 'Скидка пакета',
        rule: 'percent',
        value: packetPercent,
      });
    }
    const promo = o.promo_code ? promos.get(o.promo_code) : undefined;
    if (o.promo_code && promo) {
      rules.push({ kind: 'promo', name: `Промокод ${o.promo_code}`, rule: promo.kind, value: promo.value });
    }
    if (rules.length === 0) continue;
    const cost = Number(o.cost);
    const parts = rules.map((r) =>
      r.rule === 'percent'
        ? Math.floor((cost * Math.min(Math.max(r.value, 0), 100)) / 100)
        : Math.min(Math.max(r.value, 0), cost),
    );
    const shares = share(Number(o.discount), parts);
    await db
      .insertInto('order_discounts')
      .values(rules.map((r, i) => ({ order_id: o.id, position: i, ...r, amount: shares[i] ?? 0 })))
      .execute();
  }
}

/** The discount shared among the rules in order, in whole roubles, the last given one the rest. */
function share(discount: number, parts: number[]): number[] {
  const shares = parts.map(() => 0);
  const given = parts.flatMap((amount, i) => (amount > 0 ? [i] : []));
  let left = discount;
  for (const [n, i] of given.entries()) {
    if (left <= 0) break;
    const amount = parts[i] ?? 0;
    const part = n === given.length - 1 ? left : Math.min(Math.floor(amount / ROUBLE) * ROUBLE, left);
    shares[i] = part;
    left -= part;
  }
  return shares;
}
