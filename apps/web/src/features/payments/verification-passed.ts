import type { VerificationStatus } from '@cabinet/contract';

/** What the withdraw guard reads of a verification status (spec §3: a success value and a verified flag). */
export type VerificationCheck = Partial<Pick<VerificationStatus, 'success' | 'verified' | 'status'>>;

/**
 * Spec §4: withdrawal needs a successful check that says the account is verified. Kept apart from
 * the schemas in model.ts: the route guards (in the entry script) need only this, without zod.
 */
export function isVerificationPassed(status: VerificationCheck): boolean {
  return status.success === true && (status.verified === true || status.status === 'verified');
}
