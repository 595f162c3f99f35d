// Test-only: a small stand-in for the payments API behind `apiFetch`, with the rules of the server.
import {
  INSTALLMENT_MIN_KOPECKS,
  BONUS_MAX_PERCENT,
  OrderStatusId,
  type Finances,
  type Order,
  type PacketWaiting,
  type Payment,
  type PaymentMethod,
  type PaymentPurpose,
  type PayResult,
} from '@cabinet/contract';
import type { ApiInit } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';

export type Call = { method: string; path: string; body: unknown; key: string | undefined };

/** An order «Ожидает оплаты» for 6 000 ₽, nothing paid. */
export function payableOrder(id: number, over: Partial<Order> = {}): Order {
  return {
    id,
    status: { id: OrderStatusId.awaitingPayment, title: 'Ожидает оплаты' },
    trash: { is_trash: false },
    is_editable: true,
    title: 'Курсовая работа',
    details: {
      work_type: { id: 1, title: 'Курсовая работа' },
      subject: null,
      topic: 'Маркетинг малого бизнеса',
      university: null,
      deadline: '2026-12-01',
      pages: 30,
      originality: 70,
      verification_system: null,
      requirements: '',
      links: [],
      promo_code: null,
    },
    cost: 6_000_00,
    discount: 0,
    price: 6_000_00,
    is_first_order: false,
    packet_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    files: [],
    files_without_qc: [],
    paid: 0,
    author: null,
    deadline_at: '2026-12-01T20:59:59.999Z',
    guarantee_until: null,
    attention: { chat: 0, files: 0, care: 0, reworks: 0 },
    rework: { allowed: false, reason: null },
    can_accept: false,
    discounts: [],
    originality_report: null,
    ...over,
  };
}

export function waitingPayment(payId: number, over: Partial<Payment> = {}): Payment {
  return {
    pay_id: payId,
    purpose: 'order',
    object_id: payId + 100,
    title: `Заказ №${payId + 100}: Реферат «Тема ${payId}»`,
    amount: 1_000_00,
    bonus: 0,
    refunded: 0,
    payment_method: null,
    status: 'pending',
    created_at: '2026-11-22T10:00:00.000Z',
    paid_at: null,
    checked: true,
    refund_mode: 'storno',
    ...over,
  };
}

interface State {
  orders: Order[];
  finances: Finances;
  waiting: Payment[];
  packets: PacketWaiting[];
  installments: boolean;
  /** The server's BONUS_MAX_PERCENT, told by methods/. */
  bonusMaxPercent: number;
}

const PREFIX = '/api/client/payments/';

