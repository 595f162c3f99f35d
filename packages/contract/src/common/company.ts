import { z } from './zod';

/**
 * Who runs the service, from the server's COMPANY_* settings. Production refuses to start
 * without name, ИНН, ОГРН and address; in development an unset one is null (the web app shows a
 * placeholder naming the setting). The e-mail is optional everywhere.
 */
export const CompanySchema = z.object({
  name: z.string().nullable(),
  inn: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  /**
   * The support phone (SUPPORT_PHONE) as it is shown, e.g. «+7 495 123-45-67»; null while none is
   * configured: spec §9's `{phone}` placeholder, or nothing, never reaches a customer.
   */
  support_phone: z.string().nullable(),
});
export type Company = z.infer<typeof CompanySchema>;
