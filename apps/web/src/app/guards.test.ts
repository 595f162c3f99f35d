import { describe, expect, it } from 'vitest';
import {
  decideCabinetRoute,
  decideHomeTab,
  decideIndexRedirect,
  decideLoadedOrder,
  decidePublicRoute,
  decideRootRoute,
  decideRouteId,
  decideSocialsEmailAuth,
  decideWithdraw,
  parsePaymentResultStatus,
} from './guards';

const go = (to: string) => ({ kind: 'redirect', to });
const CONTINUE = { kind: 'continue' };
const enc = encodeURIComponent;

describe('decideCabinetRoute (spec §2, §6)', () => {
  it.each([
    ['customer continues', '/profile', '', true, CONTINUE],
    ['customer continues with a query', '/withdraw', '?amountInit=5', true, CONTINUE],
    ['customer: al dropped once start-up used it', '/bonus', '?al=tok&x=1', true, go('/bonus?x=1')],
    ['visitor, path without query', '/profile', '', false, go(`/login?redirect=${enc('/profile')}`)],
    [
      'visitor, path with query',
      '/order/5/tip',
      '?tip=100',
      false,
      go(`/login?redirect=${enc('/order/5/tip?tip=100')}`),
    ],
    [
      'visitor: al and msg removed from the way back, msg passed along',
      '/home/active',
      '?al=bad&msg=hello&x=1',
      false,
      go(`/login?redirect=${enc('/home/active?x=1')}&msg=hello`),
    ],
    [
      'visitor: an existing redirect query is carried over unchanged',
      '/profile',
      '?redirect=%2Fbonus&msg=m',
      false,
      go('/login?redirect=%2Fbonus&msg=m'),
    ],
  ])('%s', (_name, path, search, isAuthenticated, expected) => {
    expect(decideCabinetRoute(path, search, isAuthenticated)).toEqual(expected);
  });
});

describe('decidePublicRoute (spec §6)', () => {
  it.each([
    ['visitor continues', '/login', '', false, CONTINUE],
    ['visitor: al dropped', '/registration', '?al=used', false, go('/registration')],
    ['customer goes Home', '/login', '', true, go('/home/active')],
    [
      'customer goes Home with msg',
      '/restore',
      '?msg=Готово&a=1',
      true,
      go(`/home/active?msg=${enc('Готово')}`),
    ],
    ['customer may see /payment', '/payment', '?status=success', true, CONTINUE],
    ['customer may see /404', '/404', '', true, CONTINUE],
    ['customer may see /429', '/429/', '', true, CONTINUE],
  ])('%s', (_name, path, search, isAuthenticated, expected) => {
    expect(decidePublicRoute(path, search, isAuthenticated)).toEqual(expected);
  });
});

describe('decideRootRoute (spec §2: / redirects to Home)', () => {
  it.each([
    ['customer', '', true, go('/home/active')],
    ['customer with msg', '?msg=hi&al=t', true, go('/home/active?msg=hi')],
    ['visitor: no redirect from the root path', '', false, go('/login')],
    ['visitor keeps msg', '?al=bad&msg=hi', false, go('/login?msg=hi')],
  ])('%s', (_name, search, isAuthenticated, expected) => {
    expect(decideRootRoute(search, isAuthenticated)).toEqual(expected);
  });
});

describe('decideHomeTab (spec §2)', () => {
  it.each([
    ['active', CONTINUE],
    ['archive', CONTINUE],
    ['done', CONTINUE],
    ['trash', go('/404')],
    ['', go('/404')],
    [undefined, go('/home/active')],
  ])('%s', (tab, expected) => {
    expect(decideHomeTab(tab)).toEqual(expected);
  });
});

describe('order, certificate, withdraw, payment and social guards (spec §4, §5)', () => {
  it('no id goes Home', () => {
    expect(decideRouteId(undefined)).toEqual(go('/home/active'));
    expect(decideRouteId('')).toEqual(go('/home/active'));
    expect(decideRouteId('12')).toEqual(CONTINUE);
  });

  it('a trashed order opens the archive tab', () => {
    expect(decideLoadedOrder({ trash: { is_trash: true } })).toEqual(go('/home/archive'));
    expect(decideLoadedOrder({ trash: { is_trash: false } })).toEqual(CONTINUE);
  });

  it.each([
    ['verified', { success: true, verified: true }, CONTINUE],
    ['verified by status', { success: true, status: 'verified' as const }, CONTINUE],
    ['requested', { success: true, verified: false, status: 'requested' as const }, go('/payments/balance')],
    ['unsuccessful check', { success: false, verified: true }, go('/payments/balance')],
    ['check failed', undefined, go('/payments/balance')],
  ])('withdraw: %s', (_name, status, expected) => {
    expect(decideWithdraw(status)).toEqual(expected);
  });

  it.each([
    ['?status=success', 'success'],
    ['?status=fail', 'fail'],
    ['?status=pending', null],
    ['', null],
  ])('payment result %s', (search, expected) => {
    expect(parsePaymentResultStatus(search)).toBe(expected);
  });

  it.each([
    ['?token=abc', CONTINUE],
    ['?token=', go('/404')],
    ['?token=%20', go('/404')],
    ['', go('/404')],
  ])('socials e-mail %s', (search, expected) => {
    expect(decideSocialsEmailAuth(search)).toEqual(expected);
  });

  it('index redirects keep the query', () => {
    expect(decideIndexRedirect('/payments/pay', '?msg=x')).toEqual(go('/payments/pay?msg=x'));
  });
});
