import type { LoadStatus } from '@cabinet/contract';
import type { FetchStatus, QueryStatus } from '@tanstack/react-query';

/**
 * Maps react-query's two states onto the one generic status of spec §4: a query with no data that
 * is not fetching has not started (`empty`); a retry after an error counts as loading again.
 */
export function toLoadStatus(status: QueryStatus, fetchStatus: FetchStatus): LoadStatus {
  switch (status) {
    case 'success':
      return 'success';
    case 'error':
      return fetchStatus === 'idle' ? 'error' : 'loading';
    case 'pending':
      return fetchStatus === 'idle' ? 'empty' : 'loading';
  }
}
