import type { CreatePaymentInput, PaymentProvider, PayoutInput, ProviderPayment, RefundInput } from './types';

export interface YookassaOptions {
  shopId: string;
  secretKey: string;
  /** https://api.yookassa.ru/v3, or a local server in the tests. */
  apiUrl: string;
}

// Seam for issue 11: the YooKassa v3 adapter is written by its part of the work.
export class YookassaProvider implements PaymentProvider {
  readonly name = 'yookassa' as const;
  constructor(private readonly options: YookassaOptions) {}
  createPayment(_input: CreatePaymentInput): Promise<ProviderPayment> {
    return Promise.reject(new Error(`yookassa at ${this.options.apiUrl}: not written yet`));
  }
  getPayment(_id: string): Promise<ProviderPayment> {
    return Promise.reject(new Error('yookassa: not written yet'));
  }
  refund(_input: RefundInput): Promise<{ id: string; status: 'pending' | 'succeeded' | 'canceled' }> {
    return Promise.reject(new Error('yookassa: not written yet'));
  }
  payout(_input: PayoutInput): Promise<{ id: string; status: 'pending' | 'succeeded' | 'canceled' }> {
    return Promise.reject(new Error('yookassa: not written yet'));
  }
}
