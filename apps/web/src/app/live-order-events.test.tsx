import { ORDER_EVENT_KINDS, type OrderEventKind } from '@cabinet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspaceKeys } from '../features/order-workspace/api';
import { payKeys } from '../features/payments/cache';
import { staffKeys } from '../features/staff-orders/api';
import type * as ApiClient from '../shared/api/client';
import { orderKeys } from '../shared/api/get-order';
import { refreshOrderChange } from '../shared/realtime/order-events';
import { RealtimeProvider } from '../shared/realtime/provider';
import { fakeClientOptions } from '../shared/realtime/test-socket';

/**
 * Live order events (ADR 026) against the screens' own cache keys: the socket's module spells the
 * keys out (to stay out of the features' chunks), so a renamed key fails here.
 */

vi.mock('../shared/api/client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiFetch: vi.fn(() => Promise.resolve({ total: 0, orders: [] })),
}));

afterEach(() => {
  vi.useRealTimers();
});

/** Every query a customer's tab may hold about orders 7 and 8, by the screens' own key factories. */
const customerKeys = {
  order: workspaceKeys.order(7),
  files: workspaceKeys.part(7, 'files'),
  timeline: workspaceKeys.part(7, 'timeline'),
  reworks: workspaceKeys.part(7, 'reworks'),
  rework: workspaceKeys.part(7, 'reworks', 3),
  care: workspaceKeys.part(7, 'care'),
  careRequest: workspaceKeys.part(7, 'care', 5),
  chat: workspaceKeys.part(7, 'messages'),
  list: orderKeys.list('active', 1),
  otherList: orderKeys.list('done', 2),
  waiting: payKeys.waiting(1),
  finances: payKeys.finances,
  otherOrder: orderKeys.detail(8),
  otherFiles: workspaceKeys.part(8, 'files'),
} as const;

/** The same for a manager's or an author's tab. */
const staffSideKeys = {
  order: staffKeys.order('7'),
  timeline: staffKeys.orderPart('7', 'timeline'),
  reworks: staffKeys.orderPart('7', 'reworks'),
  rework: staffKeys.orderPart('7', 'rework-3'),
  care: staffKeys.orderPart('7', 'care'),
  careRequest: staffKeys.orderPart('7', 'care-5'),
  queue: staffKeys.queue({ page: 1 } as Parameters<typeof staffKeys.queue>[0]),
  careQueue: [...staffKeys.care('open'), 1],
  performers: staffKeys.performers,
  otherOrder: staffKeys.order('8'),
} as const;

type Keys = Record<string, readonly unknown[]>;

/** Seeds every key as fresh data, refreshes for the change, and names the keys it made stale. */
async function staleAfter<K extends Keys>(
  side: 'customer' | 'staff',
  keys: K,
  kinds: OrderEventKind[],
): Promise<Array<keyof K>> {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of Object.values(keys)) client.setQueryData(key, { seeded: true });
  await refreshOrderChange(client, side, { order_id: 7, kinds });
  return (Object.keys(keys) as Array<keyof K>).filter(
    (name) => client.getQueryState(keys[name] as readonly unknown[])?.isInvalidated,
  );
}

