import {
  MOVEMENT_KINDS,
  PAYMENTS_PAGE_SIZE,
  PaymentMethodIdSchema,
  orderMessages,
  type Balance,
  type BalanceMovement,
  type Payment,
  type PaymentList,
  type PaymentListStatus,
  type PaymentPurpose,
} from '@cabinet/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, PaymentsTable } from '../../db/types';
import { HttpError, badRequest } from '../../plugins/errors';
import { accounts, financesOf } from '../ledger';
import {
  countMovements,
  countPayments,
  findUserPayment,
  selectMovementPage,
  selectPaymentPage,
  type PaymentFilter,
} from './repo-lists';

/**
 * The customer's lists of payments and movements (spec §3 "Payment", §7 "Payments"):
 * waiting/, history/ and balance/, paged like Django REST framework — `results`, `count` and
 * absolute `next`/`previous` URLs, the first page without `page`, 404 past the last page.
 */

export interface PageQuery {
  page: number;
  page_size: number;
}

export interface HistoryQuery extends PageQuery {
  from?: string | undefined;
  to?: string | undefined;
  purpose?: PaymentPurpose | undefined;
}

/** The period filter's days are Moscow calendar days (UTC+3 all year since 2014). */
const MOSCOW_OFFSET = '+03:00';
const DAY_MS = 24 * 60 * 60 * 1000;

export const listMessages = {
  periodReversed: 'Начало периода не может быть позже его конца',
  paymentNotFound: 'Платёж не найден',
} as const;

type PaymentRow = Selectable<PaymentsTable>;

/**
 * A canceled payment the provider had (it holds the provider's id) was turned down there — the
 * bank declined the card, or the payer pressed «Отклонить»: «Отклонён». One that never reached the
 * provider (it did not answer, service.ts) was canceled by us: «Отменён».
 */
function listStatus(row: Pick<PaymentRow, 'status' | 'provider' | 'provider_payment_id'>): PaymentListStatus {
  if (row.status !== 'canceled') return row.status;
  return row.provider !== 'balance' && row.provider_payment_id !== null ? 'declined' : 'canceled';
}

/** The customer's payment `id` (404 for another's or none): what the /payment result screen names. */
export async function paymentOf(db: Kysely<DB>, userId: number, id: number): Promise<Payment> {
  const row = await findUserPayment(db, userId, id);
  if (!row) throw new HttpError(404, listMessages.paymentNotFound);
  return toPayment(row);
}

/** A payments row as the lists show it: refund rows default to checked, mode storno (spec §9). */
export function toPayment(row: PaymentRow): Payment {
  const method = PaymentMethodIdSchema.safeParse(row.payment_method);
  return {
    pay_id: row.id,
    purpose: row.purpose,
    object_id: row.object_id,
    title: row.title,
    amount: Number(row.amount),
    bonus: Number(row.bonus),
    refunded: Number(row.refunded),
    payment_method: method.success ? method.data : null,
    status: listStatus(row),
    created_at: row.created_at,
    paid_at: row.paid_at,
    checked: true,
    refund_mode: 'storno',
  };
}

/** The absolute URL of a page: the filters kept, `page` only past the first, `page_size` only when not the default. */
export function pageUrl(
  publicUrl: string,
  path: string,
  q: PageQuery & Record<string, unknown>,
  page: number,
): string {
  const url = new URL(path, publicUrl);
  const { page: _page, page_size, ...filters } = q;
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  if (page > 1) url.searchParams.set('page', String(page));
  if (page_size !== PAYMENTS_PAGE_SIZE) url.searchParams.set('page_size', String(page_size));
  return url.toString();
}

/** `next`, `previous` and `count` of a page; 404 past the last page (the first always exists). */
export function pageLinks(
  publicUrl: string,
  path: string,
  q: PageQuery & Record<string, unknown>,
  count: number,
): { next: string | null; previous: string | null; count: number } {
  const lastPage = Math.max(1, Math.ceil(count / q.page_size));
  if (q.page > lastPage) throw new HttpError(404, orderMessages.invalidPage);
  return {
    next: q.page < lastPage ? pageUrl(publicUrl, path, q, q.page + 1) : null,
    previous: q.page > 1 ? pageUrl(publicUrl, path, q, q.page - 1) : null,
    count,
  };
}

