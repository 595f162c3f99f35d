import type { Company } from './company';

// Kept apart from CompanySchema: the footer of a visitor's first screen reads these, and a module
// that imports zod would bring zod (and its locale set-up) into /login's first download.

/** Not in spec §7: the operator's legal details, public, for the documents and the page footers. */
export const companyApi = '/client/api/main/company/' as const;

/** The setting behind each text field, for the development placeholders. */
export const COMPANY_SETTINGS = {
  name: 'COMPANY_NAME',
  inn: 'COMPANY_INN',
  ogrn: 'COMPANY_OGRN',
  address: 'COMPANY_ADDRESS',
  email: 'COMPANY_EMAIL',
  support_phone: 'SUPPORT_PHONE',
} as const satisfies Record<Exclude<keyof Company, 'test_payments'>, string>;

/** Spec §9: the data store keeps the support phone as this placeholder until one is configured. */
export const SUPPORT_PHONE_PLACEHOLDER = '{phone}';

/**
 * The support phone to show and its `tel:` address, or null when there is none to show: empty,
 * a placeholder (`{phone}`) or no digit at all.
 */
export function supportPhoneLink(value: string | null | undefined): { label: string; href: string } | null {
  const label = value?.trim() ?? '';
  if (!label || label.includes('{') || !/\d/.test(label)) return null;
  return { label, href: `tel:${label.replace(/[^+\d]/g, '')}` };
}
