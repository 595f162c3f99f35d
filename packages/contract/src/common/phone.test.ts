import { describe, expect, it } from 'vitest';
import { RegistrationRequestSchema } from '../auth/schemas';
import { canonicalPhone, formatPhone, phoneNationalDigits } from './phone';

const WHOLE = '+7 (916) 123-45-67';

describe('canonicalPhone', () => {
  it.each([
    ['89161234567', WHOLE],
    ['8 916 123-45-67', WHOLE],
    ['8 (916) 123-45-67', WHOLE],
    ['+7 916 123-45-67', WHOLE],
    ['+79161234567', WHOLE],
    ['+7 (916) 123-45-67', WHOLE],
    ['79161234567', WHOLE],
    ['7 916 123 45 67', WHOLE],
    ['9161234567', WHOLE],
    ['  916.123.45.67 ', WHOLE],
    ['8 800 555-35-35', '+7 (800) 555-35-35'],
    ['8 (812) 123-45-67', '+7 (812) 123-45-67'],
    ['+7 701 123 45 67', '+7 (701) 123-45-67'],
  ])('%j → %j', (input, expected) => {
    expect(canonicalPhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['916123456', 'nine digits'],
    ['+7 (916) 12', 'an unfinished number'],
    ['891612345678', 'twelve digits'],
    ['99161234567', 'eleven digits without a 7 or 8 prefix'],
    ['+380 44 123 4567', "another country's code"],
    ['+8 916 123-45-67', '+8 is no country code'],
    ['8916123456a', 'a letter'],
  ])('%j is refused (%s)', (input) => {
    expect(canonicalPhone(input)).toBeNull();
  });
});

describe('phoneNationalDigits', () => {
  it.each([
    ['8', ''],
    ['7', ''],
    ['+7', ''],
    ['9', '9'],
    ['89', '9'],
    ['8916', '916'],
    ['89161234567', '9161234567'],
    ['8 916 123 45 67', '9161234567'],
    ['+7 916 123-45-67', '9161234567'],
    ['7916123', '916123'],
    ['9161234567', '9161234567'],
    ['8121234567', '8121234567'],
  ])('%j → %j', (input, expected) => {
    expect(phoneNationalDigits(input)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['9', '+7 (9'],
    ['916', '+7 (916'],
    ['9161', '+7 (916) 1'],
    ['9161234', '+7 (916) 123-4'],
    ['916123456', '+7 (916) 123-45-6'],
    ['9161234567', WHOLE],
    ['91612345678', WHOLE],
  ])('%j → %j', (digits, expected) => {
    expect(formatPhone(digits)).toBe(expected);
  });
});

describe('the registration request', () => {
  const base = { email: 'anna@example.com', agree: true as const };

  it('stores any usual spelling of a number in one form', () => {
    for (const phone of ['89161234567', '+7 916 123 45 67', '7916 1234567'])
      expect(RegistrationRequestSchema.parse({ ...base, phone }).phone).toBe(WHOLE);
  });

  it('refuses a number that is not whole, with the Russian message', () => {
    const result = RegistrationRequestSchema.safeParse({ ...base, phone: '+7 (916) 12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'Введите телефон в формате +7 999 123-45-67',
    );
  });

  it('still takes an empty phone as none', () => {
    expect(RegistrationRequestSchema.parse({ ...base, phone: '' }).phone).toBe('');
  });
});