/** Answers like the server would, from `state`; `fail` makes one route refuse (once, or until healed). */
export function fakePayServer(initial: Partial<State> = {}) {
  const state: State = {
    orders: [payableOrder(7)],
    finances: { money: 5_000_00, bonus: 300_00 },
    waiting: [],
    packets: [],
    installments: true,
    bonusMaxPercent: BONUS_MAX_PERCENT,
    ...initial,
  };
  const calls: Call[] = [];
  const failures = new Map<string, Array<ApiError>>();
  let payId = 500;

  const methods = (purpose: PaymentPurpose, amount: number | null): PaymentMethod[] => {
    const list: PaymentMethod[] = [
      { id: 'bank_card', title: 'Банковская карта', unavailable_reason: null },
      { id: 'sbp', title: 'СБП', unavailable_reason: null },
      { id: 'yoo_money', title: 'ЮMoney', unavailable_reason: null },
    ];
    if (purpose !== 'replenish') {
      const short = amount !== null && amount > state.finances.money;
      list.push({
        id: 'balance',
        title: 'С баланса',
        unavailable_reason: short ? 'На балансе недостаточно средств' : null,
      });
    }
    const offered = purpose === 'order' || purpose === 'packet';
    if (state.installments && offered && amount !== null && amount >= INSTALLMENT_MIN_KOPECKS) {
      list.push({ id: 'yookassa_installments', title: 'Оплата частями', unavailable_reason: null });
    }
    return list;
  };

  const payResult = (method: string, amount: number): PayResult => {
    payId += 1;
    if (method === 'balance') {
      if (amount > state.finances.money) {
        throw ApiError.fromResponse(409, { detail: 'На балансе недостаточно средств' });
      }
      state.finances = { ...state.finances, money: state.finances.money - amount };
      return { pay_id: payId, status: 'succeeded' };
    }
    return {
      pay_id: payId,
      status: 'pending',
      confirmation_url: `http://localhost/test-bank/pay/${payId}/`,
    };
  };

  const handle = (path: string, init: ApiInit = {}): unknown => {
    const method = init.method ?? 'GET';
    const [bare = '', search = ''] = path.split('?');
    const query = new URLSearchParams(search);
    calls.push({ method, path, body: init.body, key: init.headers?.['Idempotency-Key'] });
    const failure = failures.get(`${method} ${bare}`)?.shift();
    if (failure) throw failure;

    if (method === 'PATCH' && bare === '/api/client/profile/status/') return state.finances;
    let match = /^\/api\/client\/orders\/(\d+)\/$/.exec(bare);
    if (method === 'GET' && match) {
      const order = state.orders.find((o) => o.id === Number(match?.[1]));
      if (!order) throw ApiError.fromResponse(404, { detail: 'Заказ не найден' });
      return order;
    }
    if (!bare.startsWith(PREFIX)) throw ApiError.fromResponse(404, { detail: `Нет маршрута ${path}` });
    const route = `${method} ${bare.slice(PREFIX.length)}`;

    if (route === 'GET methods/') {
      const amount = query.get('amount');
      return {
        payment_methods: methods(
          (query.get('purpose') ?? 'order') as PaymentPurpose,
          amount === null ? null : Number(amount),
        ),
        bonus_max_percent: state.bonusMaxPercent,
      };
    }
    if (route === 'GET waiting/') {
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('page_size') ?? 20);
      const results = state.waiting.slice((page - 1) * size, page * size);
      const more = page * size < state.waiting.length;
      return {
        results,
        count: state.waiting.length,
        next: more ? `${PREFIX}waiting/?page=${page + 1}` : null,
        previous: page > 1 ? `${PREFIX}waiting/?page=${page - 1}` : null,
      };
    }
    match = /^GET orders-packet-waiting\/(\d+)\/$/.exec(route);
    if (match) {
      const packet = state.packets.find((p) => p.id === Number(match?.[1]));
      if (!packet) throw ApiError.fromResponse(404, { detail: 'Пакет не найден' });
      return packet;
    }
    if (route === 'POST pay/') {
      const body = init.body as {
        purpose: PaymentPurpose;
        object_id?: number;
        amount?: number;
        payment_method: string;
        bonus?: number;
        part?: 'full' | 'half';
      };
      if (body.purpose === 'order') {
        const order = state.orders.find((o) => o.id === body.object_id);
        if (!order) throw ApiError.fromResponse(404, { detail: 'Заказ не найден' });
        const base = body.part === 'half' ? Math.ceil(order.price / 200) * 100 : order.price - order.paid;
        return payResult(body.payment_method, base - (body.bonus ?? 0));
      }
      if (body.purpose === 'packet') {
        const packet = state.packets.find((p) => p.id === body.object_id);
        if (!packet) throw ApiError.fromResponse(404, { detail: 'Пакет не найден' });
        return payResult(body.payment_method, packet.amount);
      }
      return payResult(body.payment_method, body.amount ?? 0);
    }
    if (route === 'POST pay-many/') {
      const body = init.body as { pay_ids: number[]; payment_method: string };
      const rows = state.waiting.filter((p) => body.pay_ids.includes(p.pay_id));
      if (rows.length !== body.pay_ids.length)
        throw ApiError.fromResponse(404, { detail: 'Платёж не найден' });
      return payResult(
        body.payment_method,
        rows.reduce((sum, row) => sum + row.amount, 0),
      );
    }
    throw ApiError.fromResponse(404, { detail: `Нет маршрута ${route}` });
  };

  return {
    state,
    calls,
    handle,
    /** The next call of `METHOD path` (no query) fails with this error; queue several for several calls. */
    fail: (route: string, ...errors: ApiError[]) => failures.set(route, errors),
    callsOf: (method: string, prefix: string) =>
      calls.filter((c) => c.method === method && c.path.startsWith(prefix)),
  };
}
