import type { CertificateTab, OrderTab } from '@cabinet/contract';

// The cache keys of what more than one feature reads or refreshes, defined once. Keys only (types
// from the contract, no schemas): a screen that only refreshes an entry downloads no zod for it.

/**
 * Every cache key of orders, so that the screens that show an order (the route guard, the list's
 * trash and restore, the order form) read and write one entry per order and one family to refresh.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (tab: OrderTab, page: number) => [...orderKeys.lists(), tab, page] as const,
  detail: (id: string | number) => [...orderKeys.all, 'detail', String(id)] as const,
  greeting: (screen: 'success' | 'welcome', id: string) => [...orderKeys.all, screen, id] as const,
};

/** The customer's profile, and the money and bonus the header shows. */
export const profileKeys = {
  profile: ['profile'] as const,
  finances: ['profile', 'finances'] as const,
};

export const certificateKeys = {
  all: ['certificates'] as const,
  list: (tab: CertificateTab, pages: number) => [...certificateKeys.all, 'list', tab, pages] as const,
  detail: (id: string | number) => [...certificateKeys.all, 'detail', String(id)] as const,
};

/**
 * Payments: every query of paying and of money is under `all`, so that money moving reads them
 * again; the invoices waiting for payment under `waitingAll` (the pay screen's pages, and the
 * orders a certificate may pay).
 */
export const paymentKeys = {
  all: ['payments'] as const,
  waitingAll: () => [...paymentKeys.all, 'waiting'] as const,
  waiting: (page: number) => [...paymentKeys.waitingAll(), page] as const,
  waitingForCertificate: () => [...paymentKeys.waitingAll(), 'for-certificate'] as const,
};

export const referenceKeys = {
  universities: (q: string) => ['reference', 'universities', q] as const,
};
