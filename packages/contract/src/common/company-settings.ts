import type { Company } from './company';

// Kept apart from CompanySchema: the footer of a visitor's first screen reads these, and a module
// that imports zod would bring zod (and its locale set-up) into /login's first download.

/** Not in spec §7: the operator's legal details, public, for the documents and the page footers. */
export const companyApi = '/client/api/main/company/' as const;

/** The setting behind each field, for the development placeholders. */
export const COMPANY_SETTINGS = {
  name: 'COMPANY_NAME',
  inn: 'COMPANY_INN',
  ogrn: 'COMPANY_OGRN',
  address: 'COMPANY_ADDRESS',
  email: 'COMPANY_EMAIL',
} as const satisfies Record<keyof Company, string>;
