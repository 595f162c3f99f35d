/**
 * A payment provider behind one interface, chosen by `PAYMENTS_PROVIDER`: `test` (a
 * bank-like page our server serves) or `yookassa` (its v3 API). Settling never trusts a
 * notification's body: the service re-fetches the payment with `getPayment` and acts on that.
 */
export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface CreatePaymentInput {
  /** Our payments.id; also the idempotence key's base. */
  paymentId: number;
  /** Kopecks. */
  amount: number;
  description: string;
  /** bank_card | sbp | yoo_money | yookassa_installments */
  method: string;
  /** Where the provider sends the browser back (`{PUBLIC_URL}/payment?status=…` through our return route). */
  returnUrl: string;
  /** 54-FZ receipt contact. */
  customer: { email: string; phone: string | null };
  idempotenceKey: string;
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  /** Kopecks. */
  amount: number;
  /** The page the customer confirms on (while pending). */
  confirmationUrl: string | null;
  /** Our payments.id, from the metadata we sent. */
  paymentId: number | null;
}

export interface RefundInput {
  providerPaymentId: string;
  amount: number;
  idempotenceKey: string;
  description: string;
}

export interface PayoutInput {
  payoutId: number;
  amount: number;
  cardNumber: string;
  description: string;
  idempotenceKey: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'yookassa';
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
  refund(input: RefundInput): Promise<{ id: string; status: 'pending' | 'succeeded' | 'canceled' }>;
  payout(input: PayoutInput): Promise<{ id: string; status: 'pending' | 'succeeded' | 'canceled' }>;
}

/** An SMS gateway; without one configured, SMS go to the `sms_outbox` table (the dev outbox). */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}
