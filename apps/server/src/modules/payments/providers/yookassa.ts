import { createHash } from 'node:crypto';
import { z } from 'zod';
import type {
  CreatePaymentInput,
  PaymentProvider,
  PayoutInput,
  ProviderPayment,
  ProviderPaymentStatus,
  RefundInput,
} from './types';

export interface YookassaOptions {
  shopId: string;
  secretKey: string;
  /** https://api.yookassa.ru/v3, or a local server in the tests. */
  apiUrl: string;
  /**
   * Payouts (`POST /payouts`) are a separate YooKassa product: the real API authenticates them
   * with the payout gateway's agent id and its own secret key, not the shop's. Both default to the
   * shop's credentials, which is right only for a test double; a deployment that pays out through
   * YooKassa sets them (config has no keys for them yet).
   */
  payoutAgentId?: string;
  payoutSecretKey?: string;
  /** How long one API call may take before it is abandoned (default 10 s). */
  timeoutMs?: number;
}

/** YooKassa refuses a description longer than this (payments, refunds, payouts, receipt items). */
export const YOOKASSA_DESCRIPTION_MAX = 128;
const IDEMPOTENCE_KEY_MAX = 64;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Our method ids → YooKassa's `payment_method_data.type`; the balance never reaches a provider. */
const METHOD_TYPES: Readonly<Record<string, string>> = {
  bank_card: 'bank_card',
  sbp: 'sbp',
  yoo_money: 'yoo_money',
  yookassa_installments: 'installments',
};

