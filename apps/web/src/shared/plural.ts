// Apart from format.ts: the visitor screens' messages need only this, not the money and date
// formatters that format.ts makes when it loads (the /login first download).
const pluralRules = new Intl.PluralRules('ru');

/** Word forms for 1, 2–4 and 5+ (e.g. ['бонус', 'бонуса', 'бонусов']). */
export type PluralForms = readonly [one: string, few: string, many: string];

/** Picks the Russian word form for `count` («1 бонус», «3 бонуса», «5 бонусов», «1,5 бонуса»). */
export function plural(count: number, [one, few, many]: PluralForms): string {
  switch (pluralRules.select(count)) {
    case 'one':
      return one;
    case 'few':
      return few;
    case 'many':
      return many;
    // Fractions fall into «other» and take the genitive singular, like «few».
    default:
      return few;
  }
}
