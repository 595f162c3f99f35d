import { COMPANY_SETTINGS, companyApi, supportPhoneLink, type Company } from '@cabinet/contract';
import { useEffect, useSyncExternalStore } from 'react';

interface CompanyState {
  data?: Company;
  error?: true;
}

const FIELDS = Object.keys(COMPANY_SETTINGS) as (keyof typeof COMPANY_SETTINGS)[];

/** The answer when it has the contract's shape (checked by hand: zod stays off the first screen). */
function parseCompany(body: unknown): Company | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  // A server from before the flag was served says nothing of test payments.
  const testPayments = record.test_payments ?? false;
  if (typeof testPayments !== 'boolean') return null;
  const company = { test_payments: testPayments } as Company;
  for (const key of FIELDS) {
    // A server from before the support phone was served names none.
    const value = key === 'support_phone' ? (record[key] ?? null) : record[key];
    if (value !== null && typeof value !== 'string') return null;
    company[key] = value;
  }
  return company;
}

/**
 * The operator's details, fetched once per page load (they change only with a server restart).
 * A plain fetch outside react-query and the API client: the footer of a visitor's first screen
 * shows them, and a failure there must neither redirect (429) nor raise a notice.
 */
const store = {
  state: {} as CompanyState,
  loading: false,
  listeners: new Set<() => void>(),
  set(state: CompanyState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  },
  load() {
    if (this.loading || this.state.data) return;
    this.loading = true;
    fetch(companyApi, { headers: { accept: 'application/json' } })
      .then(async (res) => (res.ok ? parseCompany(await res.json()) : null))
      .catch(() => null)
      .then((data) => this.set(data ? { data } : { error: true }))
      .finally(() => (this.loading = false));
  },
};

const subscribe = (listener: () => void) => {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
};
const pending: CompanyState = {};

export function useCompany(): { data?: Company; isPending: boolean; isError: boolean } {
  const state = useSyncExternalStore(
    subscribe,
    () => store.state,
    () => pending,
  );
  useEffect(() => store.load(), []);
  return { data: state.data, isPending: !state.data && !state.error, isError: !!state.error };
}

/**
 * The support phone from the server's configuration (SUPPORT_PHONE) and its `tel:` address; null
 * while it loads, when it failed to, and when none is configured (spec §9's `{phone}` placeholder
 * is never shown). A prerendered page has none either, so no build bakes a number in.
 */
export function useSupportPhone(): { label: string; href: string } | null {
  return supportPhoneLink(useCompany().data?.support_phone);
}

/**
 * Whether the server's payments go through its built-in test bank (PAYMENTS_PROVIDER=test): the
 * money screens then say that no money moves. False while the answer loads or when it failed.
 */
export function useTestPayments(): boolean {
  return useCompany().data?.test_payments === true;
}

/** Tests start each case with nothing loaded. */
export function resetCompanyForTests(): void {
  store.state = {};
  store.loading = false;
}
