/**
 * The one rule for a Russian phone number, used by the phone field as it is typed or pasted and by
 * the server before it stores one. People write the same number many ways: «8 916 123-45-67» (the
 * trunk prefix 8), «+7 916…», «7916…», «9161234567». All of them are +7 (916) 123-45-67.
 */

/** How a whole number is shown and stored. */
export const PHONE_FORMAT_EXAMPLE = '+7 (916) 123-45-67';

/** Characters people put between the digits of a phone number. */
const SEPARATORS = /^[\d\s()+\-.]*$/;

/**
 * What follows +7 in what was typed or pasted, up to the ten digits a number has: a leading +7,
 * or a leading 7 or 8 before more digits, is the country or trunk prefix, not part of the number.
 * Partial input gives partial digits (the field formats them as they come).
 */
export function phoneNationalDigits(input: string): string {
  const text = input.trim();
  const digits = text.replace(/\D/g, '');
  if (/^\+\s*7/.test(text)) return digits.slice(1, 11);
  // Ten digits are a whole number already; eleven starting with 7 or 8 carry the prefix.
  if ((digits[0] === '8' || digits[0] === '7') && digits.length !== 10) return digits.slice(1, 11);
  return digits.slice(0, 10);
}

/** «+7 (916) 123-45-67» for ten digits; fewer digits give the beginning of that shape. */
export function formatPhone(national: string): string {
  const d = national.replace(/\D/g, '').slice(0, 10);
  if (!d) return '';
  let out = `+7 (${d.slice(0, 3)}`;
  if (d.length > 3) out += `) ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

/**
 * The stored form of a whole Russian number, or null when the input is not one: too few or too
 * many digits, letters, or another country's code.
 */
export function canonicalPhone(input: string): string | null {
  const text = input.trim();
  if (!SEPARATORS.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+'))
    return /^\+\s*7/.test(text) && digits.length === 11 ? formatPhone(digits.slice(1)) : null;
  if (digits.length === 11 && (digits[0] === '8' || digits[0] === '7')) return formatPhone(digits.slice(1));
  if (digits.length === 10) return formatPhone(digits);
  return null;
}
