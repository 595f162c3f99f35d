/**
 * The form in which university names are stored for search and in which a query is compared:
 * lower case, ё as е, quotes, dots, commas and brackets as spaces, single spaces. SQLite's
 * lower() knows only ASCII, so both sides are normalised here rather than in SQL. LIKE's
 * wildcards (% _ \) and the stored field separator (|) never survive, so a normalised query
 * goes into a LIKE pattern without escaping.
 */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[«»"“”„'’.,()|%_\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
