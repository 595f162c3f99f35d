import { describe, expect, it } from 'vitest';
import { canonicalIntlPhone, displayIntlPhone, formatIntlPhoneAsTyped } from './phone-intl';

describe('canonicalIntlPhone', () => {
  it.each([
    // Russian habits.
    ['8 916 123-45-67', '+79161234567'],
    ['+7 (916) 123-45-67', '+79161234567'],
    ['79161234567', '+79161234567'],
    ['9161234567', '+79161234567'],
    // Other countries, with their + or without it (spec §3: it is added).
    ['+375 29 123-45-67', '+375291234567'],
    ['375291234567', '+375291234567'],
    ['+49 30 123456', '+4930123456'],
    ['+49 151 12345678', '+4915112345678'],
    ['+998 90 123-45-67', '+998901234567'],
    ['+7 701 234 5678', '+77012345678'],
    ['+1 (202) 555-0123', '+12025550123'],
  ])('%s → %s', (input, out) => expect(canonicalIntlPhone(input)).toBe(out));

  it.each([
    '',
    '12345',
    '+7 916 123',
    '+375 29 123',
    '+49 1',
    '+1234567890123456',
    'телефон',
    '8 (916) 123-45-67 доб. 5',
    '12+345678901',
    '++79161234567',
  ])('refuses %s', (input) => expect(canonicalIntlPhone(input)).toBeNull());
});

describe('displayIntlPhone', () => {
  it.each([
    ['+79161234567', '+7 (916) 123-45-67'],
    ['+375291234567', '+375 29 123 45 67'],
    ['+4930123456', '+49 30 123456'],
    ['+77012345678', '+7 701 234 5678'],
    ['не номер', 'не номер'],
  ])('%s → %s', (input, out) => expect(displayIntlPhone(input)).toBe(out));
});

describe('formatIntlPhoneAsTyped', () => {
  it.each([
    ['+375', '+375'],
    ['+37529', '+375 29'],
    ['+375291234567', '+375 29 123 45 67'],
    ['+4930123', '+49 30 123'],
    ['8916123', '8 (916) 123'],
    ['89161234567', '8 (916) 123-45-67'],
    ['+7916', '+7 916'],
    ['', ''],
    ['abc', ''],
  ])('%s → %s', (input, out) => expect(formatIntlPhoneAsTyped(input)).toBe(out));
});
