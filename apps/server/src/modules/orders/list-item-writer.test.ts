import { ORDER_STATUS_IDS } from '@cabinet/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListItemWriter, toListItem } from './mappers';
import type { ListRow, ReferenceTitles } from './repo';

// The list's pages are written by ListItemWriter; JSON.stringify of toListItem's item (what the
// order's own route and the contract's schema go by) is the reference. For any row the database
// could hold, both must give the same bytes.
const titles: ReferenceTitles = {
  workTypes: new Map([
    [1, 'Курсовая работа'],
    [2, 'Эссе "на 5" \\ \n\t'],
  ]),
  subjects: new Map([[3, 'Математика']]),
  universities: new Map([[4, 'МГУ им. М. В. Ломоносова']]),
  verificationSystems: new Map([[5, 'Антиплагиат.ВУЗ']]),
};

/** Any text: control characters, quotes, backslashes, Cyrillic, emoji, lone surrogates. */
const text = fc.string({ unit: 'binary', maxLength: 40 });
/** An id a reference list holds, one it does not, or none. */
const refId = fc.oneof(
  fc.constantFrom(1, 2, 3, 4, 5),
  fc.integer({ min: 6, max: 1_000_000 }),
  fc.constant(null),
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1e21, 1.5e-7, Number.MAX_SAFE_INTEGER, Infinity, NaN),
);
const links = fc.oneof(
  fc.constant('[]'),
  fc.array(text).map((a) => JSON.stringify(a)),
  fc.array(fc.jsonValue()).map((a) => JSON.stringify(a)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  text,
);

const row: fc.Arbitrary<ListRow> = fc.record({
  id: fc.integer({ min: 1 }),
  status_id: fc.constantFrom(...ORDER_STATUS_IDS),
  is_trash: fc.constantFrom(0, 1),
  work_type_id: refId,
  subject_id: refId,
  topic: text,
  university_id: refId,
  deadline: fc.option(text),
  pages: fc.option(number),
  originality: fc.option(number),
  verification_system_id: refId,
  requirements: text,
  links,
  promo_code: fc.option(text),
  cost: number,
  discount: number,
  price: number,
  is_first_order: fc.constantFrom(0, 1),
  packet_id: fc.option(fc.integer({ min: 1 })),
  created_at: text,
  updated_at: text,
});

describe('ListItemWriter', () => {
  const writer = new ListItemWriter(titles);

  it('writes the bytes of JSON.stringify(toListItem(row)) for any row', () => {
    fc.assert(
      fc.property(row, (r) => {
        expect(writer.item(r)).toBe(JSON.stringify(toListItem(r, titles)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses a status the lifecycle does not know, as toListItem does', () => {
    const r = fc.sample(row, { numRuns: 1, seed: 1 })[0] as ListRow;
    const unknown = { ...r, status_id: 999 };
    expect(() => toListItem(unknown, titles)).toThrow('unknown order status 999');
    expect(() => writer.item(unknown)).toThrow('unknown order status 999');
  });
});
