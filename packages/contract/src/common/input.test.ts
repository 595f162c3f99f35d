import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../index';
import { JSON_MAX_DEPTH, inputMessages, isStorableText, isWellFormedText, text } from './input';

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Every zod schema the contract exports, by its export name. */
const schemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, Schema] => isSchema(entry[1]),
);

/** The schemas a schema is made of, one level down, and whether stepping into them nests a JSON level. */
function children(schema: Schema): Array<{ schema: Schema; nests: boolean }> {
  const def = schema._zod.def as Def;
  const inner = (...keys: string[]) =>
    keys
      .map((k) => def[k])
      .filter(isSchema)
      .map((s) => ({ schema: s, nests: false }));
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, Schema>).map((s) => ({ schema: s, nests: true }));
    case 'array':
      return [{ schema: def.element as Schema, nests: true }];
    case 'record':
      return [
        { schema: def.keyType as Schema, nests: false },
        { schema: def.valueType as Schema, nests: true },
      ];
    case 'tuple':
      return [...(def.items as Schema[]), ...(isSchema(def.rest) ? [def.rest] : [])].map((s) => ({
        schema: s,
        nests: true,
      }));
    case 'union':
      return (def.options as Schema[]).map((s) => ({ schema: s, nests: false }));
    case 'intersection':
      return inner('left', 'right');
    case 'pipe':
      return inner('in', 'out');
    case 'lazy':
      return [{ schema: (def.getter as () => Schema)(), nests: false }];
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional…
      return inner('innerType');
  }
}

/** Every string schema inside a schema (through objects, arrays, unions, pipes, optionals…). */
function stringsIn(schema: Schema, found = new Set<Schema>()): Set<Schema> {
  if (found.has(schema)) return found;
  if ((schema._zod.def as Def).type === 'string') found.add(schema);
  for (const child of children(schema)) stringsIn(child.schema, found);
  return found;
}

/** How deep objects and arrays nest in what the schema accepts (a top-level object is 1). */
function depthOf(schema: Schema, seen = new Set<Schema>()): number {
  if (seen.has(schema)) return Infinity;
  seen.add(schema);
  const type = (schema._zod.def as Def).type;
  const own = ['object', 'array', 'record', 'tuple'].includes(type) ? 1 : 0;
  let deepest = own;
  for (const child of children(schema)) {
    const below = depthOf(child.schema, seen);
    deepest = Math.max(deepest, (child.nests ? own : 0) + below);
  }
  seen.delete(schema);
  return deepest;
}

describe('every schema the contract exports', () => {
  it('is found by the walk', () => {
    expect(schemas.length).toBeGreaterThan(150);
  });

  it('nests well within JSON_MAX_DEPTH, so no real request meets the body parser’s limit', () => {
    const depths = schemas.map(([name, schema]) => [name, depthOf(schema)] as const);
    const deepest = Math.max(...depths.map(([, d]) => d));
    // The deepest (chat pages, rework threads) nest 6 levels; the limit leaves room eight times over.
    expect(deepest).toBeLessThanOrEqual(JSON_MAX_DEPTH / 8);
  });
});

/** A lone high or low surrogate, alone or inside text. */
const loneSurrogate = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
    fc.string({ maxLength: 10 }),
  )
  // A high surrogate right before a low one is a pair, not a lone one.
  .filter(([before, lone, after]) => {
    const c = lone.charCodeAt(0);
    return c >= 0xdc00 ? !/[\uD800-\uDBFF]$/.test(before) : !/^[\uDC00-\uDFFF]/.test(after);
  })
  .map(([before, lone, after]) => before + lone + after);

/** Every string field of every exported schema refuses each value, with the one message. */
function expectRefusedEverywhere(samples: string[]): void {
  const fields = schemas.flatMap(([name, schema]) => [...stringsIn(schema)].map((s) => [name, s] as const));
  expect(fields.length).toBeGreaterThan(200);
  for (const [name, field] of fields) {
    for (const value of samples) {
      const result = (field as z.ZodType).safeParse(value);
      expect(result.success, `${name}: ${JSON.stringify(value)}`).toBe(false);
      // A format of zod's own (e-mail, ISO date) refuses it with its own message.
      if ((field._zod.def as Def).format === undefined) {
        expect(
          result.error?.issues.map((i) => i.message),
          name,
        ).toEqual([inputMessages.illFormed]);
      }
    }
  }
}

describe('text that is not text: a lone UTF-16 surrogate', () => {
  it('is refused by every string field of every schema the contract exports, with the one message', () => {
    // High and low, alone, inside text, a pair reversed, a pair cut in half.
    expectRefusedEverywhere([
      '\uD800',
      '\uDFFF',
      'Тема \uDBFF работы',
      '\uDC00\uD800',
      'Ответ 😀'.slice(0, -1),
    ]);
  });

  it('is refused with NUL too, which PostgreSQL cannot store, by every string field', () => {
    expectRefusedEverywhere(['\0', 'Тема\0работы']);
    expect(isStorableText('Курсовая\tработа\n')).toBe(true);
  });

  it('is told from well-formed text exactly as String.prototype.isWellFormed tells it', () => {
    // Node has the method; the web build's browsers need not (common/input.ts).
    const isWellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }), loneSurrogate),
        (value) => {
          expect(isWellFormedText(value)).toBe(isWellFormed(value));
        },
      ),
    );
    expect(isWellFormedText('Курсовая 😀 работа')).toBe(true);
  }, 30_000);

  it('names the field in a request: the title page', () => {
    const result = contract.TitlePageRequestSchema.safeParse({
      university: 'МГУ \uD800',
      work_type: 'Курсовая работа',
      topic: 'Тема',
      student_name: 'Иванов Иван',
      city: 'Москва',
      year: 2026,
      format: 'pdf',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['university'], message: inputMessages.illFormed }),
    ]);
  });

  it('still lets text() take the checks of z.string()', () => {
    const field = text().trim().min(2, 'Коротко');
    expect(field.parse('  ок  ')).toBe('ок');
    expect(field.safeParse(' я ').error?.issues[0]?.message).toBe('Коротко');
  });
});
