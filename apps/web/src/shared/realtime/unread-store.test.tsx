import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  getUnreadSnapshot,
  replaceUnread,
  resetUnread,
  setOrderUnread,
  unreadMark,
  useLiveOrderUnread,
  useOrderUnread,
  useUnreadTotal,
} from './unread-store';

afterEach(() => resetUnread());

describe('the unread store', () => {
  it('takes the endpoint answer, leaving out orders at 0', () => {
    replaceUnread(5, [
      { order_id: 7, unread: 3 },
      { order_id: 8, unread: 2 },
      { order_id: 9, unread: 0 },
    ]);
    const { total, byOrder, loaded } = getUnreadSnapshot();
    expect({ total, loaded, orders: [...byOrder] }).toEqual({
      total: 5,
      loaded: true,
      orders: [
        [7, 3],
        [8, 2],
      ],
    });
  });

  it('moves the total by the difference when no total is given', () => {
    replaceUnread(5, [
      { order_id: 7, unread: 3 },
      { order_id: 8, unread: 2 },
    ]);
    setOrderUnread(7, 0);
    expect(getUnreadSnapshot().total).toBe(2);
    expect(getUnreadSnapshot().byOrder.has(7)).toBe(false);
    setOrderUnread(9, 4);
    expect(getUnreadSnapshot().total).toBe(6);
    setOrderUnread(9, 1);
    expect(getUnreadSnapshot().total).toBe(3);
  });

  it("takes the server's total as it is when given", () => {
    replaceUnread(1, [{ order_id: 7, unread: 1 }]);
    setOrderUnread(8, 2, 10);
    expect(getUnreadSnapshot().total).toBe(10);
    expect(getUnreadSnapshot().byOrder.get(8)).toBe(2);
  });

  it('keeps what moved while a load was in flight over the older answer', () => {
    setOrderUnread(6, 1); // before the load: the answer knows about it
    const since = unreadMark();
    setOrderUnread(7, 0); // read while the request was on its way
    setOrderUnread(9, 2); // a new message meanwhile
    replaceUnread(
      8,
      [
        { order_id: 6, unread: 1 },
        { order_id: 7, unread: 4 },
        { order_id: 8, unread: 3 },
      ],
      since,
    );
    const { total, byOrder } = getUnreadSnapshot();
    expect({ total, orders: Object.fromEntries(byOrder) }).toEqual({
      total: 6,
      orders: { 6: 1, 8: 3, 9: 2 },
    });
  });

  it('never goes below zero', () => {
    setOrderUnread(7, 0);
    setOrderUnread(8, -3);
    expect(getUnreadSnapshot().total).toBe(0);
  });

  it('keeps the same snapshot when nothing changed', () => {
    replaceUnread(3, [{ order_id: 7, unread: 3 }]);
    const before = getUnreadSnapshot();
    setOrderUnread(7, 3);
    setOrderUnread(7, 3, 3);
    expect(getUnreadSnapshot()).toBe(before);
  });

  it('forgets everything on reset', () => {
    replaceUnread(3, [{ order_id: 7, unread: 3 }]);
    resetUnread();
    expect(getUnreadSnapshot()).toMatchObject({ total: 0, loaded: false });
  });

  it('re-renders the components that read it', () => {
    function Probe() {
      const total = useUnreadTotal();
      const seven = useOrderUnread(7);
      const live = useLiveOrderUnread(8);
      return <p>{`total ${total}, order 7: ${seven}, order 8: ${live ?? 'unknown'}`}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('total 0, order 7: 0, order 8: unknown')).toBeInTheDocument();
    act(() => replaceUnread(3, [{ order_id: 7, unread: 3 }]));
    expect(screen.getByText('total 3, order 7: 3, order 8: 0')).toBeInTheDocument();
    act(() => setOrderUnread(8, 2, 5));
    expect(screen.getByText('total 5, order 7: 3, order 8: 2')).toBeInTheDocument();
  });
});
