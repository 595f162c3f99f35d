/** The generic load status of spec §4, reported by every store and data hook. */
export const LOAD_STATUSES = ['empty', 'loading', 'success', 'error'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];
