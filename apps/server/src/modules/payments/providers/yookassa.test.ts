import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitKey, kopecksToValue, valueToKopecks } from './yookassa';

describe('kopecks as YooKassa amounts', () => {
  it('writes kopecks as a decimal string with two places', () => {
    expect(kopecksToValue(123450)).toBe('1234.50');
    expect(kopecksToValue(0)).toBe('0.00');
    expect(kopecksToValue(1)).toBe('0.01');
    expect(kopecksToValue(10)).toBe('0.10');
    expect(kopecksToValue(100)).toBe('1.00');
    expect(kopecksToValue(50_000_000)).toBe('500000.00');
    // 0.1 + 0.2 would be 0.30000000000000004 in floats; kopecks never pass through one.
    expect(kopecksToValue(30)).toBe('0.30');
    expect(kopecksToValue(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses what is not a whole non-negative number of kopecks', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => kopecksToValue(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('reads the API’s amounts back into kopecks', () => {
    expect(valueToKopecks('1234.50')).toBe(123450);
    expect(valueToKopecks('1234.5')).toBe(123450);
    expect(valueToKopecks('1234')).toBe(123400);
    expect(valueToKopecks('0.01')).toBe(1);
    expect(valueToKopecks('0.10')).toBe(10);
    expect(valueToKopecks('007.07')).toBe(707);
  });

  it('refuses anything but a plain decimal with at most two places', () => {
    for (const bad of [
      '',
      '.5',
      '1.',
      '1.234',
      '99999999999999.99',
      '123456789012345',
      '-1.00',
      '1e3',
      ' 1.00',
      '1,00',
      '0x10',
      '1.0O',
      'NaN',
    ]) {
      expect(() => valueToKopecks(bad), bad).toThrow(RangeError);
    }
  });

  it('goes there and back exactly for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (k) => {
        const value = kopecksToValue(k);
        expect(value).toMatch(/^\d+\.\d{2}$/);
        expect(valueToKopecks(value)).toBe(k);
      }),
    );
  });
});

describe('idempotence keys', () => {
  it('pass as they are up to YooKassa’s 64 characters, and longer ones as the same 64-digit hash each time', () => {
    expect(fitKey('pay-12')).toBe('pay-12');
    const k64 = 'k'.repeat(64);
    expect(fitKey(k64)).toBe(k64);
    const long = `refund-storno-${'9'.repeat(80)}`;
    expect(fitKey(long)).toMatch(/^[0-9a-f]{64}$/);
    expect(fitKey(long)).toBe(fitKey(long));
    expect(fitKey(`${long}0`)).not.toBe(fitKey(long));
  });
});
