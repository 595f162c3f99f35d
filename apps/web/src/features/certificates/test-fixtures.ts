import type { Certificate } from '@cabinet/contract';

/** An active 1 000 ₽ certificate bought on 20 November 2026, paid and valid for a year; `over` changes it. */
export function certificateOf(over: Partial<Certificate> = {}): Certificate {
  return {
    id: 5,
    value: 1_000_00,
    status: 'active',
    code: 'ABCD-EFGH-JKMN-PQRS',
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: '2026-11-20T10:05:00.000Z',
    expires_at: '2027-11-20T10:05:00.000Z',
    redeemed_at: null,
    ...over,
  };
}

/** The same, not paid yet: no code, no dates of payment and expiry. */
export const awaitingPayment = (over: Partial<Certificate> = {}): Certificate =>
  certificateOf({ status: 'awaiting_payment', code: null, paid_at: null, expires_at: null, ...over });
