import { describe, expect, it } from 'vitest';
import { LIST_COLUMNS, listRowOf } from './repo';

describe('listRowOf', () => {
  it('names every column of a raw row in the order the reader selects them', () => {
    const row = listRowOf(LIST_COLUMNS.map((column) => `value of ${column}`));
    expect(Object.keys(row)).toEqual(LIST_COLUMNS);
    for (const column of LIST_COLUMNS) expect(row[column]).toBe(`value of ${column}`);
  });
});