describe('what an order frame refreshes', () => {
  it('on the customer’s side: exactly the queries showing what changed, of that order only', async () => {
    expect(await staleAfter('customer', customerKeys, ['price', 'status', 'timeline'])).toEqual([
      'order',
      'timeline',
      'list',
      'otherList',
      'waiting',
    ]);
    expect(await staleAfter('customer', customerKeys, ['performer'])).toEqual(['order', 'list', 'otherList']);
    expect(await staleAfter('customer', customerKeys, ['files'])).toEqual(['order', 'files']);
    expect(await staleAfter('customer', customerKeys, ['reworks'])).toEqual(['order', 'reworks', 'rework']);
    expect(await staleAfter('customer', customerKeys, ['care'])).toEqual(['order', 'care', 'careRequest']);
    expect(await staleAfter('customer', customerKeys, ['payments'])).toEqual([
      'order',
      'list',
      'otherList',
      'waiting',
      'finances',
    ]);
    // A timeline entry alone leaves the header be.
    expect(await staleAfter('customer', customerKeys, ['timeline'])).toEqual(['timeline']);
  });

  it('on the staff side: the order, its parts and the queue, never the chat or another order', async () => {
    expect(await staleAfter('staff', staffSideKeys, ['status', 'performer', 'timeline'])).toEqual([
      'order',
      'timeline',
      'queue',
    ]);
    // The staff's reworks list the final files held for their answers.
    expect(await staleAfter('staff', staffSideKeys, ['files'])).toEqual(['order', 'reworks', 'rework']);
    expect(await staleAfter('staff', staffSideKeys, ['reworks'])).toEqual(['order', 'reworks', 'rework']);
    expect(await staleAfter('staff', staffSideKeys, ['care'])).toEqual([
      'order',
      'care',
      'careRequest',
      'careQueue',
    ]);
  });

  it('never touches the chat, whose messages come by their own frames', async () => {
    for (const kind of ORDER_EVENT_KINDS) {
      expect(await staleAfter('customer', customerKeys, [kind])).not.toContain('chat');
      expect(await staleAfter('customer', customerKeys, [kind])).not.toContain('otherOrder');
      expect(await staleAfter('customer', customerKeys, [kind])).not.toContain('otherFiles');
      expect(await staleAfter('staff', staffSideKeys, [kind])).not.toContain('otherOrder');
      expect(await staleAfter('staff', staffSideKeys, [kind])).not.toContain('performers');
    }
  });
});

describe('the provider', () => {
  async function mount(side: 'customer' | 'staff') {
    const fake = fakeClientOptions();
    const queries = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const keys = side === 'customer' ? customerKeys : staffSideKeys;
    for (const key of Object.values(keys)) queries.setQueryData(key, { seeded: true });
    render(
      <QueryClientProvider client={queries}>
        <MantineProvider>
          <RealtimeProvider side={side} clientOptions={fake.options}>
            <p>кабинет</p>
          </RealtimeProvider>
        </MantineProvider>
      </QueryClientProvider>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    await vi.dynamicImportSettled();
    await act(async () => {
      await Promise.resolve();
    });
    const accept = () =>
      act(async () => {
        fake.last().accept();
        await Promise.resolve();
      });
    const stale = (key: readonly unknown[]) => queries.getQueryState(key)?.isInvalidated ?? false;
    return { fake, queries, accept, stale };
  }

  it('refreshes on an order frame, and reads every order query once after a reconnect, not at the first connect', async () => {
    vi.useFakeTimers();
    const { fake, accept, stale, queries } = await mount('customer');
    await accept();
    expect(stale(customerKeys.order)).toBe(false);
    await act(async () => {
      fake.last().frame({ type: 'order', payload: { order_id: 7, kinds: ['files'] } });
      await Promise.resolve();
    });
    expect(stale(customerKeys.files)).toBe(true);
    expect(stale(customerKeys.list)).toBe(false);

    for (const key of Object.values(customerKeys)) queries.setQueryData(key, { seeded: true });
    act(() => fake.last().serverClose(1006));
    await act(() => vi.advanceTimersByTimeAsync(250));
    await accept();
    expect(stale(customerKeys.order)).toBe(true);
    expect(stale(customerKeys.otherOrder)).toBe(true);
    expect(stale(customerKeys.list)).toBe(true);
    expect(stale(customerKeys.waiting)).toBe(true);
    expect(stale(customerKeys.finances)).toBe(false);
  });

  it('on the staff side refreshes the staff queries', async () => {
    const { fake, accept, stale } = await mount('staff');
    await accept();
    await act(async () => {
      fake.last().frame({ type: 'order', payload: { order_id: 7, kinds: ['performer'] } });
      await Promise.resolve();
    });
    expect(stale(staffSideKeys.order)).toBe(true);
    expect(stale(staffSideKeys.queue)).toBe(true);
    expect(stale(staffSideKeys.otherOrder)).toBe(false);
  });
});