/** The start of a Moscow day and the start of the next one, as the ISO instants `created_at` holds. */
export function moscowDayBounds(day: string): { start: string; end: string } {
  const start = Date.parse(`${day}T00:00:00${MOSCOW_OFFSET}`);
  return { start: new Date(start).toISOString(), end: new Date(start + DAY_MS).toISOString() };
}

/** waiting/: the customer's payments awaiting payment, newest first. */
export async function listWaiting(
  db: Kysely<DB>,
  userId: number,
  q: PageQuery,
  publicUrl: string,
  path: string,
): Promise<PaymentList> {
  return paymentPage(
    db,
    userId,
    { status: 'pending' },
    { page: q.page, page_size: q.page_size },
    publicUrl,
    path,
  );
}

/**
 * history/: succeeded and canceled payments, newest first; `from`/`to` are Moscow days, both
 * inclusive, of the payment's creation; `purpose` one kind.
 */
export async function listHistory(
  db: Kysely<DB>,
  userId: number,
  q: HistoryQuery,
  publicUrl: string,
  path: string,
): Promise<PaymentList> {
  if (q.from && q.to && q.from > q.to) throw badRequest('from', listMessages.periodReversed);
  const filter: PaymentFilter = {
    status: ['succeeded', 'canceled'],
    from: q.from ? moscowDayBounds(q.from).start : undefined,
    to: q.to ? moscowDayBounds(q.to).end : undefined,
    purpose: q.purpose,
  };
  const kept = { page: q.page, page_size: q.page_size, from: q.from, to: q.to, purpose: q.purpose };
  return paymentPage(db, userId, filter, kept, publicUrl, path);
}

async function paymentPage(
  db: Kysely<DB>,
  userId: number,
  filter: PaymentFilter,
  q: PageQuery & Record<string, unknown>,
  publicUrl: string,
  path: string,
): Promise<PaymentList> {
  const links = pageLinks(publicUrl, path, q, await countPayments(db, userId, filter));
  const rows = await selectPaymentPage(db, userId, filter, q.page_size, (q.page - 1) * q.page_size);
  return { results: rows.map(toPayment), ...links };
}

const KINDS: ReadonlySet<string> = new Set(MOVEMENT_KINDS);

/**
 * The contract's kind of a ledger txn: its own when the contract names it, else by what it did
 * to the customer (a txn kind the balance screen does not know yet still shows, as a payment or a
 * refund).
 */
function movementKind(kind: string, money: number, bonus: number): BalanceMovement['kind'] {
  if (KINDS.has(kind)) return kind as BalanceMovement['kind'];
  if (kind.startsWith('refund') || kind === 'storno') return 'refund';
  if (money === 0 && bonus > 0) return 'bonus_accrual';
  if (money === 0 && bonus < 0) return 'bonus_spent';
  return money > 0 ? 'replenish' : 'payment';
}

/**
 * balance/: money and bonus (from the ledger's cached balances) and the movements that made them,
 * newest first — every ledger txn with entries on the customer's money or bonus account, with
 * what it did to each (signed kopecks); a txn that moved nothing of the customer's is left out.
 */
export async function balanceOfCustomer(
  db: Kysely<DB>,
  userId: number,
  q: PageQuery,
  publicUrl: string,
  path: string,
): Promise<Balance> {
  const money = accounts.customerMoney(userId);
  const bonus = accounts.customerBonus(userId);
  const finances = await financesOf(db, userId);
  const total = await countMovements(db, money, bonus);
  const links = pageLinks(publicUrl, path, { page: q.page, page_size: q.page_size }, total);
  const rows = await selectMovementPage(db, money, bonus, q.page_size, (q.page - 1) * q.page_size);
  return {
    money: finances.money,
    bonus: finances.bonus,
    results: rows.map((r) => {
      const m = Number(r.money);
      const b = Number(r.bonus);
      return {
        id: r.id,
        kind: movementKind(r.kind, m, b),
        title: r.title,
        money: m,
        bonus: b,
        created_at: r.created_at,
      };
    }),
    ...links,
  };
}
