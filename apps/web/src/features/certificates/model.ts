import {
  CertificateCreateSchema,
  CertificateRedeemSchema,
  CertificateSchema,
  certificateMessages,
  z,
  type Certificate,
} from '@cabinet/contract';

/** Spec §3 "Certificate", as the contract defines it (the route guard parses with it). */
export { CertificateSchema };
export type { Certificate };

/** The buy form: whole roubles typed or picked; sent as kopecks. */
export const buyFormSchema = z.object({
  value: z
    .string()
    .trim()
    .min(1, certificateMessages.valueRequired)
    .regex(/^\d+$/, certificateMessages.valueWhole)
    .transform((roubles) => Number(roubles) * 100)
    .pipe(CertificateCreateSchema.shape.value),
});
export type BuyFormValues = z.input<typeof buyFormSchema>;
export type BuyFormOutput = z.output<typeof buyFormSchema>;

/** The redeem form: the code, and `balance` or an order's id. */
export const redeemFormSchema = z.object({
  code: CertificateRedeemSchema.shape.code,
  target: z.string(),
});
export type RedeemFormValues = z.input<typeof redeemFormSchema>;
export type RedeemFormOutput = z.output<typeof redeemFormSchema>;

/** The request of a filled redeem form. */
export function redeemBody(values: RedeemFormOutput): { code: string; order_id?: number } {
  const orderId = Number(values.target);
  return Number.isInteger(orderId) && orderId > 0
    ? { code: values.code, order_id: orderId }
    : { code: values.code };
}
