import type { PaymentPurpose, VerificationPurpose } from '@cabinet/contract';
import type { QueryClient } from '@tanstack/react-query';
import { orderKeys, paymentKeys, profileKeys } from '../../shared/api/keys';

/**
 * Cache keys of what paying reads and changes. Kept apart from api.ts (its schemas need zod) so that
 * /payment, which a visitor may open too, refreshes the cache without downloading them
 * (shared/api/keys.ts holds keys only, for the same reason).
 */
export const payKeys = {
  all: paymentKeys.all,
  methods: (purpose: PaymentPurpose, amount: number | null) =>
    [...payKeys.all, 'methods', purpose, amount ?? 'any'] as const,
  waiting: paymentKeys.waiting,
  /** The verification status, which the withdraw guard and the payouts screen share. */
  verification: (purpose: VerificationPurpose) => [...payKeys.all, 'verification-status', purpose] as const,
  packet: (id: string | number) => [...payKeys.all, 'packet', String(id)] as const,
  /** The header's money and bonus. */
  finances: profileKeys.finances,
  /** Every order and list. */
  orders: orderKeys.all,
};

/** After money moved: the header's money and bonus, the orders (their status) and the payment lists. */
export function refreshAfterPayment(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: payKeys.finances }),
    client.invalidateQueries({ queryKey: payKeys.orders }),
    client.invalidateQueries({ queryKey: payKeys.all }),
  ]).then(() => undefined);
}
