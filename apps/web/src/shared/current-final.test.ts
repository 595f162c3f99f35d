import { describe, expect, it } from 'vitest';
import { currentFinalId } from './current-final';

const file = (id: number, group: 'final' | 'intermediate' | 'customer', created_at: string) => ({
  id,
  group,
  created_at,
});

describe('currentFinalId', () => {
  it('is the newest final file, whatever the order of the list', () => {
    expect(
      currentFinalId([
        file(3, 'final', '2026-11-20T10:00:00Z'),
        file(9, 'final', '2026-11-25T10:00:00Z'),
        file(5, 'final', '2026-11-22T10:00:00Z'),
        file(12, 'intermediate', '2026-11-27T10:00:00Z'),
      ]),
    ).toBe(9);
  });

  it('takes the higher id between two delivered at the same moment', () => {
    const at = '2026-11-25T10:00:00Z';
    expect(currentFinalId([file(8, 'final', at), file(7, 'final', at)])).toBe(8);
  });

  it('marks nothing with one final file or none', () => {
    expect(currentFinalId([file(1, 'final', '2026-11-20T10:00:00Z')])).toBeNull();
    expect(currentFinalId([file(1, 'intermediate', '2026-11-20T10:00:00Z')])).toBeNull();
  });
});
