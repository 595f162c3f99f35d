/**
 * Plagiarism-check systems a customer's university may use. Stricter systems (those that see
 * paid databases and paraphrase) need more rewriting to reach the same score, so they cost more.
 */
export interface VerificationSystemSeed {
  slug: string;
  title: string;
  price_factor_percent: number;
}

export const verificationSystems: VerificationSystemSeed[] = [
  { slug: 'antiplagiat-vuz', title: 'Антиплагиат.ВУЗ', price_factor_percent: 120 },
  { slug: 'antiplagiat-ru', title: 'Антиплагиат.ру', price_factor_percent: 100 },
  { slug: 'antiplagiat-expert', title: 'Антиплагиат.Эксперт', price_factor_percent: 130 },
  { slug: 'rucontext', title: 'Руконтекст', price_factor_percent: 115 },
  { slug: 'etxt', title: 'eTXT Антиплагиат', price_factor_percent: 100 },
  { slug: 'advego', title: 'Advego Plagiatus', price_factor_percent: 100 },
  { slug: 'text-ru', title: 'Text.ru', price_factor_percent: 100 },
  { slug: 'content-watch', title: 'Content-Watch', price_factor_percent: 100 },
];
