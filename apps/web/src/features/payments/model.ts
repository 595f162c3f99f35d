import { z } from '@cabinet/contract';

/** Spec §3/§9: verification purposes; withdrawal checks `repayment`. */
export type VerificationPurpose = 'repayment' | 'bonus';

const VERIFICATION_STATES = ['verified', 'requested', 'unverified'] as const;

/** Spec §3: a verification status has a success value and a verified flag (the full shape comes with payments). */
export const VerificationStatusSchema = z.looseObject({
  success: z.boolean().optional(),
  verified: z.boolean().optional(),
  status: z.enum(VERIFICATION_STATES).optional(),
});
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

export { isVerificationPassed } from './verification-passed';
