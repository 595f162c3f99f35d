import { z } from './zod';
import { text } from './input';

/**
 * Who runs the service, from the server's COMPANY_* settings, and the public facts of its set-up
 * the screens show (the support phone, whether payments are test ones). Production refuses to start
 * without name, ИНН, ОГРН and address; in development an unset one is null (the web app shows a
 * placeholder naming the setting). The e-mail is optional everywhere.
 */
export const CompanySchema = z.object({
  name: text().nullable(),
  inn: text().nullable(),
  ogrn: text().nullable(),
  address: text().nullable(),
  email: text().nullable(),
  /**
   * The support phone (SUPPORT_PHONE) as it is shown, e.g. «+7 495 123-45-67»; null while none is
   * configured: spec §9's `{phone}` placeholder, or nothing, never reaches a customer.
   */
  support_phone: text().nullable(),
  /**
   * Whether the built-in test bank takes the payments (PAYMENTS_PROVIDER=test; in production only
   * with ALLOW_TEST_PAYMENTS=true): no money moves, and the web app says so on every money screen.
   * Served here because every cabinet and visitor screen already loads this answer.
   */
  test_payments: z.boolean(),
});
export type Company = z.infer<typeof CompanySchema>;
