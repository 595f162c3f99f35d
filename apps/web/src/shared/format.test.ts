import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatKopecks, formatMoney, plural } from './format';

// Intl separates thousands and the currency sign with no-break spaces; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('writes kopecks only when there are some, a space between thousands and the ₽ sign', () => {
    expect(plain(formatMoney(1234.5))).toBe('1 234,50 ₽');
    expect(plain(formatMoney(562.05))).toBe('562,05 ₽');
    expect(plain(formatMoney(5063))).toBe('5 063 ₽');
    expect(plain(formatMoney(0))).toBe('0 ₽');
    expect(plain(formatMoney(1_250_000))).toBe('1 250 000 ₽');
  });
});

describe('formatKopecks', () => {
  it('writes integer kopecks as roubles, kopecks only when there are some', () => {
    expect(plain(formatKopecks(123_450))).toBe('1 234,50 ₽');
    expect(plain(formatKopecks(500_000))).toBe('5 000 ₽');
    expect(plain(formatKopecks(1))).toBe('0,01 ₽');
    expect(plain(formatKopecks(29))).toBe('0,29 ₽');
    expect(plain(formatKopecks(0))).toBe('0 ₽');
    expect(plain(formatKopecks(50_000_000))).toBe('500 000 ₽');
  });
});

describe('formatDate', () => {
  it('writes «22 ноября 2026» without the year suffix', () => {
    expect(formatDate(new Date(2026, 10, 22))).toBe('22 ноября 2026');
    expect(formatDate('2026-03-01T12:00:00')).toBe('1 марта 2026');
  });
});

describe('plural', () => {
  const forms = ['бонус', 'бонуса', 'бонусов'] as const;

  it.each([
    [1, 'бонус'],
    [21, 'бонус'],
    [2, 'бонуса'],
    [4, 'бонуса'],
    [5, 'бонусов'],
    [11, 'бонусов'],
    [12, 'бонусов'],
    [0, 'бонусов'],
    [1.5, 'бонуса'],
  ])('%d → %s', (n, word) => {
    expect(plural(n, forms)).toBe(word);
  });

  it('formats the count with the word', () => {
    expect(plain(formatCount(1500, forms))).toBe('1 500 бонусов');
  });
});
