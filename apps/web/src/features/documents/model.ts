/** A clause is a paragraph, optionally followed by a bulleted list. */
export type Clause = string | { text: string; items: string[] };

export interface LegalSection {
  title: string;
  clauses: Clause[];
}

/** A public legal document; sections and clauses are numbered when rendered (1., 1.1., …). */
export interface LegalDocument {
  title: string;
  subtitle?: string;
  /** Date of the current edition, ISO `YYYY-MM-DD`. */
  edition: string;
  intro: string[];
  /** Heading of the operator's details (COMPANY_*), shown after the intro: «Сведения об Исполнителе». */
  operatorHeading: string;
  sections: LegalSection[];
}

/**
 * Where a clause names the support phone: « +7 495 123-45-67» once the server has told it (its
 * SUPPORT_PHONE), nothing while it is unknown or unset, so the sentence reads whole either way
 * («…по телефону поддержки и через чат…») and no build bakes a number in.
 */
export const PHONE_SLOT = '{phone}';

/** A clause's text with the support phone put in its slot (see PHONE_SLOT), or the slot dropped. */
export function withSupportPhone(text: string, phone: string | null): string {
  return text.replaceAll(PHONE_SLOT, phone ? ` ${phone}` : '');
}
