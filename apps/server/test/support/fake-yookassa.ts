import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local YooKassa v3 API, written from its documentation (yookassa.ru/developers/api): payments,
 * refunds and payouts with HTTP Basic auth (shop id : secret key; payouts with the agent's), an
 * `Idempotence-Key` on every POST (the same key with the same body answers the first object, with
 * another body a 400), amounts as decimal strings in RUB, the error object
 * `{type: 'error', id, code, description, parameter}`. The test moves a payment on with
 * `succeed`/`cancel`, as the customer's bank would.
 */

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

interface Amount {
  value: string;
  currency: string;
}

export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  payment_method?: { type: string; id: string; saved: boolean };
  created_at: string;
  captured_at?: string;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  test: boolean;
  refunded_amount?: Amount;
  refundable: boolean;
  metadata: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
}

export interface FakeYookassa {
  url: string;
  /** Every request that reached the API, in order (including refused ones). */
  requests: FakeRequest[];
  payments: Map<string, FakePayment>;
  /** The customer paid: a pending payment becomes succeeded. */
  succeed(id: string): FakePayment;
  /** Declined or abandoned: a pending payment becomes canceled. */
  cancel(id: string): FakePayment;
  close(): Promise<void>;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const METHOD_TYPES = new Set(['bank_card', 'sbp', 'yoo_money', 'installments']);

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly parameter?: string,
  ) {
    super(description);
  }
}

const toKopecks = (value: string) => {
  const [r = '0', f = ''] = value.split('.');
  return Number(r) * 100 + Number(f.padEnd(2, '0'));
};
const toValue = (k: number) => `${Math.trunc(k / 100)}.${String(k % 100).padStart(2, '0')}`;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function checkAmount(value: unknown, parameter: string): Amount {
  const amount = record(value);
  if (typeof amount.value !== 'string' || !AMOUNT.test(amount.value) || toKopecks(amount.value) <= 0) {
    throw new ApiError(400, 'invalid_request', 'Invalid amount value', `${parameter}.value`);
  }
  if (amount.currency !== 'RUB') {
    throw new ApiError(400, 'invalid_request', 'Invalid currency', `${parameter}.currency`);
  }
  return { value: amount.value, currency: 'RUB' };
}

function checkDescription(value: unknown, parameter: string) {
  if (value !== undefined && (typeof value !== 'string' || [...value].length > 128)) {
    throw new ApiError(400, 'invalid_request', 'Description is too long (max 128)', parameter);
  }
}

function checkMetadata(value: unknown): Record<string, string> {
  const metadata = record(value);
  for (const [k, v] of Object.entries(metadata)) {
    if (typeof v !== 'string')
      throw new ApiError(400, 'invalid_request', 'Metadata values are strings', `metadata.${k}`);
  }
  return metadata as Record<string, string>;
}

