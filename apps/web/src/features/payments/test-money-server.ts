// Test-only: a small stand-in for the money side of the payments API behind `apiFetch`.
import {
  paymentMessages,
  type Balance,
  type BalanceMovement,
  type Payment,
  type VerificationStatus,
} from '@cabinet/contract';
import type { ApiInit } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';

const BASE = '/api/client/payments/';

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown; init: ApiInit };

export function movement(id: number, over: Partial<BalanceMovement> = {}): BalanceMovement {
  return {
    id,
    kind: 'replenish',
    title: `Пополнение баланса №${id}`,
    money: 1_000_00,
    bonus: 0,
    created_at: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

export function payment(payId: number, over: Partial<Payment> = {}): Payment {
  return {
    pay_id: payId,
    purpose: 'order',
    object_id: payId,
    title: `Заказ №${payId}: Курсовая`,
    amount: 2_500_00,
    bonus: 0,
    refunded: 0,
    payment_method: 'bank_card',
    status: 'succeeded',
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: '2026-11-20T10:05:00.000Z',
    checked: true,
    refund_mode: 'storno',
    ...over,
  };
}

export interface MoneyState {
  money: number;
  bonus: number;
  movements: BalanceMovement[];
  history: Payment[];
  verification: VerificationStatus;
  /** The code the «SMS» carried. */
  code: string;
}

/** Answers like the server would, from `state`; `fail` makes one route refuse. */
export function fakeMoneyServer(initial: Partial<MoneyState> = {}) {
  const state: MoneyState = {
    money: 5_000_00,
    bonus: 300_00,
    movements: [movement(1)],
    history: [payment(11)],
    verification: { success: true, verified: false, status: 'unverified', phone: '+7 *** ***-45-67' },
    code: '123456',
    ...initial,
  };
  const calls: Call[] = [];
  const failures = new Map<string, ApiError>();
  const pageSize = 20;

  const page = <T>(rows: T[], query: URLSearchParams) => {
    const n = Number(query.get('page') ?? '1');
    const size = Number(query.get('page_size') ?? String(pageSize));
    return {
      results: rows.slice((n - 1) * size, n * size),
      next: n * size < rows.length ? `?page=${n + 1}` : null,
      previous: n > 1 ? `?page=${n - 1}` : null,
      count: rows.length,
    };
  };

  const handle = (fullPath: string, init: ApiInit = {}): unknown => {
    const method = init.method ?? 'GET';
    const [path = '', search = ''] = fullPath.split('?');
    const query = new URLSearchParams(search);
    calls.push({ method, path, query, body: init.body, init });
    const failure = failures.get(`${method} ${path}`);
    if (failure) throw failure;
    const route = `${method} ${path.startsWith(BASE) ? path.slice(BASE.length) : path}`;
    switch (route) {
      case 'GET balance/': {
        const body: Balance = { money: state.money, bonus: state.bonus, ...page(state.movements, query) };
        return body;
      }
      case 'GET history/': {
        const from = query.get('from');
        const to = query.get('to');
        const purpose = query.get('purpose');
        const rows = state.history.filter(
          (p) =>
            (!purpose || p.purpose === purpose) &&
            (!from || p.created_at.slice(0, 10) >= from) &&
            (!to || p.created_at.slice(0, 10) <= to),
        );
        return page(rows, query);
      }
      case 'GET verification-status/repayment/':
        return state.verification;
      case 'POST verificate-code/repayment/': {
        const body = init.body as { phone?: string };
        if (state.verification.phone === null && !body.phone) {
          throw ApiError.fromResponse(400, { detail: paymentMessages.phoneRequired });
        }
        state.verification = {
          ...state.verification,
          status: 'requested',
          phone: state.verification.phone ?? body.phone ?? null,
        };
        return { detail: 'ok' };
      }
      case 'PATCH verificate-code/repayment/': {
        const body = init.body as { code: string };
        if (body.code !== state.code) throw ApiError.fromResponse(400, { detail: paymentMessages.codeWrong });
        state.verification = { ...state.verification, verified: true, status: 'verified' };
        return state.verification;
      }
      case 'GET refund-recipient-countries/':
        return {
          results: [
            { code: 'RU', title: 'Россия' },
            { code: 'KZ', title: 'Казахстан' },
          ],
        };
      case 'GET refund-extra/':
        return { min_amount: 100_00, max_amount: 500_000_00, fee_percent: 0, days: 'до 3 рабочих дней' };
      case 'POST repayment/': {
        if (state.verification.status !== 'verified') {
          throw ApiError.fromResponse(403, { detail: paymentMessages.verificationRequired });
        }
        const body = init.body as { amount: number };
        state.money -= body.amount;
        return { id: 1, status: 'succeeded', money: state.money };
      }
      case 'GET refund-storno/': {
        const sum = Number(query.get('refund_sum'));
        if (sum > state.money) throw ApiError.fromResponse(400, { detail: paymentMessages.refundTooMuch });
        return {
          refund_sum: sum,
          results: [
            { pay_id: 12, title: 'Заказ №12: Эссе', amount: Math.min(sum, 1_000_00) },
            ...(sum > 1_000_00 ? [{ pay_id: 11, title: 'Заказ №11: Курсовая', amount: sum - 1_000_00 }] : []),
          ],
        };
      }
      case 'POST refund-storno/': {
        const body = init.body as { refund_sum: number };
        state.money -= body.refund_sum;
        return { refund_sum: body.refund_sum };
      }
      case 'POST refund-claim/': {
        if (state.verification.status !== 'verified') {
          throw ApiError.fromResponse(403, { detail: paymentMessages.verificationRequired });
        }
        return { id: 5, status: 'pending' };
      }
    }
    throw ApiError.fromResponse(404, { detail: `Нет маршрута ${route}` });
  };

  return {
    state,
    calls,
    handle,
    /** The next calls of `METHOD path` fail with this error. */
    fail: (route: string, error: ApiError) => failures.set(route, error),
    heal: (route: string) => failures.delete(route),
    callsOf: (method: string, rest: string) =>
      calls.filter((c) => c.method === method && c.path === BASE + rest),
  };
}
