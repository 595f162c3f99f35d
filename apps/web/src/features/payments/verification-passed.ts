import type { VerificationStatus } from './model';

/**
 * Spec §4: withdrawal needs a successful check that says the account is verified. Kept apart from
 * the schemas in model.ts: the route guards (in the entry script) need only this, without zod.
 */
export function isVerificationPassed(status: VerificationStatus): boolean {
  return status.success === true && (status.verified === true || status.status === 'verified');
}
