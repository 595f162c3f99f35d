import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './search-text';

describe('normalizeSearchText', () => {
  it('folds case and ё, and turns punctuation into single spaces', () => {
    expect(normalizeSearchText('МГТУ им. Н. Э. Баумана')).toBe('мгту им н э баумана');
    expect(normalizeSearchText('  Королёв ')).toBe('королев');
    expect(normalizeSearchText('ЁЛКА')).toBe('елка');
    expect(normalizeSearchText('НИУ «БелГУ»')).toBe('ниу белгу');
    expect(normalizeSearchText('Ростов-на-Дону')).toBe('ростов-на-дону');
  });

  it('never leaves LIKE wildcards or the field separator, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = normalizeSearchText(s);
        expect(n).not.toMatch(/[%_\\|ё]|\s\s|^\s|\s$/);
        expect(normalizeSearchText(n)).toBe(n);
      }),
    );
  });
});
