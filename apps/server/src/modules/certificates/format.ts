const roubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** «1 000 ₽» (values are whole roubles). Apart from repo.ts so that the PDF's thread loads no database code. */
export function formatValue(kopecks: number): string {
  return `${roubles.format(kopecks / 100)}\u00a0₽`;
}
