import type { PaymentPurpose } from '@cabinet/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Cache keys of what paying reads and changes. Kept apart from api.ts (its schemas need zod) so that
 * /payment, which a visitor may open too, refreshes the cache without downloading them.
 */
export const payKeys = {
  all: ['payments'] as const,
  methods: (purpose: PaymentPurpose, amount: number | null) =>
    [...payKeys.all, 'methods', purpose, amount ?? 'any'] as const,
  waiting: (page: number) => [...payKeys.all, 'waiting', page] as const,
  packet: (id: string | number) => [...payKeys.all, 'packet', String(id)] as const,
  /** The header's entry (features/profile/api.ts). */
  finances: ['profile', 'finances'] as const,
  /** `orderKeys.all` of shared/api/get-order.ts (that module parses orders with zod): every order and list. */
  orders: ['orders'] as const,
};

/** After money moved: the header's money and bonus, the orders (their status) and the payment lists. */
export function refreshAfterPayment(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: payKeys.finances }),
    client.invalidateQueries({ queryKey: payKeys.orders }),
    client.invalidateQueries({ queryKey: payKeys.all }),
  ]).then(() => undefined);
}