export async function startFakeYookassa(options: {
  shopId: string;
  secretKey: string;
  agentId?: string;
  agentSecret?: string;
}): Promise<FakeYookassa> {
  const requests: FakeRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, Record<string, unknown>>();
  const payouts = new Map<string, Record<string, unknown>>();
  /** `{credentials}:{key}` → the body's hash and the first answer. */
  const keys = new Map<string, { hash: string; status: number; answer: unknown }>();
  let url = '';

  const basic = (user: string, secret: string) =>
    `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

  function createPayment(body: Record<string, unknown>): FakePayment {
    const amount = checkAmount(body.amount, 'amount');
    checkDescription(body.description, 'description');
    const confirmation = record(body.confirmation);
    if (confirmation.type !== 'redirect' || typeof confirmation.return_url !== 'string') {
      throw new ApiError(400, 'invalid_request', 'Redirect confirmation needs return_url', 'confirmation');
    }
    const method = record(body.payment_method_data);
    if (body.payment_method_data !== undefined && !METHOD_TYPES.has(String(method.type))) {
      throw new ApiError(
        400,
        'invalid_request',
        'Payment method is not available',
        'payment_method_data.type',
      );
    }
    const receipt = record(body.receipt);
    const customer = record(receipt.customer);
    const items = Array.isArray(receipt.items) ? receipt.items.map(record) : [];
    if (!customer.email && !customer.phone) {
      throw new ApiError(400, 'invalid_request', 'Receipt needs customer email or phone', 'receipt.customer');
    }
    if (items.length === 0)
      throw new ApiError(400, 'invalid_request', 'Receipt has no items', 'receipt.items');
    const itemsSum = items.reduce((sum, item, i) => {
      checkDescription(item.description, `receipt.items[${i}].description`);
      const itemAmount = checkAmount(item.amount, `receipt.items[${i}].amount`);
      return sum + toKopecks(itemAmount.value) * Number(item.quantity);
    }, 0);
    if (itemsSum !== toKopecks(amount.value)) {
      throw new ApiError(
        400,
        'invalid_request',
        'Receipt items do not add up to the amount',
        'receipt.items',
      );
    }
    const id = `${randomUUID().slice(0, 8)}-000f-5000-8000-${randomUUID().slice(-12)}`;
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount,
      description: body.description as string | undefined,
      recipient: { account_id: options.shopId, gateway_id: '100500' },
      ...(method.type ? { payment_method: { type: String(method.type), id, saved: false } } : {}),
      created_at: new Date().toISOString(),
      confirmation: {
        type: 'redirect',
        confirmation_url: `${url}/checkout/payments/v2/contract?orderId=${id}`,
        return_url: confirmation.return_url,
      },
      test: true,
      refundable: false,
      metadata: checkMetadata(body.metadata),
    };
    payments.set(id, payment);
    return payment;
  }

  function createRefund(body: Record<string, unknown>) {
    const payment = payments.get(String(body.payment_id));
    if (!payment) throw new ApiError(404, 'not_found', 'Payment not found', 'payment_id');
    const amount = checkAmount(body.amount, 'amount');
    checkDescription(body.description, 'description');
    const refunded = toKopecks(payment.refunded_amount?.value ?? '0');
    if (
      payment.status !== 'succeeded' ||
      refunded + toKopecks(amount.value) > toKopecks(payment.amount.value)
    ) {
      throw new ApiError(400, 'invalid_request', 'Refund amount exceeds what can be refunded', 'amount');
    }
    payment.refunded_amount = { value: toValue(refunded + toKopecks(amount.value)), currency: 'RUB' };
    payment.refundable = toKopecks(payment.refunded_amount.value) < toKopecks(payment.amount.value);
    const refund = {
      id: randomUUID(),
      payment_id: payment.id,
      status: 'succeeded',
      created_at: new Date().toISOString(),
      amount,
      description: body.description,
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function createPayout(body: Record<string, unknown>) {
    const amount = checkAmount(body.amount, 'amount');
    checkDescription(body.description, 'description');
    const destination = record(body.payout_destination_data);
    const card = record(destination.card);
    if (
      destination.type !== 'bank_card' ||
      typeof card.number !== 'string' ||
      !/^\d{16,19}$/.test(card.number)
    ) {
      throw new ApiError(
        400,
        'invalid_request',
        'Invalid card number',
        'payout_destination_data.card.number',
      );
    }
    const payout = {
      id: `po-${randomUUID()}`,
      amount,
      status: 'succeeded',
      payout_destination: {
        type: 'bank_card',
        card: { first6: card.number.slice(0, 6), last4: card.number.slice(-4), card_type: 'MasterCard' },
      },
      description: body.description,
      created_at: new Date().toISOString(),
      metadata: checkMetadata(body.metadata),
      test: true,
    };
    payouts.set(payout.id, payout);
    return payout;
  }

  function route(method: string, path: string, body: unknown, auth: string | undefined): unknown {
    const payoutsPath = path === '/payouts' || path.startsWith('/payouts/');
    const expected = payoutsPath
      ? basic(options.agentId ?? options.shopId, options.agentSecret ?? options.secretKey)
      : basic(options.shopId, options.secretKey);
    if (auth !== expected) {
      throw new ApiError(401, 'invalid_credentials', 'Basic authentication failed', 'Authorization');
    }
    const input = record(body);
    if (method === 'POST' && path === '/payments') return createPayment(input);
    if (method === 'POST' && path === '/refunds') return createRefund(input);
    if (method === 'POST' && path === '/payouts') return createPayout(input);
    const [, collection, id] = path.split('/');
    if (method === 'GET' && id) {
      const found =
        collection === 'payments'
          ? payments.get(decodeURIComponent(id))
          : collection === 'refunds'
            ? refunds.get(decodeURIComponent(id))
            : collection === 'payouts'
              ? payouts.get(decodeURIComponent(id))
              : undefined;
      if (found) return found;
    }
    throw new ApiError(404, 'not_found', 'Object not found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    // The API lives under /v3, as https://api.yookassa.ru/v3 does.
    const path = ((req.url ?? '/').split('?')[0] ?? '/').replace(/^\/v3(?=\/)/, '');
    const headers = {
      authorization: req.headers.authorization,
      'idempotence-key': req.headers['idempotence-key'] as string | undefined,
      'content-type': req.headers['content-type'],
    };
    let body: unknown = raw || undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // kept as text: the request is refused below
    }
    requests.push({ method, path, headers, body });
    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    try {
      if (typeof body === 'string') throw new ApiError(400, 'invalid_request', 'Request body is not JSON');
      if (method !== 'POST') return send(200, route(method, path, body, headers.authorization));
      const key = headers['idempotence-key'];
      if (!key || key.length > 64) {
        throw new ApiError(
          400,
          'invalid_request',
          'Idempotence key is missing or too long',
          'Idempotence-Key',
        );
      }
      const hash = createHash('sha256').update(`${path}\n${raw}`).digest('hex');
      const scope = `${headers.authorization ?? ''}:${key}`;
      const first = keys.get(scope);
      if (first) {
        if (first.hash !== hash) {
          throw new ApiError(
            400,
            'invalid_request',
            'Idempotence key duplicated with another request',
            'Idempotence-Key',
          );
        }
        return send(first.status, first.answer);
      }
      const answer = route(method, path, body, headers.authorization);
      keys.set(scope, { hash, status: 200, answer: structuredClone(answer) });
      return send(200, answer);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return send(err.status, {
        type: 'error',
        id: randomUUID(),
        code: err.code,
        description: err.description,
        ...(err.parameter ? { parameter: err.parameter } : {}),
      });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', code: 'internal_server_error', description: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;

  const move = (id: string, status: 'succeeded' | 'canceled') => {
    const payment = payments.get(id);
    if (!payment) throw new Error(`fake yookassa: no payment ${id}`);
    if (payment.status !== 'pending') return payment;
    payment.status = status;
    delete payment.confirmation;
    if (status === 'succeeded') {
      payment.paid = true;
      payment.refundable = true;
      payment.captured_at = new Date().toISOString();
    } else {
      payment.cancellation_details = { party: 'payment_network', reason: 'card_expired' };
    }
    return payment;
  };

  return {
    get url() {
      return url;
    },
    requests,
    payments,
    succeed: (id) => move(id, 'succeeded'),
    cancel: (id) => move(id, 'canceled'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
