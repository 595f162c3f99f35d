/**
 * Storno allocation (spec §3/§9): a refund of `refundSum` kopecks goes back to the
 * payments it came from, newest first, each giving back at most what is left of it
 * (`amount − refunded`). Pure, so that its rules are proven by properties (storno.test.ts).
 */
export interface StornoSource {
  pay_id: number;
  amount: number;
  refunded: number;
}

export interface StornoRow {
  pay_id: number;
  /** Kopecks this payment gives back. */
  amount: number;
}

/**
 * The rows of a storno, newest first, summing exactly to `refundSum`; null when the payments
 * cannot give that much back (or the sum is not a positive whole number of kopecks).
 * `payments` must be newest first; a payment with nothing left is skipped.
 */
export function planStorno(payments: readonly StornoSource[], refundSum: number): StornoRow[] | null {
  if (!Number.isSafeInteger(refundSum) || refundSum <= 0) return null;
  const rows: StornoRow[] = [];
  let left = refundSum;
  for (const p of payments) {
    if (left === 0) break;
    const available = Math.max(0, p.amount - p.refunded);
    if (available === 0) continue;
    const take = Math.min(available, left);
    rows.push({ pay_id: p.pay_id, amount: take });
    left -= take;
  }
  return left === 0 ? rows : null;
}
