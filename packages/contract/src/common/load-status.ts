/** The generic load status of spec §4, reported by every store and data hook. */
export type LoadStatus = 'empty' | 'loading' | 'success' | 'error';
