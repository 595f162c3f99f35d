/** What every request's input must be, whatever its route. */

export const inputMessages = {
  tooDeep: 'Слишком глубокая вложенность данных в запросе',
} as const;

/**
 * How deep objects and arrays may nest in a JSON body (the top-level value is level 1). No
 * schema of the contract nests more than 6 (common/input.test.ts measures them all), the UI
 * session store's values 2; a body past this is refused before it is parsed, so that nothing
 * downstream (the validator, JSON.stringify, a log line) recurses through thousands of levels.
 */
export const JSON_MAX_DEPTH = 64;
