import { describe, expect, it } from 'vitest';
import {
  apiQueryOf,
  apiSearchOf,
  EMPTY_FILTERS,
  filtersFromSearch,
  searchFromFilters,
  withFilter,
} from './queue-filters';

describe('queue filters ↔ the address', () => {
  it('reads every filter from the query', () => {
    expect(
      filtersFromSearch(
        '?status=4&deadline_from=2026-11-01&deadline_to=2026-11-30&assigned=no&work_type=3&q=%20курсовая%20&page=2',
      ),
    ).toEqual({
      status: 4,
      deadlineFrom: '2026-11-01',
      deadlineTo: '2026-11-30',
      assigned: 'no',
      workType: 3,
      q: 'курсовая',
      page: 2,
    });
  });

  it('drops malformed values instead of sending them', () => {
    expect(
      filtersFromSearch('?status=abc&deadline_from=01.11.2026&assigned=maybe&work_type=-1&page=0'),
    ).toEqual(EMPTY_FILTERS);
  });

  it('writes only what is set, page 1 left out, and reads back the same filters', () => {
    const filters = { ...EMPTY_FILTERS, status: 6, assigned: 'yes' as const, q: 'эконом', page: 3 };
    const search = searchFromFilters(filters);
    expect(search).toBe('status=6&assigned=yes&q=%D1%8D%D0%BA%D0%BE%D0%BD%D0%BE%D0%BC&page=3');
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(searchFromFilters(EMPTY_FILTERS)).toBe('');
  });

  it('changing a filter goes back to page 1', () => {
    const next = withFilter({ ...EMPTY_FILTERS, page: 4 }, { status: 2 });
    expect(next).toEqual({ ...EMPTY_FILTERS, status: 2, page: 1 });
    expect(searchFromFilters(next)).toBe('status=2');
  });
});

describe('the API query', () => {
  it('carries the filters under the contract names', () => {
    const filters = filtersFromSearch('?status=4&deadline_to=2026-12-01&work_type=2&q=7&page=2');
    expect(apiSearchOf(apiQueryOf(filters, 'manager'))).toBe(
      'page=2&status=4&deadline_to=2026-12-01&work_type=2&q=7',
    );
  });

  it('sorts an author’s queue by deadline', () => {
    expect(apiQueryOf(EMPTY_FILTERS, 'performer')).toEqual({ page: 1, sort: 'deadline' });
    expect(apiQueryOf(EMPTY_FILTERS, 'manager')).toEqual({ page: 1 });
  });
});
