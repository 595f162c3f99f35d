import { JSON_MAX_DEPTH, inputMessages } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether a JSON text nests objects and arrays deeper than `limit` (the top-level value is level
 * 1). One pass over the characters, no recursion, brackets inside strings skipped; a text that is
 * not JSON at all is left for the parser to refuse.
 */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies of every route: Fastify's own parser (secure-json-parse, prototype poisoning
 * refused), behind a depth limit (JSON_MAX_DEPTH) that Fastify and secure-json-parse do not have.
 * Without it a body of a few kilobytes nesting thousands of levels parsed fine and then overflowed
 * the stack of whatever walked it recursively (the session store's JSON.stringify answered 500).
 */
export default fp(
  async function jsonBodyPlugin(app: FastifyInstance) {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      function parseJson(request, body, done) {
        // parseAs 'string': Fastify hands the body over as text.
        const text = body as string;
        if (jsonDeeperThan(text, JSON_MAX_DEPTH)) {
          done(new HttpError(400, inputMessages.tooDeep), undefined);
          return;
        }
        parse(request, text, done);
      },
    );
  },
  { name: 'json-body' },
);
