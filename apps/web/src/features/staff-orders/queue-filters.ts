import type { StaffOrderListQuery, StaffRole } from '@cabinet/contract';

/**
 * The queue's filters live in the address (`/staff/orders?status=4&q=…&page=2`), so a reload, a
 * shared link and Back keep them. Unknown or malformed values are dropped, never sent.
 */
export interface QueueFilters {
  status: number | null;
  deadlineFrom: string | null;
  deadlineTo: string | null;
  assigned: 'yes' | 'no' | null;
  workType: number | null;
  q: string;
  page: number;
}

export const EMPTY_FILTERS: QueueFilters = {
  status: null,
  deadlineFrom: null,
  deadlineTo: null,
  assigned: null,
  workType: null,
  q: '',
  page: 1,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

const day = (value: string | null) => (value && DAY.test(value) ? value : null);

export function filtersFromSearch(search: string | URLSearchParams): QueueFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const assigned = params.get('assigned');
  return {
    status: positiveInt(params.get('status')),
    deadlineFrom: day(params.get('deadline_from')),
    deadlineTo: day(params.get('deadline_to')),
    assigned: assigned === 'yes' || assigned === 'no' ? assigned : null,
    workType: positiveInt(params.get('work_type')),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The address query of the filters: only what is set, page 1 left out. */
export function searchFromFilters(filters: QueueFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== null) params.set('status', String(filters.status));
  if (filters.deadlineFrom) params.set('deadline_from', filters.deadlineFrom);
  if (filters.deadlineTo) params.set('deadline_to', filters.deadlineTo);
  if (filters.assigned) params.set('assigned', filters.assigned);
  if (filters.workType !== null) params.set('work_type', String(filters.workType));
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** A change of any filter but the page starts again from page 1. */
export function withFilter(filters: QueueFilters, change: Partial<Omit<QueueFilters, 'page'>>): QueueFilters {
  return { ...filters, ...change, page: 1 };
}

/** The API query (`GET /api/staff/orders/`): an author's queue is sorted by deadline. */
export function apiQueryOf(filters: QueueFilters, role: StaffRole | undefined): StaffOrderListQuery {
  const query: StaffOrderListQuery = { page: filters.page };
  if (filters.status !== null) query.status = filters.status;
  if (filters.deadlineFrom) query.deadline_from = filters.deadlineFrom;
  if (filters.deadlineTo) query.deadline_to = filters.deadlineTo;
  if (filters.assigned) query.assigned = filters.assigned;
  if (filters.workType !== null) query.work_type = filters.workType;
  if (filters.q) query.q = filters.q;
  if (role === 'performer') query.sort = 'deadline';
  return query;
}

export function apiSearchOf(query: StaffOrderListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}
