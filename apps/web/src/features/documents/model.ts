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
