import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers of any country, for the profile and the callback request (spec §3: a leading + is
 * added when missing), through libphonenumber-js and its smallest metadata (each country's codes,
 * lengths and formats). Russian habits are kept: «8 916…» (the trunk prefix 8), «7916…» and ten
 * digits («916…») are +7 numbers; any other number without a + is read as if it had one
 * («375 29…» is +375 29…). Stored as E.164 (+375291234567).
 */

/** Characters people put between the digits of a phone number; a + only in front. */
const SEPARATORS = /^\+?[\d\s()\-.]*$/;

/** The number as E.164 (`+375291234567`), or null when the input is no valid number of any country. */
export function canonicalIntlPhone(input: string): string | null {
  const text = input.trim();
  if (!text || !SEPARATORS.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  let international: string;
  if (text.startsWith('+')) international = `+${digits}`;
  else if (digits.length === 11 && (digits[0] === '8' || digits[0] === '7'))
    international = `+7${digits.slice(1)}`;
  else if (digits.length === 10) international = `+7${digits}`;
  else international = `+${digits}`;
  const number = parsePhoneNumberFromString(international);
  return number?.isValid() ? number.number : null;
}

/**
 * A stored number as people read it: a Russian one as «+7 (916) 123-45-67» (as the rest of the
 * cabinet writes it), any other in its country's international format («+375 29 123-45-67»,
 * «+49 30 123456»). What is not a valid number is given back as it is.
 */
export function displayIntlPhone(value: string): string {
  const number = parsePhoneNumberFromString(value.trim());
  if (!number?.isValid()) return value;
  if (number.country === 'RU') return `+7 ${number.formatNational().replace(/^8\s*/, '')}`;
  return number.formatInternational();
}

/**
 * What the field shows while a number is typed: a number with + in its international shape as far
 * as it goes, one without + in the Russian way («8 (916) 123-45-67»); the + is put in front once
 * the field is left (displayIntlPhone of canonicalIntlPhone).
 */
export function formatIntlPhoneAsTyped(input: string): string {
  const text = input.replace(/[^\d+\s()\-.]/g, '');
  if (!text.trim()) return '';
  return text.trim().startsWith('+') ? new AsYouType().input(text) : new AsYouType('RU').input(text);
}
