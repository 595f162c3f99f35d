import type { StaffOrderListQuery } from '@cabinet/contract';

/**
 * The cache keys of the staff's screens, defined once: the staff's order pages and queues read
 * under them, and the live order events (shared/realtime/order-events.ts) refresh them. Keys only,
 * so that the socket's chunk loads no screen for them.
 */
export const staffKeys = {
  all: ['staff'] as const,
  queues: () => [...staffKeys.all, 'queue'] as const,
  queue: (query: StaffOrderListQuery) => [...staffKeys.queues(), query] as const,
  orders: () => [...staffKeys.all, 'order'] as const,
  order: (id: string) => [...staffKeys.orders(), id] as const,
  orderPart: (id: string, part: string) => [...staffKeys.order(id), part] as const,
  performers: ['staff', 'performers'] as const,
  workTypes: ['staff', 'work-types'] as const,
  cares: () => [...staffKeys.all, 'care'] as const,
  care: (state: string) => [...staffKeys.cares(), state] as const,
};
