import { plural, type PluralForms } from './plural';

export { plural, type PluralForms };

// Kopecks only when there are some: «5 063 ₽», «562,50 ₽». A browser without
// `trailingZeroDisplay` (before 2023) ignores it and writes «5 063,00 ₽», still correct.
const moneyFormat = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  trailingZeroDisplay: 'stripIfInteger',
});
const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** Roubles as «1 234 ₽», or «1 234,50 ₽» when there are kopecks. */
export function formatMoney(roubles: number): string {
  return moneyFormat.format(roubles);
}

/**
 * Kopecks (every amount of the API is an integer number of them) as roubles: 123450 → «1 234,50 ₽».
 * Dividing an integer by 100 gives the nearest double to the exact two-decimal value, which the
 * formatter's two fraction digits round back to it.
 */
export function formatKopecks(kopecks: number): string {
  return formatMoney(kopecks / 100);
}

/** A plain number the Russian way: «1 234,5». */
function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * «22 ноября 2026». Intl appends « г.» after the year; the design wants the bare date,
 * so the parts are joined without it.
 */
export function formatDate(date: Date | string | number): string {
  const d = date instanceof Date ? date : new Date(date);
  return dateFormat
    .formatToParts(d)
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.value)
    .join(' ');
}

/** «5 бонусов» with the number formatted the Russian way. */
export function formatCount(count: number, forms: PluralForms): string {
  return `${formatNumber(count)} ${plural(count, forms)}`;
}
