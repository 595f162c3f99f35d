import { randomUUID } from 'node:crypto';
import { paymentsApi } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../../db/index';
import type { DB } from '../../../db/types';
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
    const existing = await this.db
      .selectFrom('test_bank_payments')
      .selectAll()
      .where('idempotence_key', '=', input.idempotenceKey)
      .executeTakeFirst();
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
    await this.db.insertInto('test_bank_payments').values(row).execute();
    return this.toPayment(row);
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const row = await this.db
      .selectFrom('test_bank_payments')
      .selectAll()
      .where('id', '=', providerPaymentId)
      .executeTakeFirst();
    if (!row) throw new Error(`test bank: no payment ${providerPaymentId}`);
    return this.toPayment(row);
  }

  /** The bank page's answer: a pending payment becomes succeeded or canceled (once). */
  async complete(providerPaymentId: string, outcome: 'succeeded' | 'canceled'): Promise<ProviderPayment> {
    await this.db
      .updateTable('test_bank_payments')
      .set({ status: outcome })
      .where('id', '=', providerPaymentId)
      .where('status', '=', 'pending')
      .execute();
    return this.getPayment(providerPaymentId);
  }

  async refund(input: RefundInput): Promise<{ id: string; status: 'succeeded' }> {
    const result = await this.db
      .updateTable('test_bank_payments')
      .set((eb) => ({ refunded: eb('refunded', '+', input.amount) }))
      .where('id', '=', input.providerPaymentId)
      .where('status', '=', 'succeeded')
      .where((eb) => eb(eb('refunded', '+', input.amount), '<=', eb.ref('amount')))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
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
