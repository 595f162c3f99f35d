import { randomUUID } from 'node:crypto';
import { paymentsApi } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../../db/index';
import type { DB } from '../../../db/types';
import {
  completeTestBankPayment,
  findTestBankPayment,
  findTestBankPaymentByKey,
  insertTestBankPayment,
  refundTestBankPayment,
} from '../repo-test-bank';
import type { CreatePaymentInput, PaymentProvider, PayoutInput, ProviderPayment, RefundInput } from './types';

/**
 * The `test` provider (the default): a bank of our own. Its payments live in `test_bank_payments`;
 * the customer confirms on its page at `/test-bank/pay/{id}/` (routes-test-bank.ts), which settles
 * through the same path a real provider's notification takes. Refunds and payouts succeed at once.
 * Idempotent as a real provider is: the same idempotence key answers the first payment.
 */
export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly publicUrl: string,
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const existing = await findTestBankPaymentByKey(this.db, input.idempotenceKey);
    if (existing) return this.toPayment(existing);
    const row = {
      id: `tb_${randomUUID()}`,
      payment_id: input.paymentId,
      amount: input.amount,
      description: input.description,
      method: input.method,
      return_url: input.returnUrl,
      idempotence_key: input.idempotenceKey,
      status: 'pending' as const,
      created_at: nowIso(),
    };
    await insertTestBankPayment(this.db, row);
    return this.toPayment(row);
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const row = await findTestBankPayment(this.db, providerPaymentId);
    if (!row) throw new Error(`test bank: no payment ${providerPaymentId}`);
    return this.toPayment(row);
  }

  /** The bank page's answer: a pending payment becomes succeeded or canceled (once). */
  async complete(providerPaymentId: string, outcome: 'succeeded' | 'canceled'): Promise<ProviderPayment> {
    await completeTestBankPayment(this.db, providerPaymentId, outcome);
    return this.getPayment(providerPaymentId);
  }

  async refund(input: RefundInput): Promise<{ id: string; status: 'succeeded' }> {
    if (!(await refundTestBankPayment(this.db, input.providerPaymentId, input.amount))) {
      throw new Error(`test bank: cannot refund ${input.amount} of ${input.providerPaymentId}`);
    }
    return { id: `tr_${randomUUID()}`, status: 'succeeded' };
  }

  async payout(_input: PayoutInput): Promise<{ id: string; status: 'succeeded' }> {
    return { id: `tp_${randomUUID()}`, status: 'succeeded' };
  }

  private toPayment(row: {
    id: string;
    payment_id: number;
    amount: number;
    status: 'pending' | 'succeeded' | 'canceled';
  }): ProviderPayment {
    return {
      id: row.id,
      status: row.status,
      amount: row.amount,
      confirmationUrl:
        row.status === 'pending' ? new URL(paymentsApi.testBank(row.id), this.publicUrl).href : null,
      paymentId: row.payment_id,
    };
  }
}
