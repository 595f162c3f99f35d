import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../index';
import { JSON_MAX_DEPTH } from './input';

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Every zod schema the contract exports, by its export name. */
const schemas = Object.entries(contract).filter((entry): entry is [string, Schema] => isSchema(entry[1]));

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
