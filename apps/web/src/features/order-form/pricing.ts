import {
  type CalculateDiscountRequest,
  promoMessages,
  type CostBreakdown,
  type DiscountBreakdown,
  type DiscountLine,
  type OrderPacket,
  type PromoStatus,
} from '@cabinet/contract';
import { intInRange, isDay, parseKind, toId, type OrderFormValues } from './model';

// The live price of the form: what one calculation needs, the quotes combined into one sum, and
// the latest of several runs kept.

/** What one price calculation needs: one item for a single order, several for a packet. */
export interface PriceInput {
  /** A packet's works are named in the breakdown; a single order's work is the form's own choice. */
  items: Array<{ work_type_id: number; pages: number; title: string | null }>;
  deadline: string;
  originality: number;
  verification_system_id: number | null;
  promo_code: string;
  /** The packet chosen, priced with its discount; null for a single order. */
  packet: { id: number; percent: number } | null;
  /** The order being edited: priced with the discounts it has, as saving it will. */
  orderId: number | null;
}

/** The order being edited, for the price: its id and the deadline it may keep. */
export interface EditedOrder {
  id: number;
  deadline: string;
}

/** Null until the fields the price depends on are filled in and valid. */
export function toPriceInput(
  v: OrderFormValues,
  earliest: string,
  packets: readonly OrderPacket[],
  edited: EditedOrder | null = null,
): PriceInput | null {
  const kind = parseKind(v.kind);
  if (!kind || !isDay(v.deadline)) return null;
  if (v.deadline < earliest && v.deadline !== edited?.deadline) return null;
  const originality = String(v.originality).trim() === '' ? 0 : intInRange(v.originality, 0, 100);
  if (originality === null) return null;
  const common = {
    deadline: v.deadline,
    originality,
    verification_system_id: toId(v.verification_system_id),
    // An edited order keeps the code it was placed with; the server knows it.
    promo_code: edited ? '' : v.promo_code.trim().slice(0, 50),
    orderId: edited?.id ?? null,
  };
  if (kind.type === 'packet') {
    const packet = packets.find((p) => p.id === kind.id);
    if (!packet) return null;
    return {
      ...common,
      items: packet.items.map((i) => ({
        work_type_id: i.work_type_id,
        pages: i.pages,
        title: i.work_type_title,
      })),
      packet: { id: packet.id, percent: packet.discount_percent },
    };
  }
  const pages = intInRange(v.pages, 1, 500);
  if (pages === null) return null;
  return { ...common, items: [{ work_type_id: kind.id, pages, title: null }], packet: null };
}

/** The body of `calculate-discount/` for one work (`calculate-cost/` takes it without the code). */
export function costRequest(input: PriceInput, item: PriceInput['items'][number]): CalculateDiscountRequest {
  return {
    work_type_id: item.work_type_id,
    pages: item.pages,
    deadline: input.deadline,
    originality: input.originality,
    verification_system_id: input.verification_system_id,
    ...(input.promo_code ? { promo_code: input.promo_code } : {}),
    ...(input.packet ? { packet_id: input.packet.id } : {}),
    ...(input.orderId === null ? {} : { order_id: input.orderId }),
  };
}

/** One work as the server priced it: its cost breakdown and its discounts. */
export interface PricedItem {
  title: string | null;
  cost: CostBreakdown;
  discount: DiscountBreakdown;
}

/** The breakdown shown before submitting, all from the server's answers; kopecks. */
export interface PriceQuote {
  items: PricedItem[];
  /** The discount lines of every work added up, one per reason, in the server's order. */
  discounts: DiscountLine[];
  /** The cap cut the discounts of some work. */
  capped: boolean;
  promoStatus: PromoStatus;
  packetPercent: number | null;
  /** What the order (or the packet's orders together) will cost: the sum the server saves. */
  total: number;
}

/** Adds up the works of a quote; the total is the sum of the totals the server gave each. */
export function combineQuote(items: PricedItem[], packetPercent: number | null): PriceQuote {
  const discounts: DiscountLine[] = [];
  for (const line of items.flatMap((i) => i.discount.lines)) {
    const same = discounts.find((d) => d.reason === line.reason);
    if (same) same.amount += line.amount;
    else discounts.push({ ...line });
  }
  return {
    items,
    discounts,
    capped: items.some((i) => i.discount.capped),
    promoStatus: items[0]?.discount.promo_status ?? 'none',
    packetPercent,
    total: items.reduce((sum, i) => sum + i.discount.total, 0),
  };
}

/** A promo code the server did not take, as the error under its field; null when it is fine. */
export function promoProblem(quote: PriceQuote | null): string | null {
  const status = quote?.promoStatus ?? 'none';
  return status === 'none' || status === 'applied' ? null : promoMessages[status];
}

export type LatestEvent<O> =
  { status: 'loading' } | { status: 'done'; result: O } | { status: 'error'; error: unknown };

/**
 * Runs a calculation some time after the last change (debounce), and only the newest one: a
 * newer run aborts the one in flight, and a stale answer is never reported.
 */
export class LatestRun<I, O> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | null = null;

  constructor(
    private readonly run: (input: I, signal: AbortSignal) => Promise<O>,
    private readonly delayMs: number,
    private readonly listener: (event: LatestEvent<O>) => void,
    private readonly abortReason = 'новый расчёт',
  ) {}

  schedule(input: I): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.start(input), this.delayMs);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort(this.abortReason);
    this.controller = null;
  }

  private start(input: I): void {
    this.controller?.abort(this.abortReason);
    const controller = new AbortController();
    this.controller = controller;
    this.listener({ status: 'loading' });
    this.run(input, controller.signal).then(
      (result) => {
        if (this.controller === controller) this.listener({ status: 'done', result });
      },
      (error: unknown) => {
        if (this.controller === controller && !controller.signal.aborted) {
          this.listener({ status: 'error', error });
        }
      },
    );
  }
}
