import { z } from './zod';

/** Not in spec §7: the operator's legal details, public, for the documents and the page footers. */
export const companyApi = '/client/api/main/company/' as const;

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
});
export type Company = z.infer<typeof CompanySchema>;

/** The setting behind each field, for the development placeholders. */
export const COMPANY_SETTINGS = {
  name: 'COMPANY_NAME',
  inn: 'COMPANY_INN',
  ogrn: 'COMPANY_OGRN',
  address: 'COMPANY_ADDRESS',
  email: 'COMPANY_EMAIL',
} as const satisfies Record<keyof Company, string>;