/** 123450 kopecks → '1234.50', in integer arithmetic: a float never touches an amount. */
export function kopecksToValue(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) {
    throw new RangeError(`yookassa: ${kopecks} is not a whole non-negative number of kopecks`);
  }
  const roubles = Math.trunc(kopecks / 100);
  return `${roubles}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** '1234.5' or '1234.50' → 123450; anything but a plain decimal with at most two places throws. */
export function valueToKopecks(value: string): number {
  const match = /^(\d{1,14})(?:\.(\d{1,2}))?$/.exec(value);
  const [, roubles = '0', fraction = ''] = match ?? [];
  const kopecks = Number(roubles) * 100 + Number(fraction.padEnd(2, '0'));
  if (!match || !Number.isSafeInteger(kopecks)) throw new RangeError(`yookassa: "${value}" is not an amount`);
  return kopecks;
}

const AmountSchema = z.object({ value: z.string(), currency: z.string() });

const PaymentObjectSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount: AmountSchema,
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const OperationObjectSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'succeeded', 'canceled']),
});

const ErrorObjectSchema = z.object({
  type: z.literal('error'),
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

/** A refusal or failure of YooKassa's API, with its own words; never carries the credentials. */
export class YookassaError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer came (timeout, network). */
    readonly status: number,
    /** YooKassa's error code (`invalid_request`, `not_found`, …) when it gave one. */
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'YookassaError';
  }
}

/**
 * The YooKassa v3 adapter: payments with a redirect confirmation and a 54-FZ receipt,
 * refunds and payouts, every POST with an `Idempotence-Key` (the same key answers the first
 * object, so a retried call never pays twice). Answers are parsed with zod; a non-2xx answer
 * throws a YookassaError with the provider's description.
 */
export class YookassaProvider implements PaymentProvider {
  readonly name = 'yookassa' as const;

  constructor(private readonly options: YookassaOptions) {}

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const type = METHOD_TYPES[input.method];
    if (!type) throw new YookassaError(`yookassa: method ${input.method} is not a provider's`, 0, null);
    const amount = { value: kopecksToValue(input.amount), currency: 'RUB' };
    const description = clip(input.description);
    const body = {
      amount,
      capture: true,
      confirmation: { type: 'redirect', return_url: input.returnUrl },
      description,
      metadata: { payment_id: String(input.paymentId) },
      payment_method_data: { type },
      receipt: {
        customer: receiptCustomer(input.customer),
        items: [
          {
            description,
            quantity: '1.00',
            amount,
            vat_code: 1,
            payment_mode: 'full_payment',
            payment_subject: 'service',
          },
        ],
      },
    };
    const answer = await this.call('POST', '/payments', body, input.idempotenceKey);
    return toPayment(parse(PaymentObjectSchema, answer, 'POST /payments'));
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const path = `/payments/${encodeURIComponent(providerPaymentId)}`;
    const answer = await this.call('GET', path);
    return toPayment(parse(PaymentObjectSchema, answer, 'GET /payments/{id}'));
  }

  async refund(input: RefundInput): Promise<{ id: string; status: 'pending' | 'succeeded' | 'canceled' }> {
    const body = {
      payment_id: input.providerPaymentId,
      amount: { value: kopecksToValue(input.amount), currency: 'RUB' },
      description: clip(input.description),
    };
    const answer = await this.call('POST', '/refunds', body, input.idempotenceKey);
    const refund = parse(OperationObjectSchema, answer, 'POST /refunds');
    return { id: refund.id, status: refund.status };
  }

  async payout(input: PayoutInput): Promise<{ id: string; status: 'pending' | 'succeeded' | 'canceled' }> {
    const body = {
      amount: { value: kopecksToValue(input.amount), currency: 'RUB' },
      payout_destination_data: { type: 'bank_card', card: { number: input.cardNumber } },
      description: clip(input.description),
      metadata: { payout_id: String(input.payoutId) },
    };
    const credentials = {
      user: this.options.payoutAgentId || this.options.shopId,
      secret: this.options.payoutSecretKey || this.options.secretKey,
    };
    const answer = await this.call('POST', '/payouts', body, input.idempotenceKey, credentials);
    const payout = parse(OperationObjectSchema, answer, 'POST /payouts');
    return { id: payout.id, status: payout.status };
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
    credentials = { user: this.options.shopId, secret: this.options.secretKey },
  ): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const route = `${method} ${path.replace(/^\/(\w+)\/.+$/, '/$1/{id}')}`;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${credentials.user}:${credentials.secret}`).toString('base64')}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotenceKey !== undefined) headers['idempotence-key'] = fitKey(idempotenceKey);
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      // undici says «fetch failed» and keeps the reason (ECONNREFUSED, ENOTFOUND…) in the cause.
      const cause = (err as { cause?: { code?: unknown } }).cause?.code;
      const why = timedOut
        ? `no answer in ${timeoutMs} ms`
        : [(err as Error).message, typeof cause === 'string' ? cause : null].filter(Boolean).join(': ');
      throw new YookassaError(`yookassa: ${route}: ${why}`, 0, null);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const error = ErrorObjectSchema.safeParse(json);
      const code = error.success ? (error.data.code ?? null) : null;
      const said = error.success
        ? [error.data.code, error.data.description, error.data.parameter && `(${error.data.parameter})`]
            .filter(Boolean)
            .join(' ')
        : 'no error object';
      throw new YookassaError(`yookassa: ${route} → ${response.status}: ${said}`, response.status, code);
    }
    return json;
  }
}

/**
 * YooKassa takes keys of up to 64 characters; a longer one of ours becomes its SHA-256 (64 hex
 * digits) — the same key always maps to the same one, so a retry still answers the first object.
 */
export function fitKey(key: string): string {
  return key.length <= IDEMPOTENCE_KEY_MAX ? key : createHash('sha256').update(key).digest('hex');
}

function clip(text: string): string {
  const chars = [...text.trim()];
  return chars.length <= YOOKASSA_DESCRIPTION_MAX
    ? chars.join('')
    : `${chars.slice(0, YOOKASSA_DESCRIPTION_MAX - 1).join('')}…`;
}

/** 54-FZ: the receipt goes to the e-mail, or to the phone (digits only, as E.164 without «+»). */
function receiptCustomer(customer: CreatePaymentInput['customer']): { email: string } | { phone: string } {
  if (customer.email) return { email: customer.email };
  const phone = customer.phone?.replace(/\D/g, '');
  if (phone) return { phone };
  throw new YookassaError('yookassa: a receipt needs the customer’s e-mail or phone', 0, null);
}

function parse<T>(schema: z.ZodType<T>, answer: unknown, route: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw new YookassaError(`yookassa: ${route}: an answer of an unknown shape`, 200, null);
  return parsed.data;
}

function toPayment(object: z.infer<typeof PaymentObjectSchema>): ProviderPayment {
  if (object.amount.currency !== 'RUB') {
    throw new YookassaError(`yookassa: payment ${object.id} is in ${object.amount.currency}`, 200, null);
  }
  const status: ProviderPaymentStatus = object.status;
  const paymentId = Number(object.metadata?.payment_id);
  return {
    id: object.id,
    status,
    amount: valueToKopecks(object.amount.value),
    confirmationUrl: status === 'pending' ? (object.confirmation?.confirmation_url ?? null) : null,
    paymentId: Number.isSafeInteger(paymentId) && paymentId > 0 ? paymentId : null,
  };
}
