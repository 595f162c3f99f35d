import { describe, expect, it } from 'vitest';
import {
  decideManagerRoute,
  decideStaffIndex,
  decideStaffLogin,
  decideStaffRoute,
  staffRedirectTarget,
} from './guards';

const to = (target: string) => ({ kind: 'redirect', to: target });
const CONTINUE = { kind: 'continue' };

describe('decideStaffRoute', () => {
  it.each([
    ['/staff/orders', '', false, to('/staff/login?redirect=%2Fstaff%2Forders')],
    [
      '/staff/orders',
      '?status=4&page=2',
      false,
      to('/staff/login?redirect=%2Fstaff%2Forders%3Fstatus%3D4%26page%3D2'),
    ],
    ['/staff/orders/7', '', false, to('/staff/login?redirect=%2Fstaff%2Forders%2F7')],
    ['/staff/orders', '?status=4', true, CONTINUE],
    ['/staff/care', '', true, CONTINUE],
  ])('%s%s signed in: %s', (path, search, signedIn, decision) => {
    expect(decideStaffRoute(path, search, signedIn)).toEqual(decision);
  });
});

describe('decideStaffLogin', () => {
  it.each([
    ['', false, CONTINUE],
    ['?redirect=%2Fstaff%2Forders%2F7', false, CONTINUE],
    ['', true, to('/staff/orders')],
    ['?redirect=%2Fstaff%2Forders%2F7', true, to('/staff/orders/7')],
    ['?redirect=%2Fstaff%2Forders%3Fstatus%3D4', true, to('/staff/orders?status=4')],
  ])('%s signed in %s → %j', (search, signedIn, decision) => {
    expect(decideStaffLogin(search, signedIn)).toEqual(decision);
  });
});

describe('staffRedirectTarget: only staff screens of this site', () => {
  it.each([
    ['?redirect=/staff/care', '/staff/care'],
    ['?redirect=/staff/orders/12?x=1#files', '/staff/orders/12?x=1#files'],
    ['', '/staff/orders'],
    // The customer's cabinet, other hosts and the sign-in itself lead to the queue.
    ['?redirect=/home/active', '/staff/orders'],
    ['?redirect=https://evil.example/staff/orders', '/staff/orders'],
    ['?redirect=//evil.example/staff/orders', '/staff/orders'],
    ['?redirect=/\\evil.example/staff/orders', '/staff/orders'],
    ['?redirect=/staff/login', '/staff/orders'],
    ['?redirect=/staff/logout/', '/staff/orders'],
    ['?redirect=/staff', '/staff/orders'],
  ])('%s → %s', (search, target) => {
    expect(staffRedirectTarget(search)).toBe(target);
  });
});

describe('decideStaffIndex and decideManagerRoute', () => {
  it('/staff opens the queue, or the sign-in leading to it', () => {
    expect(decideStaffIndex(true)).toEqual(to('/staff/orders'));
    expect(decideStaffIndex(false)).toEqual(to('/staff/login?redirect=%2Fstaff%2Forders'));
  });

  it('the care queue is for managers; an author lands on their queue', () => {
    expect(decideManagerRoute('manager')).toEqual(CONTINUE);
    expect(decideManagerRoute('performer')).toEqual(to('/staff/orders'));
    expect(decideManagerRoute(undefined)).toEqual(to('/staff/orders'));
  });
});
