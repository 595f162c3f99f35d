import { describe, expect, it } from 'vitest';
import { ORDER_COLUMNS, orderRowOf } from './repo';

describe('orderRowOf', () => {
  it('names every column of a raw row in the order the reader selects them', () => {
    const row = orderRowOf(ORDER_COLUMNS.map((column) => `value of ${column}`));
    expect(Object.keys(row)).toEqual(ORDER_COLUMNS);
    for (const column of ORDER_COLUMNS) expect(row[column]).toBe(`value of ${column}`);
  });
});
