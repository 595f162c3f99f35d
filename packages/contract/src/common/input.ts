import { z } from './zod';

/** What every request's input must be, whatever its route: text that is text, and a bounded depth. */

export const inputMessages = {
  illFormed: 'Текст содержит недопустимые символы',
  tooDeep: 'Слишком глубокая вложенность данных в запросе',
} as const;

/**
 * How deep objects and arrays may nest in a JSON body (the top-level value is level 1). No
 * schema of the contract nests more than 6 (common/input.test.ts measures them all), the UI
 * session store's values 2; a body past this is refused before it is parsed, so that nothing
 * downstream (the validator, JSON.stringify, a log line) recurses through thousands of levels.
 */
export const JSON_MAX_DEPTH = 64;

/**
 * A UTF-16 surrogate without its pair: JSON's `\uD800` escape makes one, and no UTF-8 text (a
 * database's, a document's, a file name) can hold it. A regex rather than String.isWellFormed:
 * the web build's es2022 browsers (Safari 15–16) lack the method.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * Text a database can hold: well-formed, and without U+0000, which PostgreSQL's `text` refuses
 * (an error, not a stored value) and no form of the product ever types.
 */
export function isStorableText(value: string): boolean {
  return isWellFormedText(value) && !value.includes('\0');
}

/**
 * The contract's one string builder: `z.string()` that first refuses ill-formed UTF-16 and NUL, and stops
 * there so that the field shows one message. Every string of every schema is built with it: lint
 * bans `z.string` elsewhere in the contract, and common/input.test.ts walks every exported schema.
 */
export function text(params?: string | z.core.$ZodStringParams) {
  return z.string(params).refine(isStorableText, { message: inputMessages.illFormed, abort: true });
}
