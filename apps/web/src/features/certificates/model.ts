import { z } from '@cabinet/contract';

/** Spec §3: a certificate has an id; its other fields come with the certificates issue. */
export const CertificateSchema = z.looseObject({ id: z.union([z.number(), z.string()]) });
export type Certificate = z.infer<typeof CertificateSchema>;
